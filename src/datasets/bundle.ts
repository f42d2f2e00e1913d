// The "datasets" bundle (src/features.ts): the Datasets view and the commands on its rows.
// Loaded when the view is first shown or one of its commands first runs.
import type { TimeRange } from '../core/run/timeRange';
import { COMMANDS } from '../platform/constants';
import type { ClientAccess } from '../platform/clientAccess';
import type { ListFeatureDeps } from '../platform/listView';
import type { Deployments } from '../platform/webApp';
import { datasetCommands, type DatasetRun } from './datasetCommands';
import { DatasetsView, type DatasetNode, type DatasetSchema } from './datasetsView';

export interface DatasetsDeps extends ListFeatureDeps<DatasetNode> {
  access: ClientAccess;
  deployments: Deployments;
  /** The one cache of datasets and fields, completion's too (the language feature's). */
  schema: DatasetSchema;
  /** Runs a query through the one runner (the run feature's). */
  run: (request: DatasetRun) => Promise<unknown>;
  /** The status bar's time range. */
  range: () => TimeRange;
}

/** The datasets feature, made once: its view and its commands as functions, by id. */
export function createDatasets(deps: DatasetsDeps) {
  const view = new DatasetsView(deps, deps.schema);
  const commands = {
    ...datasetCommands({
      view,
      run: deps.run,
      range: deps.range,
      deployments: deps.deployments,
      handlers: deps.access.handlers,
    }),
    [COMMANDS.refreshDatasets]: () => view.reload(),
    [COMMANDS.filterDatasets]: (arg?: unknown) => view.filter(arg),
    [COMMANDS.clearDatasetsFilter]: () => view.clearFilter(),
    [COMMANDS.retryDatasetFields]: (row?: unknown) => view.retryFieldsOf(row),
  };
  return {
    view,
    commands,
    dispose(): void {
      view.dispose();
    },
  };
}

export type DatasetsFeature = ReturnType<typeof createDatasets>;
