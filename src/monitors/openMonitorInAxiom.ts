import { phrase } from '../core/phrase';
import { monitorLink } from '../core/links';
import type { Accounts } from '../accounts/accounts';
import type { MonitorsView } from './monitorsView';
import { monitorFromArgs } from './pickMonitor';
import { openAppPage } from '../platform/webApp';

/** Opens the monitor's page in the Axiom web app. */
export function openMonitorInAxiomCommand(view: MonitorsView, accounts: Accounts) {
  return async (arg?: unknown): Promise<string | undefined> => {
    const monitor = await monitorFromArgs(arg, view);
    if (!monitor) return undefined;
    return openAppPage(accounts, phrase('Opening the monitor in Axiom'), (endpoint, orgId) => monitorLink(endpoint, orgId, monitor.id));
  };
}
