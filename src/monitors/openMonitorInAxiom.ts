import { requireEndpoint, type ApiEndpoint } from '../core/api/baseUrl';
import { adviceFor } from '../core/api/errorAdvice';
import { phrase } from '../core/phrase';
import { monitorLink } from '../core/links';
import type { Accounts } from '../accounts/accounts';
import type { MonitorsView } from './monitorsView';
import { monitorFromArgs } from './pickMonitor';
import { showAdvice } from '../platform/showAdvice';
import { openInWebApp } from '../platform/webApp';

/** Opens the monitor's page in the Axiom web app. */
export function openMonitorInAxiomCommand(view: MonitorsView, accounts: Accounts) {
  return async (arg?: unknown): Promise<string | undefined> => {
    const monitor = await monitorFromArgs(arg, view);
    if (!monitor) return undefined;
    let endpoint: ApiEndpoint;
    try {
      endpoint = requireEndpoint((await accounts.active()).url);
    } catch (error) {
      // Said as every other use of a bad axiom.url says it, with Open Settings.
      void showAdvice(adviceFor(error, phrase('Opening the monitor in Axiom')));
      return undefined;
    }
    return openInWebApp(accounts, (orgId) => monitorLink(endpoint, orgId, monitor.id));
  };
}
