import type * as vscode from 'vscode';
import { COMMANDS, VIEWS } from '../platform/constants';
import { load, once, type Once } from '../platform/lazy';
import { disposeIfMade, LazyTree, registerCommands } from '../platform/lazyEntries';
import type { ListElement } from '../platform/listView';
import type { HistoryDeps, HistoryFeature } from './bundle';
import type { HistoryNode } from './historyView';

const HISTORY_COMMANDS = [
  COMMANDS.showQueryHistory,
  COMMANDS.refreshQueryHistory,
  COMMANDS.filterQueryHistory,
  COMMANDS.clearQueryHistoryFilter,
  COMMANDS.openHistoryQuery,
  COMMANDS.rerunHistoryQuery,
  COMMANDS.rerunHistoryQueryNow,
  COMMANDS.starHistoryQuery,
  COMMANDS.copyHistoryQuery,
  COMMANDS.removeHistoryEntry,
  COMMANDS.clearQueryHistory,
] as const;

/** The query history: the Query History view's tree and the command ids, whose bodies load with
 *  the history bundle when the view is first shown, a command first runs, or a run is recorded
 *  (`feature().history.record`, the one way into the history). */
export function registerHistory(deps: () => Omit<HistoryDeps, 'tree'>): {
  feature: Once<HistoryFeature>;
  disposables: vscode.Disposable[];
} {
  const tree: LazyTree<ListElement<HistoryNode>> = new LazyTree(VIEWS.history, () => feature());
  const feature = once(() => load('history').createHistory({ tree, ...deps() }));
  return {
    feature,
    disposables: [tree, disposeIfMade(feature), ...registerCommands(HISTORY_COMMANDS, () => feature().commands)],
  };
}
