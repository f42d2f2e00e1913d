import * as vscode from 'vscode';
import { deploymentLabel, type Accounts } from '../accounts/accounts';
import type { Connection } from '../accounts/connection';
import { STARRED_SCHEME } from '../core/starred/starredUri';
import { COMMANDS } from '../platform/constants';
import type { Log } from '../platform/log';
import { RecentDatasets } from './recentDatasets';
import { starredCommands } from './starredCommands';
import { STARRED_REMOTE_SCHEME, StarredFiles } from './starredFiles';
import { StarredView } from './starredView';
import { starQueryCommand } from './starQuery';
import { starredViewCommands } from './viewCommands';

/** Starred queries: Star this APL Query, the Starred Queries view and its commands, and the
 *  documents that save back to Axiom. */
export function registerStarred(context: vscode.ExtensionContext, deps: { connection: Connection; accounts: Accounts; log: Log }): { view: StarredView; star: ReturnType<typeof starQueryCommand>; disposables: vscode.Disposable[] } {
  const view = new StarredView(deps.connection, deps.log, context.globalState);
  const files = new StarredFiles({
    connection: deps.connection,
    log: deps.log,
    onSaved: (query) => view.updated(query),
    labelOf: (name) => {
      const deployment = deps.accounts.find(name);
      return deployment ? deploymentLabel(deployment) : name;
    },
  });
  const rows = starredCommands({ connection: deps.connection, log: deps.log, view, files, deployments: deps.accounts });
  const title = starredViewCommands(view, deps.connection);
  const starQuery = starQueryCommand({
    connection: deps.connection,
    orgIds: deps.accounts,
    log: deps.log,
    recent: new RecentDatasets(context.globalState),
    onStarred: (created) => void view.added(created),
  });
  const register = vscode.commands.registerCommand;
  const disposables = [
    view,
    files,
    vscode.workspace.registerFileSystemProvider(STARRED_SCHEME, files, { isCaseSensitive: true }),
    vscode.workspace.registerTextDocumentContentProvider(STARRED_REMOTE_SCHEME, files),
    register(COMMANDS.starQuery, starQuery),
    register(COMMANDS.refreshStarredQueries, () => view.refresh()),
    register(COMMANDS.loadMoreStarredQueries, () => view.loadMore()),
    register(COMMANDS.openStarredQuery, rows.open),
    register(COMMANDS.copyStarredQuery, rows.copy),
    register(COMMANDS.openStarredQueryInAxiom, rows.openInAxiom),
    register(COMMANDS.renameStarredQuery, rows.rename),
    register(COMMANDS.deleteStarredQuery, rows.delete),
    register(COMMANDS.compareStarredQuery, rows.compare),
    register(COMMANDS.chooseStarredOwner, title.chooseOwner),
    register(COMMANDS.showMyStarredQueries, () => view.setOwner('mine')),
    register(COMMANDS.showTeamStarredQueries, () => view.setOwner('team')),
    register(COMMANDS.showAllStarredQueries, () => view.setOwner('all')),
    register(COMMANDS.filterStarredQueries, title.filter),
    register(COMMANDS.filterStarredByDataset, title.filterByDataset),
    register(COMMANDS.clearStarredFilter, title.clearFilter),
    register(COMMANDS.groupStarredByDataset, () => view.setGrouped(true)),
    register(COMMANDS.listStarredQueries, () => view.setGrouped(false)),
  ];
  return { view, star: starQuery, disposables };
}
