import { phrase } from '../core/phrase';
import { monitorLink } from '../core/links';
import type { MonitorsView } from './monitorsView';
import { monitorFromArgs } from './pickMonitor';
import type { AdviceHandlers } from '../platform/showAdvice';
import { openAppPage, type Deployments } from '../platform/webApp';

/** Opens the monitor's page in the Axiom web app. */
export function openMonitorInAxiomCommand(view: MonitorsView, deployments: Deployments, handlers: AdviceHandlers) {
  return async (arg?: unknown): Promise<string | undefined> => {
    const monitor = await monitorFromArgs(arg, view);
    if (!monitor) return undefined;
    return openAppPage(
      deployments,
      phrase('Opening the monitor in Axiom'),
      (endpoint, orgId) => monitorLink(endpoint, orgId, monitor.id),
      handlers,
    );
  };
}
