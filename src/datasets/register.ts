import type * as vscode from 'vscode';
import { COMMANDS, VIEWS } from '../platform/constants';
import { load, once, type Once } from '../platform/lazy';
import { disposeIfMade, LazyTree, registerCommands } from '../platform/lazyEntries';
import type { ListElement } from '../platform/listView';
import type { DatasetsDeps, DatasetsFeature } from './bundle';
import type { DatasetNode } from './datasetsView';

const DATASET_COMMANDS = [
  COMMANDS.refreshDatasets,
  COMMANDS.filterDatasets,
  COMMANDS.clearDatasetsFilter,
  COMMANDS.retryDatasetFields,
  COMMANDS.queryDataset,
  COMMANDS.showRecentEvents,
  COMMANDS.copyDatasetName,
  COMMANDS.openDatasetInAxiom,
  COMMANDS.insertField,
  COMMANDS.copyField,
  COMMANDS.summarizeByField,
] as const;

/** The Datasets view and the commands on its rows: the view's tree and the command ids, whose
 *  bodies load with the datasets bundle when the view is first shown or a command first runs. */
export function registerDatasets(deps: () => Omit<DatasetsDeps, 'tree'>): {
  feature: Once<DatasetsFeature>;
  disposables: vscode.Disposable[];
} {
  const tree: LazyTree<ListElement<DatasetNode>> = new LazyTree(VIEWS.datasets, () => feature());
  const feature = once(() => load('datasets').createDatasets({ tree, ...deps() }));
  return {
    feature,
    disposables: [tree, disposeIfMade(feature), ...registerCommands(DATASET_COMMANDS, () => feature().commands)],
  };
}
