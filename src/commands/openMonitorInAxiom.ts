import * as vscode from 'vscode';
import { resolveEndpoint } from '../core/api/baseUrl';
import { monitorLink } from '../core/links';
import type { SettingsStore } from '../settings';
import type { MonitorsView } from '../views/monitorsView';
import { ensureOrgId } from './askOrgId';
import { monitorFromArgs } from './pickMonitor';

/** Opens the monitor's page in the Axiom web app. */
export function openMonitorInAxiomCommand(view: MonitorsView, settings: SettingsStore) {
  return async (arg?: unknown): Promise<string | undefined> => {
    const monitor = await monitorFromArgs(arg, view);
    if (!monitor) return undefined;
    const endpoint = resolveEndpoint(settings.read().url);
    if (!endpoint.ok) {
      void vscode.window.showErrorMessage(endpoint.problem);
      return undefined;
    }
    const orgId = await ensureOrgId(settings, 'Links to the web app name your organization.');
    if (!orgId) return undefined;
    const link = monitorLink(endpoint.endpoint, orgId, monitor.id);
    await vscode.env.openExternal(vscode.Uri.parse(link, true));
    return link;
  };
}
