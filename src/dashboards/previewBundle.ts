// The "dashboardPreview" bundle (src/features.ts): Preview Dashboard, a live preview beside a
// dashboard document, Edit Chart Query (a chart's APL in an editor of its own, written back into the
// document), and Add to Dashboard on a results panel. Loaded when a command first runs.
import { COMMANDS } from '../platform/constants';
import { addToDashboard, type AddToDashboardDeps, type ChartTarget } from './addToDashboard';
import { createPreviews, type PreviewDeps } from './previewPanel';
import { createChartQueryEditors } from './chartQueryEditor';

export type DashboardPreviewDeps = PreviewDeps & Omit<AddToDashboardDeps, 'shownResult'>;

export function createDashboardPreview(deps: DashboardPreviewDeps) {
  const previews = createPreviews(deps);
  const chartEditors = createChartQueryEditors({ log: deps.log });
  const add = (target?: ChartTarget) =>
    addToDashboard({ access: deps.access, log: deps.log, shownResult: () => deps.runner().shownResult() }, target);
  const commands = {
    [COMMANDS.previewDashboard]: (arg?: unknown) => previews.previewDashboard(arg),
    [COMMANDS.addToDashboard]: () => add(),
    [COMMANDS.editChartQuery]: (arg?: unknown, more?: unknown) => chartEditors.edit(arg, more),
  };
  return {
    commands,
    /** The previews open, by document (the extension's tests). */
    previews: previews.open,
    /** Add to Dashboard into `target`, without the pick (the extension's tests). */
    addToDashboard: add,
    /** The charts' APL editors (the extension's tests). */
    chartEditors,
    dispose: () => {
      previews.dispose();
      chartEditors.dispose();
    },
  };
}

export type DashboardPreviewFeature = ReturnType<typeof createDashboardPreview>;
