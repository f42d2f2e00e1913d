// The one mapper of places in code (core/code/codePlaces.ts) onto the workspace's folders, and
// Open Code Location. A place's path comes from logs: it is data, mapped to a file only inside a
// workspace folder, by `axiom.sourcePaths` first (prefix → folder name or relative path), then by
// the longest suffix of it that exists in a folder. Nothing outside the folders is ever returned:
// each candidate is checked after it was resolved (symbolic links too); `..` is never followed and
// nothing is run.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { normalisePath, readPlace, type CodePlace } from '../core/code/codePlaces';
import { localize } from './l10n';
import type { Log } from './log';

/** The setting that maps the paths written in logs to the workspace: `{ "/app": "api" }`. */
export const SOURCE_PATHS_SETTING = 'sourcePaths';
/** How many files of the place's name the suffix search looks at. */
const MAX_CANDIDATES = 20;

/** Where a place is in the workspace, or one sentence saying why it is nowhere. */
export type Resolution = { readonly uri: vscode.Uri } | { readonly reason: string };

export interface ResolveOptions {
  /** Ask which file when two match equally well (and offer to remember it); otherwise the first. */
  readonly ask?: boolean;
}

/** The file of the workspace a place is in, or why none is. */
export async function resolvePlace(place: CodePlace, options: ResolveOptions = {}): Promise<Resolution> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) return { reason: localize('Open a folder to open code locations from Axiom in it.') };
  const written = normalisePath(place.path);
  if (!written) return { reason: localize('"{0}" is not a path that can be opened.', place.path) };
  const fromSettings = await throughSettings(written, folders);
  if (fromSettings) return { uri: fromSettings };
  const direct = await directly(written, folders);
  if (direct) return { uri: direct };
  return bySuffix(written, folders, options.ask ?? false);
}

/**
 * Open Code Location: opens the file a place is in, at its line and column. Its argument comes from
 * anywhere (a results page, another extension, a `command:` link) and is read as plain data; no
 * question is asked first, because it only opens, read-only, a file already inside the workspace
 * (resolvePlace never maps outside the folders, nor follows `..`), which changes nothing.
 */
export async function openCodePlace(
  argument: unknown,
  log?: Pick<Log, 'info'>,
): Promise<vscode.TextEditor | undefined> {
  const place = readPlace(argument);
  if (!place) {
    log?.info('open code location: the argument is not a place in code (or its path climbs); nothing opened');
    void vscode.window.showWarningMessage(localize('That is not a place in code (a path, a line and a column).'));
    return undefined;
  }
  const resolution = await resolvePlace(place, { ask: true });
  if ('reason' in resolution) {
    log?.info(`open code location: ${JSON.stringify(place.path)} maps to no file of the workspace folders`);
    void vscode.window.showWarningMessage(resolution.reason);
    return undefined;
  }
  const line = Math.max(0, (place.line ?? 1) - 1);
  const column = Math.max(0, (place.column ?? 1) - 1);
  const at = new vscode.Position(line, column);
  return vscode.window.showTextDocument(resolution.uri, { selection: new vscode.Range(at, at), preview: true });
}

/** Where a place is in the workspace, in words for a link's hover: "In the workspace: src/x.ts"
 *  (the file it opens), or why it opens nothing. Asks nothing. */
export async function describePlace(place: CodePlace): Promise<string> {
  const resolution = await resolvePlace(place);
  return 'uri' in resolution
    ? localize(
        'In the workspace: {0}',
        // The folder's name only where there are several.
        vscode.workspace.asRelativePath(resolution.uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1),
      )
    : resolution.reason;
}

/** The settings' mapping, longest prefix first; undefined when none applies or its file is absent. */
async function throughSettings(
  written: string,
  folders: readonly vscode.WorkspaceFolder[],
): Promise<vscode.Uri | undefined> {
  const mapping = vscode.workspace.getConfiguration('axiom').get<unknown>(SOURCE_PATHS_SETTING);
  if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) return undefined;
  const prefixes = Object.entries(mapping as Record<string, unknown>)
    .flatMap(([prefix, target]) => {
      const from = normalisePath(prefix)?.replace(/\/+$/, '');
      return from !== undefined && typeof target === 'string' ? [{ from, target }] : [];
    })
    .sort((a, b) => b.from.length - a.from.length);
  for (const { from, target } of prefixes) {
    if (from !== '' && written !== from && !written.startsWith(`${from}/`)) continue;
    const rest = written.slice(from.length).replace(/^\/+/, '');
    const base = targetFolder(target, folders);
    if (!base) continue;
    const uri = await inside(vscode.Uri.joinPath(base.uri, ...base.segments, ...segmentsOf(rest)), folders);
    if (uri) return uri;
  }
  return undefined;
}

/** A setting's target: a folder's name, optionally followed by a path in it, or a path relative to
 *  the first folder. Undefined for an absolute path or one that climbs. */
function targetFolder(
  target: string,
  folders: readonly vscode.WorkspaceFolder[],
): { uri: vscode.Uri; segments: string[] } | undefined {
  const normal = normalisePath(target);
  if (normal === undefined || normal.startsWith('/') || /^[A-Za-z]:/.test(normal)) return undefined;
  const segments = segmentsOf(normal);
  const named = folders.find((f) => f.name === segments[0]);
  if (named) return { uri: named.uri, segments: segments.slice(1) };
  return { uri: folders[0].uri, segments };
}

/** A path written as an absolute path inside a folder (the program ran from the workspace). */
async function directly(written: string, folders: readonly vscode.WorkspaceFolder[]): Promise<vscode.Uri | undefined> {
  for (const folder of folders) {
    const root = folder.uri.path.replace(/\/+$/, '');
    if (folder.uri.scheme === 'file' && written.startsWith(`${root}/`)) {
      const uri = await inside(folder.uri.with({ path: written }), folders);
      if (uri) return uri;
    }
  }
  return undefined;
}

/** The files of the place's name whose paths end with the longest part of the written path. */
async function bySuffix(
  written: string,
  folders: readonly vscode.WorkspaceFolder[],
  ask: boolean,
): Promise<Resolution> {
  const wanted = segmentsOf(written);
  const name = wanted[wanted.length - 1];
  if (!name || /[*?[\]{}!]/.test(name)) return { reason: localize('No file of the workspace matches "{0}".', written) };
  const found = await vscode.workspace.findFiles(`**/${name}`, undefined, MAX_CANDIDATES);
  let best: { uri: vscode.Uri; matched: number }[] = [];
  for (const candidate of found) {
    const folder = vscode.workspace.getWorkspaceFolder(candidate);
    if (!folder) continue;
    const matched = sharedSuffix(wanted, segmentsOf(path.posix.relative(folder.uri.path, candidate.path)));
    if (matched === 0) continue;
    if (best.length === 0 || matched > best[0].matched) best = [{ uri: candidate, matched }];
    else if (matched === best[0].matched) best.push({ uri: candidate, matched });
  }
  const checked: { uri: vscode.Uri; matched: number }[] = [];
  for (const candidate of best) {
    const uri = await inside(candidate.uri, folders);
    if (uri) checked.push({ uri, matched: candidate.matched });
  }
  if (checked.length === 0) return { reason: localize('No file of the workspace matches "{0}".', written) };
  if (checked.length === 1 || !ask) return { uri: checked[0].uri };
  return choose(written, checked);
}

/** Two files match equally: the person chooses, and may keep the choice in `axiom.sourcePaths`. */
async function choose(written: string, candidates: { uri: vscode.Uri; matched: number }[]): Promise<Resolution> {
  const picked = await vscode.window.showQuickPick(
    candidates.map((c) => ({ label: vscode.workspace.asRelativePath(c.uri, true), candidate: c })),
    { placeHolder: localize('Which file is "{0}"?', written) },
  );
  if (!picked) return { reason: localize('No file chosen for "{0}".', written) };
  const { uri, matched } = picked.candidate;
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  const wanted = segmentsOf(written);
  const prefix = written.slice(0, written.length - wanted.slice(-matched).join('/').length).replace(/\/+$/, '');
  if (folder && prefix) {
    const relative = segmentsOf(path.posix.relative(folder.uri.path, uri.path));
    const target = [folder.name, ...relative.slice(0, relative.length - matched)].join('/');
    const remember = localize('Remember');
    const answer = await vscode.window.showInformationMessage(
      localize('Open files under "{0}" from "{1}" from now on?', prefix, target),
      remember,
    );
    if (answer === remember) {
      const config = vscode.workspace.getConfiguration('axiom');
      const mapping = config.get<unknown>(SOURCE_PATHS_SETTING);
      const current = typeof mapping === 'object' && mapping !== null && !Array.isArray(mapping) ? mapping : {};
      await config.update(SOURCE_PATHS_SETTING, { ...current, [prefix]: target }, vscode.ConfigurationTarget.Workspace);
    }
  }
  return { uri };
}

/** The uri when the file exists and, its links resolved, is inside a workspace folder. */
async function inside(uri: vscode.Uri, folders: readonly vscode.WorkspaceFolder[]): Promise<vscode.Uri | undefined> {
  if (segmentsOf(uri.path).includes('..')) return undefined;
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (!(stat.type & vscode.FileType.File)) return undefined;
  } catch {
    return undefined;
  }
  for (const folder of folders) {
    if (folder.uri.scheme !== uri.scheme || folder.uri.authority !== uri.authority) continue;
    if (uri.scheme !== 'file') {
      if (uri.path.startsWith(`${folder.uri.path.replace(/\/+$/, '')}/`)) return uri;
      continue;
    }
    // A symbolic link may point anywhere: compare where both really are.
    const [real, root] = await Promise.all([realPath(uri.fsPath), realPath(folder.uri.fsPath)]);
    if (real && root && real.startsWith(root.endsWith(path.sep) ? root : root + path.sep)) return uri;
  }
  return undefined;
}

async function realPath(fsPath: string): Promise<string | undefined> {
  try {
    return await fs.realpath(fsPath);
  } catch {
    return undefined;
  }
}

function segmentsOf(written: string): string[] {
  return written.split('/').filter((s) => s !== '' && s !== '.');
}

/** How many trailing segments two paths share. */
function sharedSuffix(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}
