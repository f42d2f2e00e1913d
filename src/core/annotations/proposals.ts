// What Add Annotation proposes. From a commit, for a deploy: its subject as the title, and its web
// address when the remote is on a host whose commit pages are known (GitHub, GitLab, Bitbucket);
// the VS Code side reads the commit through the built-in Git extension's API. And the types used
// before: the person's most recent first, then those the organisation's annotations use, the most
// used first.

/** The hosts whose commit pages have a known address, and its form. */
const COMMIT_PAGES: Readonly<Record<string, (repository: string, hash: string) => string>> = {
  'github.com': (repository, hash) => `https://github.com/${repository}/commit/${hash}`,
  'gitlab.com': (repository, hash) => `https://gitlab.com/${repository}/-/commit/${hash}`,
  'bitbucket.org': (repository, hash) => `https://bitbucket.org/${repository}/commits/${hash}`,
};

/** The host and the repository's path of a remote's address: https, ssh:// or scp-like `git@host:path`. */
function remoteParts(remote: string): { host: string; repository: string } | undefined {
  const text = remote.trim();
  const scpLike = /^[\w.-]+@([\w.-]+):(?!\/)(.+)$/.exec(text);
  let host: string;
  let path: string;
  if (scpLike) {
    host = scpLike[1];
    path = scpLike[2];
  } else {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return undefined;
    }
    if (!['https:', 'http:', 'ssh:', 'git:'].includes(url.protocol)) return undefined;
    host = url.hostname;
    path = url.pathname;
  }
  const repository = path
    .replace(/^\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\.git$/, '');
  // owner/name at least; GitLab's groups may nest deeper.
  if (!/^[\w.-]+(\/[\w.-]+)+$/.test(repository)) return undefined;
  return { host: host.toLowerCase().replace(/^www\./, ''), repository };
}

/** The commit's web page, when the remote is on a known host and the hash is a commit's. */
export function commitWebUrl(remote: string | undefined, hash: string): string | undefined {
  if (!remote || !/^[0-9a-f]{7,64}$/i.test(hash)) return undefined;
  const parts = remoteParts(remote);
  const page = parts && COMMIT_PAGES[parts.host];
  return page && parts ? page(parts.repository, hash) : undefined;
}

/** A commit message's subject: its first line, trimmed, within `longest` characters. */
export function commitSubject(message: string, longest: number): string {
  const subject = message.split(/\r?\n/, 1)[0].trim();
  return subject.length > longest ? `${subject.slice(0, longest - 1)}…` : subject;
}

/** The most recently used types first, each once, at most `keep`. */
export function rememberedTypes(recent: readonly string[], used: string, keep = 8): string[] {
  return [used, ...recent.filter((type) => type !== used)].slice(0, keep);
}

/** The types to offer: the person's recent ones, then the types `used` by the annotations the
 *  service holds (the most used first, a tie by name), each once, at most `keep`. */
export function typesOffered(recent: readonly string[], used: readonly { type?: string }[], keep = 12): string[] {
  const counts = new Map<string, number>();
  for (const { type } of used) if (type) counts.set(type, (counts.get(type) ?? 0) + 1);
  const byUse = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([type]) => type);
  return [...new Set([...recent, ...byUse])].slice(0, keep);
}
