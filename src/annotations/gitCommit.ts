// The workspace's current commit, read through VS Code's built-in Git extension (its API, version 1):
// the extension never runs git itself. Nothing when Git is off, absent, or the workspace is no
// repository.
import * as vscode from 'vscode';
import { LONGEST } from '../core/api/annotations';
import { commitSubject, commitWebUrl } from '../core/annotations/proposals';

/** The little of the Git extension's API (git.d.ts, version 1) this reads. */
interface GitApi {
  readonly repositories: readonly GitRepository[];
  getRepository(uri: vscode.Uri): GitRepository | null;
}

interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: {
    readonly HEAD: { readonly commit?: string } | undefined;
    readonly remotes: readonly { readonly name: string; readonly fetchUrl?: string; readonly pushUrl?: string }[];
  };
  getCommit(ref: string): Promise<{ readonly hash: string; readonly message: string }>;
}

interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

/** What a deploy annotation takes from the current commit. */
export interface CommitFacts {
  subject: string;
  hash: string;
  /** The commit's page, when the remote is on a known host. */
  url?: string;
}

/** The repository of the active editor's file, else the workspace's first. */
function currentRepository(git: GitApi): GitRepository | undefined {
  const active = vscode.window.activeTextEditor?.document.uri;
  return (active && git.getRepository(active)) || git.repositories[0];
}

/** The current commit's facts, or undefined (no Git, no repository, no commit, or Git failed). */
export async function currentCommit(): Promise<CommitFacts | undefined> {
  try {
    const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
    if (!extension) return undefined;
    const exports = extension.isActive ? extension.exports : await extension.activate();
    if (!exports.enabled) return undefined;
    const repository = currentRepository(exports.getAPI(1));
    const hash = repository?.state.HEAD?.commit;
    if (!repository || !hash) return undefined;
    const commit = await repository.getCommit(hash);
    const remotes = repository.state.remotes;
    const remote = remotes.find((r) => r.name === 'origin') ?? remotes[0];
    return {
      subject: commitSubject(commit.message, LONGEST.title),
      hash,
      url: commitWebUrl(remote?.fetchUrl ?? remote?.pushUrl, hash),
    };
  } catch {
    return undefined;
  }
}
