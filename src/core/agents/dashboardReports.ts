// The dashboard tools' answers (issue 41): our sentences around the dashboards as data blocks.
import type { DashboardRecord, DashboardResource } from '../api/dashboards';
import { quoted, type DeploymentLabel, type ToolReport } from './resultText';

export function dashboardsReport(
  deployment: DeploymentLabel,
  dashboards: readonly DashboardResource[],
  filter: string | undefined,
): ToolReport {
  const text = filter?.toLowerCase();
  const shown = text
    ? dashboards.filter((d) => `${d.dashboard.name}\n${d.dashboard.description ?? ''}`.toLowerCase().includes(text))
    : dashboards;
  return {
    deployment,
    lines: [
      `${shown.length} dashboards${text ? ` whose name or description contains ${quoted(filter ?? '')}` : ''}. axiom_getDashboard reads one whole, by its uid.`,
    ],
    blocks: [
      {
        label: 'dashboards',
        items: shown.map((d) => ({
          uid: d.uid,
          name: d.dashboard.name,
          ...(d.dashboard.description ? { description: d.dashboard.description } : {}),
          charts: d.dashboard.charts.length,
          version: d.version,
          ...(d.updatedAt ? { updatedAt: d.updatedAt } : {}),
          ...(d.updatedBy ? { updatedBy: d.updatedBy } : {}),
        })),
        total: shown.length,
      },
    ],
  };
}

export function dashboardReport(deployment: DeploymentLabel, record: DashboardRecord): ToolReport {
  const { resource } = record;
  return {
    deployment,
    lines: [
      `The dashboard ${quoted(resource.dashboard.name)} (uid ${resource.uid}, version ${resource.version}), with its ${resource.dashboard.charts.length} charts, one per line; the document's other fields first.`,
    ],
    blocks: [
      {
        label: 'dashboard',
        items: [
          Object.fromEntries(Object.entries(record.document).filter(([key]) => key !== 'charts')),
          ...((record.document.charts as unknown[] | undefined) ?? []),
        ],
        total: 1 + ((record.document.charts as unknown[] | undefined)?.length ?? 0),
      },
    ],
  };
}

/** A chart changed by axiom_updateDashboardChart: the dashboard's new version and the chart as Axiom holds it now. */
export function chartUpdatedReport(
  deployment: DeploymentLabel,
  record: DashboardRecord,
  chartId: string,
  fields: readonly string[],
): ToolReport {
  const { resource } = record;
  const charts = (record.document.charts as { id?: unknown }[] | undefined) ?? [];
  return {
    deployment,
    lines: [
      `Changed ${fields.join(', ')} of the chart ${quoted(chartId)} of the dashboard ${quoted(resource.dashboard.name)} (uid ${resource.uid}, now version ${resource.version}); the chart as Axiom holds it now:`,
    ],
    blocks: [{ label: 'chart', items: charts.filter((chart) => chart.id === chartId) }],
  };
}

/** The dashboard moved since the change was confirmed: nothing sent. */
export function dashboardConflictReport(deployment: DeploymentLabel, uid: string): ToolReport {
  return {
    deployment,
    lines: [
      `Nothing was changed: the dashboard with uid ${uid} changed in Axiom since it was read. Call the tool again: the person is asked to confirm the change over the dashboard as it is now.`,
    ],
  };
}

/** A chart change that could not be prepared: nothing sent. */
export function chartUnpreparedReport(
  deployment: DeploymentLabel | undefined,
  why: { kind: 'chartNotFound' | 'chartUnchanged'; uid: string; chartId: string },
): ToolReport {
  return {
    deployment,
    lines: [
      why.kind === 'chartNotFound'
        ? `Nothing was sent: the dashboard with uid ${why.uid} has no chart with id ${quoted(why.chartId)}. axiom_getDashboard lists its charts.`
        : `Nothing was sent: the chart ${quoted(why.chartId)} of the dashboard with uid ${why.uid} already is so.`,
    ],
  };
}
