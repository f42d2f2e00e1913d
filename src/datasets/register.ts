import * as vscode from 'vscode';
import type { TimeRange } from '../core/run/timeRange';
import type { AplSchema } from '../language/schema';
import { COMMANDS } from '../platform/constants';
import type { ClientSource } from '../platform/listView';
import { registerCommands } from '../platform/commands';
import type { Log } from '../platform/log';
import type { Deployments } from '../platform/webApp';
import { datasetCommands, type DatasetRun } from './datasetCommands';
import { DatasetsView } from './datasetsView';

/** The Datasets view and the commands on its rows. `schema` is the one cache of datasets and
 *  fields, completion's too; `run` is the query runner's. */
export function registerDatasets(deps: { connection: ClientSource; deployments: Deployments; log: Log; schema: AplSchema; run: (request: DatasetRun) => Promise<unknown>; range: () => TimeRange }): { view: DatasetsView; disposables: vscode.Disposable[] } {
  const view = new DatasetsView(deps.connection, deps.log, deps.schema);
  const commands = datasetCommands({ view, run: deps.run, range: deps.range, deployments: deps.deployments });
  const byId: Record<string, (...args: never[]) => unknown> = {
    ...commands,
    [COMMANDS.refreshDatasets]: () => view.reload(),
    [COMMANDS.filterDatasets]: () => view.askFilterText(vscode.l10n.t('Filter datasets'), vscode.l10n.t('Shows the datasets whose name, kind or description has this text, and those of the expanded ones with such a field. Empty: all.')),
    [COMMANDS.clearDatasetsFilter]: () => view.setFilterText(''),
    [COMMANDS.retryDatasetFields]: (row?: unknown) => {
      const name = typeof row === 'object' && row !== null ? (row as { dataset?: { name?: unknown } }).dataset?.name : undefined;
      const found = typeof name === 'string' ? view.datasetRow(name) : undefined;
      if (found) view.retryFields(found);
    },
  };
  const disposables = [view, ...registerCommands(byId)];
  return { view, disposables };
}
