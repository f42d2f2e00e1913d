import type * as vscode from 'vscode';
import type { StarredNode } from '../core/starred/starredTree';
import { STARRED_REMOTE_SCHEME, STARRED_SCHEME } from '../core/starred/starredUri';
import { COMMANDS, VIEWS } from '../platform/constants';
import { load, once, type Once } from '../platform/lazy';
import { disposeIfMade, LazyFiles, LazyTree, registerCommands } from '../platform/lazyEntries';
import type { ListElement } from '../platform/listView';
import type { StarredDeps, StarredFeature } from './bundle';

const STARRED_COMMANDS = [
  COMMANDS.starQuery,
  COMMANDS.refreshStarredQueries,
  COMMANDS.loadMoreStarredQueries,
  COMMANDS.openStarredQuery,
  COMMANDS.copyStarredQuery,
  COMMANDS.openStarredQueryInAxiom,
  COMMANDS.renameStarredQuery,
  COMMANDS.deleteStarredQuery,
  COMMANDS.compareStarredQuery,
  COMMANDS.chooseStarredOwner,
  COMMANDS.showMyStarredQueries,
  COMMANDS.showTeamStarredQueries,
  COMMANDS.showAllStarredQueries,
  COMMANDS.filterStarredQueries,
  COMMANDS.filterStarredByDataset,
  COMMANDS.clearStarredFilter,
  COMMANDS.groupStarredByDataset,
  COMMANDS.listStarredQueries,
] as const;

/** Starred queries: Star this APL Query, the Starred Queries view and its commands, and the
 *  documents that save back to Axiom: the ids, the view's tree and the two schemes' providers,
 *  whose bodies load with the starred bundle on first use. */
export function registerStarred(deps: () => Omit<StarredDeps, 'tree'>): {
  feature: Once<StarredFeature>;
  disposables: vscode.Disposable[];
} {
  const tree: LazyTree<ListElement<StarredNode>> = new LazyTree(VIEWS.starred, () => feature());
  // The documents' file system (VS Code asks it only for axiom-starred: documents) and Axiom's
  // version beside one: the feature's, from when it is made.
  const files = new LazyFiles(STARRED_SCHEME, STARRED_REMOTE_SCHEME, () => feature());
  const feature = once(() => {
    const made = load('starred').createStarred({ tree, ...deps() });
    files.provide(made.files);
    return made;
  });
  const disposables = [
    tree,
    disposeIfMade(feature),
    files,
    ...registerCommands(STARRED_COMMANDS, () => feature().commands),
  ];
  return { feature, disposables };
}
