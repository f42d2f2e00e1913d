// Add to Dashboard: the query of the results panel in front becomes a chart at the end of a
// dashboard the person picks (one GET to read it and one PUT with the version read), or of a new
// one they name (one POST). Its kind is guessed from the query's shape (core/dashboards/layoutCharts.ts).
// A dashboard changed meanwhile is a conflict: nothing is overwritten, the person is told (withClient's
// advice), and a Retry reads it afresh and adds the chart to what is there now.
import * as vscode from 'vscode';
import type { DashboardResource } from '../core/api/dashboards';
import { newDashboard, withChartAdded } from '../core/dashboards/layoutCharts';
import { phrase } from '../core/phrase';
import type { ResultsView } from '../core/run/resultsProtocol';
import { withClient, type ClientAccess } from '../platform/clientAccess';
import { localize } from '../platform/l10n';
import type { Log } from '../platform/log';

/** Where the chart goes: a dashboard by its uid, or a new one of that name. */
export type ChartTarget = { uid: string } | { newName: string };

export interface AddToDashboardDeps {
  access: () => ClientAccess;
  /** The result of the results panel in front, else of the newest panel (the run feature's). */
  shownResult: () => ResultsView | undefined;
  log: Log;
}

/** What was written: the dashboard and the chart's id in it. */
export interface ChartAdded {
  uid: string;
  name: string;
  chartId: string;
}

const MAX_NAME = 100;

/** The person's choice of dashboard, or of a new one (named then); undefined when they leave. */
async function pickTarget(dashboards: readonly DashboardResource[]): Promise<ChartTarget | undefined> {
  type Item = vscode.QuickPickItem & { uid?: string };
  const items: Item[] = [
    { label: `$(add) ${localize('New Dashboard…')}` },
    ...dashboards.map((d) => ({
      label: d.dashboard.name,
      description: localize('{0} charts', d.dashboard.charts.length),
      uid: d.uid,
    })),
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: localize('Add to Dashboard'),
    placeHolder: localize('The dashboard to add this query to, as a chart at the end'),
    matchOnDescription: true,
  });
  if (!picked) return undefined;
  if (picked.uid) return { uid: picked.uid };
  const newName = await vscode.window.showInputBox({
    title: localize('New Dashboard'),
    prompt: localize('The new dashboard’s name'),
    validateInput: (value) =>
      value.trim() && value.length <= MAX_NAME ? undefined : localize('A name of 1 to {0} characters.', MAX_NAME),
  });
  return newName?.trim() ? { newName: newName.trim() } : undefined;
}

/**
 * Adds the shown query to the dashboard `target` (asked for when absent). Resolves to what was
 * written, or undefined when nothing was (no result shown, the person left, the write refused).
 */
export async function addToDashboard(deps: AddToDashboardDeps, target?: ChartTarget): Promise<ChartAdded | undefined> {
  const apl = deps.shownResult()?.query;
  if (!apl?.trim()) {
    void vscode.window.showInformationMessage(
      localize('Run a query first: Add to Dashboard adds the query of the results panel in front.'),
    );
    return undefined;
  }
  const how = { doing: phrase('Adding the query to a dashboard'), log: deps.log };
  const chosen =
    target ??
    (await withClient(deps.access(), how, async (client) => pickTarget((await client.listDashboards()).dashboards)));
  if (!chosen) return undefined;
  const added = await withClient(deps.access(), how, async (client): Promise<ChartAdded> => {
    if ('newName' in chosen) {
      const dashboard = newDashboard(chosen.newName, [apl]);
      const written = await client.createDashboard({ dashboard });
      return { uid: written.record.resource.uid, name: chosen.newName, chartId: dashboard.charts[0].id };
    }
    const record = await client.getDashboard(chosen.uid);
    const next = withChartAdded(record.document, apl);
    await client.updateDashboard(chosen.uid, { dashboard: next.document, version: record.resource.version });
    return { uid: chosen.uid, name: record.resource.dashboard.name, chartId: next.chartId };
  });
  if (added) void vscode.window.showInformationMessage(localize('Added the query to the dashboard “{0}”.', added.name));
  return added;
}
