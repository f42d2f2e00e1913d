// Each tool's answer, made from what the service sent: our sentences around data blocks (see
// resultText.ts). Plain functions of their inputs, so that each is unit-tested without VS Code.
import type { Annotation } from '../api/annotations';
import type { CompileDetail } from '../api/errors';
import type { Monitor } from '../api/schemas';
import type { StarredQuery } from '../api/starred';
import type { StateChange } from '../api/parse';
import type { MonitorStatus } from '../monitors/monitorStatus';
import { monitorState } from '../monitors/monitorState';
import type { TabularResult } from '../api/tabular';
import { reasonFor } from '../api/errorAdvice';
import { isAxiomError } from '../api/errors';
import { render } from '../phrase';
import { RESULT_FLAG_SENTENCES, resultFlags } from '../run/resultFlags';
import { chartUnpreparedReport } from './dashboardReports';
import type { Unprepared } from './preparedWrites';
import { OverBudget } from './toolBudget';
import {
  failureReport,
  quoted,
  signInReport,
  type DataBlock,
  type DeploymentLabel,
  type ToolReport,
} from './resultText';

const iso = (time: number) => new Date(time).toISOString();

/** The most rows a query's answer is read for (the largest budget, maxRows 200). */
const MOST_ROWS = 200;

export interface DatasetInfo {
  name: string;
  kind?: string;
  description?: string;
}

export function datasetsReport(
  deployment: DeploymentLabel,
  datasets: readonly DatasetInfo[],
  filter: string | undefined,
): ToolReport {
  const wanted = filter ? datasets.filter((d) => d.name.toLowerCase().includes(filter.toLowerCase())) : datasets;
  const sorted = [...wanted].sort((a, b) => a.name.localeCompare(b.name));
  return {
    deployment,
    lines: [
      `${sorted.length} datasets${filter ? ` whose name contains ${quoted(filter)}` : ''} (of ${datasets.length} this token may read). In APL, a dataset is named first, in brackets: ['name'].`,
    ],
    blocks: [
      {
        label: 'datasets',
        items: sorted.map((d) => ({
          name: d.name,
          ...(d.kind ? { kind: d.kind } : {}),
          ...(d.description ? { description: d.description } : {}),
        })),
      },
    ],
  };
}

export interface FieldInfo {
  name: string;
  type?: string;
  description?: string | null;
  unit?: string | null;
  hidden?: boolean;
}

export function fieldsReport(
  deployment: DeploymentLabel,
  dataset: string,
  fields: readonly FieldInfo[],
  virtual: readonly { name: string; expression?: string; description?: string }[] = [],
): ToolReport {
  const visible = fields.filter((f) => !f.hidden);
  const items = [
    ...visible.map((f) => ({
      name: f.name,
      type: f.type ?? 'unknown',
      ...(f.description ? { description: f.description } : {}),
      ...(f.unit ? { unit: f.unit } : {}),
    })),
    ...virtual.map((v) => ({
      name: v.name,
      virtual: true,
      ...(v.expression ? { expression: v.expression } : {}),
      ...(v.description ? { description: v.description } : {}),
    })),
  ];
  return {
    deployment,
    lines: [
      `Fields of the dataset ${quoted(dataset)}: ${visible.length} fields${virtual.length ? ` and ${virtual.length} virtual fields` : ''}${fields.length > visible.length ? ` (${fields.length - visible.length} hidden ones left out)` : ''}.`,
      "In APL, a field whose name has dots or dashes is written ['geo.city']; _time is the event time.",
    ],
    blocks: [{ label: 'fields', items }],
  };
}

/** A run's answer: status, messages, and per table its columns, row count and first rows. */
export function queryReport(
  deployment: DeploymentLabel,
  rangeLabel: string,
  result: Pick<TabularResult, 'tables' | 'status'>,
  limitNote: string | undefined,
): ToolReport {
  const { status } = result;
  const lines = [
    `The query ran over ${rangeLabel}: ${result.tables.length} table${result.tables.length === 1 ? '' : 's'}${status.elapsedMs !== undefined ? `, ${Math.round(status.elapsedMs)} ms` : ''}${status.rowsExamined !== undefined ? `, ${status.rowsExamined} rows examined` : ''}${status.rowsMatched !== undefined ? `, ${status.rowsMatched} matched` : ''}.`,
  ];
  for (const flag of resultFlags(status)) lines.push(RESULT_FLAG_SENTENCES[flag]);
  if (limitNote) lines.push(limitNote);
  const blocks: DataBlock[] = result.tables.map((table, index) => {
    const items: unknown[][] = [];
    // Never more rows than any budget shows: a result may hold 100,000.
    for (let r = 0; r < Math.min(table.rowCount, MOST_ROWS); r++)
      items.push(table.columns.map((column) => column[r] ?? null));
    return {
      label: `rows of table ${index}`,
      header: {
        table: table.name,
        columns: table.fields.map((f) => (f.agg ? `${f.name}: ${f.type} (${f.agg})` : `${f.name}: ${f.type}`)),
        rowCount: table.rowCount,
      },
      items,
      total: table.rowCount,
    };
  });
  if (status.messages.length)
    blocks.push({
      label: 'service messages',
      items: status.messages.map((m) => ({ priority: m.priority, code: m.code, text: m.text, count: m.count })),
    });
  return { deployment, lines, blocks };
}

/** A compile error, where it is, so that the agent can fix its query. */
export function compileErrorReport(deployment: DeploymentLabel, apl: string, compile: CompileDetail): ToolReport {
  // Lines and columns as the service counts them (from 1; a 0 means it counts from 0).
  const line = compile.line || 1;
  const text = apl.split(/\r?\n/)[line - 1];
  return {
    deployment,
    lines: [
      `The query does not compile: line ${compile.line}, column ${compile.column}. Nothing ran. Fix the query and call axiom_runQuery again (axiom_getAplReference lists the operators and functions APL has).`,
    ],
    blocks: [
      {
        label: 'compile error',
        items: [
          {
            line: compile.line,
            column: compile.column,
            message: compile.message,
            ...(text !== undefined ? { lineText: text } : {}),
          },
        ],
      },
    ],
  };
}

/** What a monitor's status is, in the words the tool returns. */
export type StatusKnown = MonitorStatus | 'unchecked' | 'unreadable';

export function monitorsReport(
  deployment: DeploymentLabel,
  monitors: readonly Monitor[],
  status: (id: string) => StatusKnown,
  options: { onlyTriggered?: boolean; filter?: string; unchecked?: number },
  now = Date.now(),
): ToolReport {
  const filter = options.filter?.toLowerCase();
  const rows = monitors
    .filter((m) => !filter || m.name.toLowerCase().includes(filter))
    .map((monitor) => {
      const state = monitorState(monitor, now);
      const known = state.kind === 'active' ? status(monitor.id) : undefined;
      return { monitor, state, known };
    })
    .filter((row) => !options.onlyTriggered || (typeof row.known === 'object' && row.known.kind === 'triggered'))
    // Triggered first, the longest-open first; then by name.
    .sort((a, b) => triggeredSince(a.known) - triggeredSince(b.known) || a.monitor.name.localeCompare(b.monitor.name));
  const triggered = rows.filter((row) => typeof row.known === 'object' && row.known.kind === 'triggered').length;
  const lines = [
    `${rows.length} monitors${options.filter ? ` whose name contains ${quoted(options.filter)}` : ''}${options.onlyTriggered ? ' that are triggered now' : ''} (of ${monitors.length}); ${triggered} triggered now.`,
  ];
  if (options.unchecked)
    lines.push(
      `The status of ${options.unchecked} active monitors is not known yet ("unchecked"): their history was not read in this call (the request budget). Call again later, or axiom_getMonitorHistory for one.`,
    );
  return {
    deployment,
    lines,
    blocks: [
      {
        label: 'monitors',
        items: rows.map(({ monitor, state, known }) => ({
          id: monitor.id,
          name: monitor.name,
          type: monitor.type || 'unknown',
          state: state.kind === 'snoozed' ? `snoozed until ${state.until.toISOString()}` : state.kind,
          ...(condition(monitor) ? { condition: condition(monitor) } : {}),
          ...(monitor.intervalMinutes !== undefined ? { everyMinutes: monitor.intervalMinutes } : {}),
          ...(monitor.rangeMinutes !== undefined ? { overMinutes: monitor.rangeMinutes } : {}),
          ...(known === undefined ? {} : { status: statusValue(known) }),
          ...(monitor.aplQuery ? { apl: monitor.aplQuery } : {}),
        })),
      },
    ],
  };
}

function triggeredSince(known: StatusKnown | undefined): number {
  return typeof known === 'object' && known.kind === 'triggered' ? known.since : Number.POSITIVE_INFINITY;
}

function statusValue(known: StatusKnown): unknown {
  if (known === 'unchecked' || known === 'unreadable') return known;
  return known.kind === 'triggered'
    ? { triggered: true, since: iso(known.since), openGroups: known.openChecks }
    : { triggered: false };
}

function condition(monitor: Monitor): string | undefined {
  const column = monitor.columnName ? `${monitor.columnName} ` : '';
  if (monitor.operator && monitor.threshold !== undefined) return `${column}${monitor.operator} ${monitor.threshold}`;
  if (monitor.threshold !== undefined) return `${column}threshold ${monitor.threshold}`;
  return monitor.operator || undefined;
}

export function historyReport(
  deployment: DeploymentLabel,
  monitor: Monitor,
  changes: readonly StateChange[],
  hours: number,
  status: MonitorStatus,
): ToolReport {
  const newest = [...changes].sort((a, b) => b.time - a.time);
  const now =
    status.kind === 'triggered'
      ? `triggered since ${iso(status.since)} (open groups: ${status.openChecks.length})`
      : 'not triggered by what this range shows';
  return {
    deployment,
    lines: [
      `History of the monitor ${quoted(monitor.name)} (id ${monitor.id}) over the last ${hours} hours: ${newest.length} state changes, newest first; ${now}. A check is one group of the monitor; "open" means it alerted, "closed" that it recovered.`,
    ],
    blocks: [
      ...(monitor.aplQuery ? [{ label: "monitor's APL query", items: [monitor.aplQuery] }] : []),
      { label: 'state changes', items: newest.map((c) => ({ time: iso(c.time), state: c.state, check: c.checkId })) },
    ],
  };
}

export function starredReport(
  deployment: DeploymentLabel,
  queries: readonly StarredQuery[],
  owner: 'mine' | 'team' | 'all',
  more: boolean,
): ToolReport {
  const whose = owner === 'mine' ? "the person's own" : owner === 'team' ? "the person's team's" : 'all';
  return {
    deployment,
    lines: [`${queries.length}${more ? ' (and more not loaded)' : ''} starred queries, ${whose}.`],
    blocks: [
      {
        label: 'starred queries',
        items: queries.map((q) => ({
          id: q.id,
          name: q.name,
          ...(q.dataset ? { dataset: q.dataset } : {}),
          apl: q.query.apl,
        })),
        total: more ? queries.length + 1 : queries.length,
      },
    ],
  };
}

export interface ActiveQuery {
  /** The editor's file name (no folders). */
  document: string;
  language: string;
  apl: string;
  /** Which text: the selection, the query under the cursor, or the whole document. */
  from: 'selection' | 'query under the cursor' | 'document';
  dataset?: string;
  range: { label: string; startTime: string; endTime: string };
}

export function activeQueryReport(
  deployment: DeploymentLabel | undefined,
  active: ActiveQuery | undefined,
): ToolReport {
  if (!active)
    return {
      deployment,
      lines: ['No APL query is open: the active editor is not an Axiom APL document and has no selection.'],
    };
  return {
    deployment,
    lines: [
      `The ${active.from} in the active editor (${quoted(active.document)}, language ${active.language}); dataset ${active.dataset ? quoted(active.dataset) : 'not named at its start'}; time range in the status bar: ${active.range.label} (startTime ${active.range.startTime}, endTime ${active.range.endTime}).`,
    ],
    blocks: [{ label: 'APL query', items: [active.apl] }],
  };
}

export function starredDoneReport(
  deployment: DeploymentLabel,
  created: StarredQuery,
  link: string | undefined,
): ToolReport {
  return {
    deployment,
    lines: [
      `Starred the query as ${quoted(created.name)} (id ${created.id}${created.dataset ? `, dataset ${quoted(created.dataset)}` : ''}).${link ? ` In the web app: ${link}` : ''}`,
    ],
  };
}

/** The annotations of a time span, each with its fields as the service sent them (data). */
export function annotationsReport(
  deployment: DeploymentLabel,
  annotations: readonly Annotation[],
  datasets: readonly string[],
  days: number,
): ToolReport {
  const which = datasets.length ? `of the datasets ${datasets.map(quoted).join(', ')}` : 'of every dataset';
  return {
    deployment,
    lines: [`${annotations.length} annotations ${which} in the last ${days} days, newest first.`],
    blocks: [
      {
        label: 'annotations',
        items: [...annotations]
          .sort((a, b) => Date.parse(b.time) - Date.parse(a.time))
          .map((a) => ({
            id: a.id,
            type: a.type,
            title: a.title,
            time: a.time,
            ...(a.endTime ? { endTime: a.endTime } : {}),
            datasets: a.datasets,
            ...(a.description ? { description: a.description } : {}),
            ...(a.url ? { url: a.url } : {}),
          })),
      },
    ],
  };
}

export function annotationDoneReport(deployment: DeploymentLabel, created: Annotation): ToolReport {
  return {
    deployment,
    lines: [`Created the annotation with id ${quoted(created.id)}; as Axiom holds it now:`],
    blocks: [
      {
        label: 'annotation created',
        items: [
          {
            type: created.type,
            title: created.title,
            time: created.time,
            ...(created.endTime ? { endTime: created.endTime } : {}),
            datasets: created.datasets,
          },
        ],
      },
    ],
  };
}

export function monitorSavedReport(
  deployment: DeploymentLabel,
  monitor: { id: string; name: string },
  what: 'updated' | 'created',
  fields: readonly string[],
  link: string | undefined,
): ToolReport {
  return {
    deployment,
    lines: [
      what === 'created'
        ? `Created the monitor ${quoted(monitor.name)} (id ${monitor.id}).${link ? ` In the web app: ${link}` : ''}`
        : `Updated the monitor ${quoted(monitor.name)} (id ${monitor.id}): ${fields.length ? fields.join(', ') : 'nothing changed'}.${link ? ` In the web app: ${link}` : ''}`,
    ],
  };
}

/** What the service would refuse, found before anything was sent. */
export function monitorRefusedReport(
  deployment: DeploymentLabel | undefined,
  problems: readonly { field: string; reason: string }[],
): ToolReport {
  return {
    deployment,
    lines: ['Nothing was sent: the monitor would not be valid. Fix these and call the tool again.'],
    blocks: [{ label: 'problems', ours: true, items: problems.map((p) => ({ field: p.field, problem: p.reason })) }],
  };
}

/** What the tools say when their share of the rate limit is used up for now. */
export function overBudgetReport(deployment: DeploymentLabel | undefined, waitMs: number): ToolReport {
  return {
    deployment,
    lines: [
      `Nothing was sent: the tools' share of this token's rate limit is used for now. Try again in about ${Math.ceil(waitMs / 1000)} seconds.`,
    ],
  };
}

/** A failure of a call, said as one: the budget, a cancel, or the reason (as data) and what helps. */
export function callFailedReport(deployment: DeploymentLabel | undefined, tool: string, error: unknown): ToolReport {
  if (error instanceof OverBudget) return overBudgetReport(deployment, error.waitMs);
  if (isAxiomError(error) && error.kind === 'cancelled')
    return { deployment, lines: ['Cancelled: the request was stopped.'] };
  return failureReport(
    deployment,
    tool,
    render(reasonFor(error)),
    isAxiomError(error) && (error.kind === 'auth' || error.kind === 'config')
      ? 'Ask the person to run "Axiom: Set API Token" or "Axiom: Test Connection" from the Command Palette.'
      : undefined,
  );
}

/** A write that could not be prepared: nothing was sent, and the person was not asked. */
export function unpreparedReport(deployment: DeploymentLabel | undefined, tool: string, why: Unprepared): ToolReport {
  switch (why.kind) {
    case 'signedOut':
      return signInReport(deployment);
    case 'notFound':
      return {
        deployment,
        lines: [
          `No monitor has the id or name ${quoted(why.monitor)}; nothing was sent. axiom_listMonitors lists them.`,
        ],
      };
    case 'ambiguous':
      return {
        deployment,
        lines: [
          `Nothing was sent: ${why.matches.length} monitors have the name ${quoted(why.monitor)}, so which one is meant is not clear. They are below; call the tool again with the id of the one meant.`,
        ],
        blocks: [{ label: 'monitors with that name', items: why.matches }],
      };
    case 'refused':
      return monitorRefusedReport(
        deployment,
        why.problems.map((p) => ({ field: p.field, reason: render(p.reason) })),
      );
    case 'unchanged':
      return {
        deployment,
        lines: [`Nothing was sent: the monitor with id ${why.id} already has these settings.`],
      };
    case 'chartNotFound':
    case 'chartUnchanged':
      return chartUnpreparedReport(deployment, why);
    case 'holdsSecret':
      return {
        deployment,
        lines: [
          `Nothing was sent, and the person was not asked: ${why.places.join(', ')} would carry a value shaped like an Axiom token (or a token of this session). A token is never sent in a record, masked or not; call the tool again without it.`,
        ],
      };
    case 'invalidAnnotation':
      return {
        deployment,
        lines: ['Nothing was sent: the annotation would not be valid. Fix these and call the tool again.'],
        blocks: [
          {
            label: 'problems',
            ours: true,
            items: why.problems.map((p) => ({ field: p.field, problem: render(p.reason) })),
          },
        ],
      };
    case 'unreadable': {
      const failed = callFailedReport(deployment, tool, why.error);
      return {
        ...failed,
        lines: [
          'The change cannot be prepared, so nothing was sent and the person was not asked: what it would change could not be read from Axiom now.',
          ...failed.lines,
        ],
      };
    }
  }
}

/** A write called without its preparation (none, or one older than its lifetime): nothing sent. */
export function notPreparedReport(deployment: DeploymentLabel | undefined): ToolReport {
  return {
    deployment,
    lines: [
      'Nothing was sent: this change was not prepared and confirmed with this input (or its confirmation is older than 30 minutes). Call the tool again: the person is asked to confirm what it will send.',
    ],
  };
}

/** The window switched deployment between the confirmation and the call: nothing sent. */
export function deploymentMovedReport(now: DeploymentLabel, confirmed: DeploymentLabel): ToolReport {
  return {
    deployment: now,
    lines: [
      `Nothing was sent: the change was confirmed for the deployment ${deploymentWords(confirmed)}, and the window now uses ${deploymentWords(now)}. Call the tool again to confirm it on the deployment in use now.`,
    ],
  };
}

function deploymentWords(label: DeploymentLabel): string {
  return label.name ? `${quoted(label.name)} (${label.host})` : label.host;
}

/** The monitor changed in Axiom between the confirmation and the call: nothing sent, as a save refuses. */
export function monitorConflictReport(deployment: DeploymentLabel, id: string, fields: readonly string[]): ToolReport {
  return {
    deployment,
    lines: [
      `Nothing was sent: the monitor with id ${id} changed in Axiom since the change was confirmed (the fields that changed are below). Call the tool again: the person is asked to confirm the change over the monitor as it is now.`,
    ],
    blocks: [{ label: 'fields changed in Axiom', items: fields }],
  };
}
