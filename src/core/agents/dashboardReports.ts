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
