// The commands on a starred query's row: open, copy, open in Axiom, rename, delete; and compare
// an open one with Axiom's version.
import * as vscode from 'vscode';
import type { StarredQuery } from '../core/api/starred';
import { queryLink } from '../core/links';
import { phrase } from '../core/phrase';
import type { StarredRow } from '../core/starred/starredTree';
import { STARRED_SCHEME } from '../core/starred/starredUri';
import { bodyWithName } from '../core/starred/writeBack';
import { withClient, type ClientAccess } from '../platform/clientAccess';
import { confirm } from '../platform/confirm';
import { load } from '../platform/lazy';
import type { Log } from '../platform/log';
import { copyQueryText } from '../platform/openQuery';
import { openAppPage, type Deployments } from '../platform/webApp';
import type { StarredFiles } from './starredFiles';
import type { StarredView } from './starredView';
import { localize } from '../platform/l10n';

/** What a row command acts on: the row, as a menu, a click and the inline button hand it; or,
 *  for scripts and tests, a query's id. */
export type StarredTarget = StarredRow | { id: string };

export interface RenameArgs {
  /** The new name, instead of asking. */
  name?: string;
}

export interface DeleteArgs {
  /** Already confirmed: no question. */
  confirmed?: boolean;
}

interface Deps {
  connection: ClientAccess;
  log: Log;
  view: StarredView;
  files: StarredFiles;
  deployments: Deployments;
}

export function starredCommands(deps: Deps) {
  const { view, files } = deps;

  /** The query a command acts on: the row's, or the one in hand of that id, or else Axiom's. */
  async function queryOf(arg: unknown): Promise<StarredQuery | undefined> {
    const target = arg as Partial<StarredRow> & { id?: unknown };
    if (typeof target !== 'object' || target === null) return undefined;
    if (target.kind === 'query' && target.query) return target.query;
    if (typeof target.id !== 'string') return undefined;
    const id = target.id;
    return (
      view.queryById(id) ??
      (await withClient(
        deps.connection,
        { doing: phrase('Reading the starred query {0}', id), log: deps.log },
        async (client) => (await client.getStarredQuery(id)).query,
      ))
    );
  }

  /**
   * The query a changing command (rename, delete) acts on, and whether the person was asked: a row
   * of the view acts as it is. Any other argument came from outside the extension (copied to plain
   * data at the door, platform/outsideCallers.ts): only its id is taken, the query is read from
   * Axiom by it, and the person is asked once, shown Axiom's name and id, never the caller's words.
   */
  async function queryToChange(
    arg: unknown,
    command: 'renameStarredQuery' | 'deleteStarredQuery',
    then?: { detail: string; action: string },
  ): Promise<{ query: StarredQuery; asked: boolean } | undefined> {
    const target = arg as (Partial<StarredRow> & { id?: unknown }) | undefined;
    if (target?.kind === 'query' && target.query && view.currentQueries.includes(target.query))
      return { query: target.query, asked: false };
    const id = typeof target?.id === 'string' ? target.id : target?.query?.id;
    if (typeof id !== 'string') return undefined;
    const query = await withClient(
      deps.connection,
      { doing: phrase('Reading the starred query {0}', id), log: deps.log },
      async (client) => (await client.getStarredQuery(id)).query,
    );
    if (!query || !(await load('outsideQuestion').askAboutRecord(command, query, then))) return undefined;
    return { query, asked: true };
  }

  /** Delete as it is given: a row of the view asks its question; anything else is asked about once (queryToChange). */
  async function deleteGiven(arg?: unknown): Promise<boolean> {
    const target = await queryToChange(arg, 'deleteStarredQuery', {
      detail: localize('It is deleted in Axiom, for everyone who can see it. This cannot be undone.'),
      action: localize('Delete'),
    });
    return target ? remove({ id: target.query.id, confirmed: target.asked }) : false;
  }

  /** Rename as it is given: a name from outside is shown in the one question before anything changes. */
  async function renameGiven(arg?: unknown): Promise<StarredQuery | undefined> {
    const given = (arg as RenameArgs | undefined)?.name;
    const newName = typeof given === 'string' ? given : undefined;
    const target = await queryToChange(
      arg,
      'renameStarredQuery',
      newName === undefined
        ? undefined
        : { detail: localize('Its new name: “{0}”.', newName), action: localize('Rename') },
    );
    return target ? rename({ id: target.query.id, ...(newName === undefined ? {} : { name: newName }) }) : undefined;
  }

  /** Renames the query: the record read afresh, only its name changed. Returns the query renamed. */
  async function rename(arg?: StarredTarget & RenameArgs): Promise<StarredQuery | undefined> {
    const query = await queryOf(arg);
    if (!query) return undefined;
    const name = (
      arg?.name ??
      (await vscode.window.showInputBox({
        title: localize('Rename the starred query “{0}”', query.name),
        prompt: localize('Its new name, in Axiom'),
        value: query.name,
        ignoreFocusOut: true,
        validateInput: (text) => (text.trim() ? undefined : localize('A starred query needs a name.')),
      }))
    )?.trim();
    if (!name || name === query.name) return undefined;
    const renamed = await withClient(
      deps.connection,
      { doing: phrase('Renaming “{0}”', query.name), log: deps.log },
      async (client) => {
        const fresh = await client.getStarredQuery(query.id);
        return (await client.updateStarredQuery(query.id, bodyWithName(fresh.raw, name))).query;
      },
    );
    if (!renamed) return undefined;
    view.updated(renamed);
    vscode.window.setStatusBarMessage(localize('Renamed “{0}” to “{1}”.', query.name, renamed.name), 3000);
    return renamed;
  }

  /** Deletes the query in Axiom, after a modal question naming it (unless `confirmed`). Never
   *  repeated by itself: a failure offers Retry. Its row goes, and an open document of it is told. */
  async function remove(arg?: StarredTarget & DeleteArgs): Promise<boolean> {
    const query = await queryOf(arg);
    if (!query) return false;
    if (!arg?.confirmed) {
      const sure = await confirm(
        localize('Delete the starred query “{0}”?', query.name),
        localize('It is deleted in Axiom, for everyone who can see it. This cannot be undone.'),
        localize('Delete'),
      );
      if (!sure) return false;
    }
    const deleted = await withClient(
      deps.connection,
      { doing: phrase('Deleting “{0}”', query.name), log: deps.log },
      async (client, { name }) => {
        await client.deleteStarredQuery(query.id);
        return { deployment: name };
      },
    );
    if (!deleted) return false;
    deps.log.info(`deleted starred query ${query.id}`);
    view.removed(query.id);
    files.deleted(deleted.deployment, query.id);
    vscode.window.setStatusBarMessage(localize('Deleted “{0}”.', query.name), 3000);
    return true;
  }

  return {
    /** Opens the query as a document of its own: Ctrl+S saves it back to Axiom. */
    open: async (
      arg?: StarredTarget,
      options?: vscode.TextDocumentShowOptions,
    ): Promise<vscode.TextEditor | undefined> => {
      const query = await queryOf(arg);
      if (!query) return undefined;
      // The document is the deployment's the query was read from: it saves nowhere else.
      const opened = await withClient(
        deps.connection,
        { doing: phrase('Opening “{0}”', query.name), log: deps.log },
        async (client, { name }) => ({ deployment: name, record: await files.prefetch(client, name, query.id) }),
      );
      if (!opened) return undefined;
      try {
        return await files.open(opened.deployment, opened.record.query, options);
      } catch (error) {
        void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
        return undefined;
      }
    },

    copy: async (arg?: StarredTarget): Promise<void> => {
      const query = await queryOf(arg);
      if (query) await copyQueryText(query.query.apl, query.name);
    },

    /** Opens the query in the web app's query page. Returns the link. */
    openInAxiom: async (arg?: StarredTarget): Promise<string | undefined> => {
      const query = await queryOf(arg);
      if (!query) return undefined;
      return openAppPage(
        deps.deployments,
        phrase('Opening “{0}” in Axiom', query.name),
        (endpoint, orgId) => queryLink(endpoint, orgId, query.query.apl),
        deps.connection.handlers,
      );
    },

    /** Rename and Delete as the extension's own code calls them (rows, or an id with what only it may give). */
    rename,
    delete: remove,
    /** Rename and Delete as their commands are called: by a row, or from outside (asked once). */
    renameGiven,
    deleteGiven,

    /** Opens Axiom's version of an open starred query beside the document. */
    compare: async (uri?: vscode.Uri): Promise<void> => {
      const target = uri ?? vscode.window.activeTextEditor?.document.uri;
      if (target?.scheme !== STARRED_SCHEME) return;
      try {
        await files.compare(target);
      } catch (error) {
        void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
