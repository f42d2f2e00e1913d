// The "dashboardPreview" bundle (src/features.ts): Preview Dashboard, a live preview beside a
// dashboard document. Loaded when the command first runs.
import { COMMANDS } from '../platform/constants';
import { createPreviews, type PreviewDeps } from './previewPanel';

export type DashboardPreviewDeps = PreviewDeps;

export function createDashboardPreview(deps: DashboardPreviewDeps) {
  const previews = createPreviews(deps);
  const commands = {
    [COMMANDS.previewDashboard]: (arg?: unknown) => previews.previewDashboard(arg),
  };
  return {
    commands,
    /** The previews open, by document (the extension's tests). */
    previews: previews.open,
    dispose: () => previews.dispose(),
  };
}

export type DashboardPreviewFeature = ReturnType<typeof createDashboardPreview>;
