// The "starred" bundle (src/features.ts): the Starred Queries view, Star this APL Query, the
// commands on the view's rows and title bar, and the documents that save back to Axiom. Loaded
// when the view is first shown, one of its commands first runs, or a starred document is read.
import type * as vscode from 'vscode';
import type { StarredNode } from '../core/starred/starredTree';
import type { ClientAccess } from '../platform/clientAccess';
import { COMMANDS } from '../platform/constants';
import type { LazyTree } from '../platform/lazyEntries';
import type { ListElement } from '../platform/listView';
import type { Log } from '../platform/log';
import type { Deployments } from '../platform/webApp';
import { RecentDatasets } from './recentDatasets';
import { starredCommands, type StarredTarget } from './starredCommands';
import { StarredFiles } from './starredFiles';
import { StarredView } from './starredView';
import { starQueryCommand } from './starQuery';
import { starredViewCommands } from './viewCommands';

export interface StarredDeps {
  tree: LazyTree<ListElement<StarredNode>>;
  memory: vscode.Memento;
  access: ClientAccess;
  deployments: Deployments;
  /** How a person reads a deployment's name ('' is the settings deployment). */
  labelOf: (deployment: string) => string;
  log: Log;
}

/** The starred feature, made once: its view, its documents, and its commands as functions. */
export function createStarred(deps: StarredDeps) {
  const view = new StarredView(deps.tree, deps.access, deps.log, deps.memory);
  const files = new StarredFiles({
    connection: deps.access,
    log: deps.log,
    onSaved: (query) => view.updated(query),
    labelOf: deps.labelOf,
    memory: deps.memory,
  });
  const rows = starredCommands({ connection: deps.access, log: deps.log, view, files, deployments: deps.deployments });
  const title = starredViewCommands(view, deps.access);
  const starQuery = starQueryCommand({
    connection: deps.access,
    orgIds: deps.deployments,
    log: deps.log,
    recent: new RecentDatasets(deps.memory),
    onStarred: (created) => void view.added(created),
  });
  const commands = {
    [COMMANDS.starQuery]: starQuery,
    [COMMANDS.refreshStarredQueries]: () => view.refresh(),
    [COMMANDS.loadMoreStarredQueries]: () => view.loadMore(),
    [COMMANDS.openStarredQuery]: rows.open,
    [COMMANDS.copyStarredQuery]: rows.copy,
    [COMMANDS.openStarredQueryInAxiom]: rows.openInAxiom,
    [COMMANDS.renameStarredQuery]: rows.renameGiven,
    [COMMANDS.deleteStarredQuery]: rows.deleteGiven,
    [COMMANDS.compareStarredQuery]: rows.compare,
    [COMMANDS.chooseStarredOwner]: title.chooseOwner,
    [COMMANDS.showMyStarredQueries]: () => view.setOwner('mine'),
    [COMMANDS.showTeamStarredQueries]: () => view.setOwner('team'),
    [COMMANDS.showAllStarredQueries]: () => view.setOwner('all'),
    [COMMANDS.filterStarredQueries]: (arg?: unknown) => view.filter(arg),
    [COMMANDS.filterStarredByDataset]: title.filterByDataset,
    [COMMANDS.clearStarredFilter]: () => view.clearFilter(),
    [COMMANDS.groupStarredByDataset]: () => view.setGrouped(true),
    [COMMANDS.listStarredQueries]: () => view.setGrouped(false),
  };
  return {
    view,
    /** The axiom-starred: file system, which activation registered (its declaration's fileSystem). */
    files,
    commands,
    /** Star this APL Query, for the features that star a query of theirs (monitors, history). */
    starQuery,
    /** A starred query's row (as a menu hands it to a command) opened as a document, for Run from its row. */
    openQuery: (row: unknown) => rows.open(row as StarredTarget | undefined),
    /** The commands as the extension's own code (and its tests) calls them: with the arguments only
     *  it may give, and with no question first. */
    own: { deleteStarredQuery: rows.delete, renameStarredQuery: rows.rename, starQuery },
    dispose(): void {
      view.dispose();
      files.dispose();
    },
  };
}

export type StarredFeature = ReturnType<typeof createStarred>;
