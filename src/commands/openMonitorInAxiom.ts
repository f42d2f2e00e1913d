import * as vscode from 'vscode';
import { resolveEndpoint } from '../core/api/baseUrl';
import { monitorLink } from '../core/links';
import type { SettingsStore } from '../settings';
import type { MonitorsView } from '../views/monitorsView';
import { monitorFromArgs } from './pickMonitor';
import { openInWebApp } from './webApp';

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
    return openInWebApp(settings, (orgId) => monitorLink(endpoint.endpoint, orgId, monitor.id));
  };
}
