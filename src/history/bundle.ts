// The "history" bundle (src/features.ts): the query history of this machine (the one
// recorder of runs), the Query History view and its commands, Show Query History. Loaded when
// the view is first shown, a command first runs, or the first run is recorded.
import { COMMANDS } from '../platform/constants';
import type { ListFeatureDeps } from '../platform/listView';
import { historyCommands, type HistoryRun } from './historyCommands';
import { HistoryView, type HistoryNode } from './historyView';
import { QueryHistory, type ActiveDeployment } from './queryHistory';

export interface HistoryDeps extends ListFeatureDeps<HistoryNode> {
  /** The extension's global storage folder (this machine's, never synced). */
  folder: string;
  deployments: ActiveDeployment;
  /** Runs a query through the one runner (the run feature's). */
  run: (request: HistoryRun) => Promise<unknown>;
  /** Stars a query (the starred feature's Star this APL Query). */
  star: (args: { apl: string; dataset?: string }) => Promise<unknown>;
}

/** The history feature, made once: the recorder, the view and the commands by id. */
export function createHistory(deps: HistoryDeps) {
  const history = new QueryHistory(deps.folder, deps.deployments, deps.log);
  const view = new HistoryView(deps, history);
  const commands = {
    ...historyCommands({ view, history, run: deps.run, star: deps.star }),
    [COMMANDS.refreshQueryHistory]: () => view.refresh({ restart: true }),
  };
  return {
    history,
    view,
    commands,
    dispose(): void {
      view.dispose();
      history.dispose();
    },
  };
}

export type HistoryFeature = ReturnType<typeof createHistory>;
