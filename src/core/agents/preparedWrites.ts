// The write tools' two steps. Preparing resolves everything a write depends on before the person
// is asked: the deployment, the monitor's id (an id, or a name that only one monitor has), the
// monitor as it is now and the exact body to send. Sending sends that body and nothing else, to
// that id on that deployment, or nothing when any of them moved since: the window switched
// deployment, or the monitor changed in Axiom (a conflict, as a save finds one). A write that
// cannot be prepared (signed out, not found, two monitors of that name, the checks refusing it,
// the monitor unreadable now) is never sent. VS Code hands a call's input to both steps and
// nothing else that ties them, so a preparation is kept under its tool and canonical input and
// taken once by the call that follows.
import type { Deployment } from '../accounts/deployments';
import type { AxiomClient } from '../api/client';
import { holdsSecret } from '../api/secrets';
import type { StarredQuery } from '../api/starred';
import {
  annotationProblems,
  NEW_ANNOTATION_REQUIRED,
  type Annotation,
  type FieldProblem,
  type NewAnnotation,
} from '../api/annotations';
import { isDashboardConflict, type DashboardChartPatch, type DashboardRecord } from '../api/dashboards';
import type { StarredQueryInput } from '../api/schemas';
import { datasetFromApl } from '../apl/aplText';
import { canonicalJson, isJsonObject, type JsonObject } from '../json';
import { postBody, putBody } from '../monitors/monitorBodies';
import type { MonitorProblem } from '../monitors/monitorChecks';
import type { MonitorRecord } from '../api/monitorRecord';
import {
  blockingProblems,
  createMonitor,
  monitorRequestsThrough,
  putMonitorIfUnchanged,
} from '../monitors/monitorWrites';
import { whoAmI } from '../starred/whoAmI';
import { TOOL_SPECS, type ToolInputs } from './toolSpecs';

/** The tools that change something in Axiom: those toolSpecs.ts marks as writing. */
export type WriteTool = Extract<(typeof TOOL_SPECS)[number], { writes: true }>['name'];

export function isWriteTool(name: string): name is WriteTool {
  return TOOL_SPECS.some((spec) => spec.name === name && spec.writes);
}

/** A setting as a confirmation shows it: the field, what it is now (undefined: a new record), what it will be. */
export type SettingChange = readonly [field: string, before: unknown, after: unknown];

export type WritePlan =
  | {
      tool: 'axiom_updateMonitor';
      id: string;
      name: string;
      /** The monitor as read while preparing: the call sends only if it is still so. */
      fresh: JsonObject;
      body: JsonObject;
      changes: SettingChange[];
    }
  | { tool: 'axiom_createMonitor'; body: JsonObject }
  | { tool: 'axiom_starQuery'; body: StarredQueryInput }
  | { tool: 'axiom_createAnnotation'; body: NewAnnotation }
  | {
      tool: 'axiom_updateDashboardChart';
      uid: string;
      chartId: string;
      /** The PATCH body: the chart's changed keys, with the version the dashboard was read at. */
      body: DashboardChartPatch;
      changes: SettingChange[];
    };

/** Why a write could not be prepared; nothing is sent for it. */
export type Unprepared =
  | { kind: 'signedOut' }
  | { kind: 'notFound'; monitor: string }
  | { kind: 'ambiguous'; monitor: string; matches: { id: string; name: string }[] }
  | { kind: 'refused'; problems: MonitorProblem[] }
  | { kind: 'invalidAnnotation'; problems: FieldProblem[] }
  | { kind: 'unchanged'; id: string; name: string }
  | { kind: 'chartNotFound'; uid: string; chartId: string }
  | { kind: 'chartUnchanged'; uid: string; chartId: string }
  /** The body would carry a token-like value (a key or a text the masks would mask, secrets.ts),
   *  at these places: sent neither masked (the confirmation would not be what is sent) nor as it is. */
  | { kind: 'holdsSecret'; places: string[] }
  | { kind: 'unreadable'; error: unknown };

export type Preparation =
  { ok: true; deployment: Deployment; plan: WritePlan } | { ok: false; deployment?: Deployment; why: Unprepared };

export type SendOutcome =
  | { kind: 'moved'; now: Deployment }
  | { kind: 'signedOut' }
  | { kind: 'conflict'; fields: string[] }
  | { kind: 'updated'; record: MonitorRecord }
  | { kind: 'created'; record: MonitorRecord }
  | { kind: 'starred'; created: StarredQuery }
  | { kind: 'annotated'; created: Annotation }
  | { kind: 'chartUpdated'; record: DashboardRecord }
  | { kind: 'dashboardConflict'; uid: string; currentVersion?: number };

/** The window's deployment and its client (none without a token), taken together. */
export interface WriteSession {
  deployment: Deployment;
  client: AxiomClient | undefined;
}

/** How a tool's requests are sent: through its budget, cancelled by the call's signal. */
export interface WriteRequests {
  gate: <T>(request: () => Promise<T>) => Promise<T>;
  signal: AbortSignal;
}

/** Resolves a write whose input is valid: what will be sent, where, or why nothing can be. */
export async function prepareWrite<N extends WriteTool>(
  tool: N,
  input: ToolInputs[N],
  session: () => Promise<WriteSession>,
  requests: WriteRequests,
): Promise<Preparation> {
  let deployment: Deployment | undefined;
  try {
    const taken = await session();
    deployment = taken.deployment;
    if (!taken.client) return { ok: false, deployment, why: { kind: 'signedOut' } };
    const planned = await plan(tool, input, taken.client, requests);
    if (!('tool' in planned)) return { ok: false, deployment, why: planned };
    const places = secretPlaces(planned.body);
    if (places.length) return { ok: false, deployment, why: { kind: 'holdsSecret', places } };
    return { ok: true, deployment, plan: planned };
  } catch (error) {
    return { ok: false, deployment, why: { kind: 'unreadable', error } };
  }
}

async function plan(
  tool: WriteTool,
  input: ToolInputs[WriteTool],
  client: AxiomClient,
  { gate, signal }: WriteRequests,
): Promise<WritePlan | Unprepared> {
  switch (tool) {
    case 'axiom_starQuery': {
      const { apl, name, dataset } = input as ToolInputs['axiom_starQuery'];
      const who = await gate(() => whoAmI(client));
      const body: StarredQueryInput = { kind: 'apl', name, who, query: { apl }, metadata: {} };
      const named = dataset ?? datasetFromApl(apl);
      return { tool, body: named ? { ...body, dataset: named } : body };
    }
    case 'axiom_createAnnotation': {
      // The exact body the confirmation shows: the time fixed now when none was given.
      const { datasets, time, ...rest } = input as ToolInputs['axiom_createAnnotation'];
      const body: NewAnnotation = {
        ...rest,
        datasets: datasets
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
        time: time ?? new Date().toISOString(),
      };
      const problems = annotationProblems({ ...body }, NEW_ANNOTATION_REQUIRED);
      return problems.length ? { kind: 'invalidAnnotation', problems } : { tool, body };
    }
    case 'axiom_createMonitor': {
      const body = postBody({ ...(input as ToolInputs['axiom_createMonitor']) });
      const problems = blockingProblems(body);
      return problems.length ? { kind: 'refused', problems } : { tool, body };
    }
    case 'axiom_updateDashboardChart': {
      const { uid, chartId, ...wanted } = input as ToolInputs['axiom_updateDashboardChart'];
      const { resource, document } = await gate(() => client.getDashboard(uid, signal));
      const charts = Array.isArray(document.charts) ? document.charts : [];
      const chart = charts.find((c): c is JsonObject => isJsonObject(c) && c.id === chartId);
      if (!chart) return { kind: 'chartNotFound', uid, chartId };
      const query = isJsonObject(chart.query) ? chart.query : {};
      const changes: SettingChange[] = [
        ...(wanted.name !== undefined && wanted.name !== chart.name
          ? [['name', chart.name, wanted.name] as const]
          : []),
        ...(wanted.apl !== undefined && wanted.apl !== query.apl
          ? [['query.apl', query.apl, wanted.apl] as const]
          : []),
      ];
      if (!changes.length) return { kind: 'chartUnchanged', uid, chartId };
      // A JSON merge patch of the one chart: only the keys changed; its query's other keys stay.
      const patch: JsonObject = {};
      for (const [field, , after] of changes)
        if (field === 'name') patch.name = after;
        else patch.query = { apl: after as string };
      return { tool, uid, chartId, body: { chart: patch, version: resource.version }, changes };
    }
    case 'axiom_updateMonitor': {
      const wanted = input as ToolInputs['axiom_updateMonitor'];
      const { monitors } = await gate(() => client.listMonitors(signal));
      const found = matchMonitor(monitors, wanted.monitor);
      if (!('id' in found)) return found;
      const { id, name } = found;
      const fresh = (await gate(() => client.getMonitor(id, signal))).raw;
      const changes = monitorChanges(fresh, wanted);
      if (!changes.length) return { kind: 'unchanged', id, name };
      const body = putBody(fresh, Object.fromEntries(changes.map(([field, , after]) => [field, after])));
      // What was there before is the service's to judge: only the settings changed are checked.
      const problems = blockingProblems(
        body,
        changes.map(([field]) => field),
      );
      return problems.length ? { kind: 'refused', problems } : { tool, id, name, fresh, body, changes };
    }
  }
}

/** Where in `value` (a body to send) a key or a text holds a token-like value, as JSON paths
 *  (`$.description`, `$.datasets[1]`); none: it may be sent. */
export function secretPlaces(value: unknown, path = '$'): string[] {
  if (typeof value === 'string') return holdsSecret(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => secretPlaces(item, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const place = `${path}.${key}`;
    return holdsSecret(key) ? [place] : secretPlaces(item, place);
  });
}

/** The one monitor of that id, else the one of that exact name; none, or two of one name, said as such. */
export function matchMonitor<M extends { id: string; name: string }>(
  monitors: readonly M[],
  idOrName: string,
): M | Extract<Unprepared, { kind: 'notFound' | 'ambiguous' }> {
  const byId = monitors.filter((m) => m.id === idOrName);
  const matches = byId.length ? byId : monitors.filter((m) => m.name === idOrName);
  if (!matches.length) return { kind: 'notFound', monitor: idOrName };
  if (matches.length > 1)
    return { kind: 'ambiguous', monitor: idOrName, matches: matches.map((m) => ({ id: m.id, name: m.name })) };
  return matches[0];
}

/** Whether two deployments are one: the same name, address and org. */
export function sameDeployment(a: Deployment, b: Deployment): boolean {
  return a.name === b.name && a.url === b.url && (a.orgId ?? '') === (b.orgId ?? '');
}

/** Sends what was prepared, exactly, or nothing when the deployment or the monitor moved since. */
export async function sendPrepared(
  prepared: Extract<Preparation, { ok: true }>,
  now: WriteSession,
  { gate, signal }: WriteRequests,
): Promise<SendOutcome> {
  if (!sameDeployment(prepared.deployment, now.deployment)) return { kind: 'moved', now: now.deployment };
  const { client } = now;
  if (!client) return { kind: 'signedOut' };
  const { plan } = prepared;
  const requests = monitorRequestsThrough(client, gate, signal);
  switch (plan.tool) {
    case 'axiom_updateMonitor': {
      const outcome = await putMonitorIfUnchanged(requests, plan.id, plan.fresh, plan.body);
      return outcome.kind === 'conflict'
        ? { kind: 'conflict', fields: outcome.fields }
        : { kind: 'updated', record: outcome.record };
    }
    case 'axiom_createMonitor': {
      // Checked while preparing; the POST body of a POST body is itself.
      const outcome = await createMonitor(requests, plan.body, { checking: 'none' });
      if (outcome.kind !== 'created') throw new Error(`a checked monitor came back ${outcome.kind}`);
      return { kind: 'created', record: outcome.record };
    }
    case 'axiom_starQuery':
      return { kind: 'starred', created: await gate(() => client.createStarredQuery(plan.body, signal)) };
    case 'axiom_createAnnotation':
      return {
        kind: 'annotated',
        created: (await gate(() => client.createAnnotation(plan.body, signal))).annotation,
      };
    case 'axiom_updateDashboardChart':
      try {
        const written = await gate(() => client.patchDashboardChart(plan.uid, plan.chartId, plan.body, signal));
        return { kind: 'chartUpdated', record: written.record };
      } catch (error) {
        // The version read is not Axiom's now: nothing was changed, the person confirms again.
        if (isDashboardConflict(error))
          return { kind: 'dashboardConflict', uid: plan.uid, currentVersion: error.currentVersion };
        throw error;
      }
  }
}

/** How long a preparation waits for its call: a person may take a while to answer. */
export const PREPARATION_LIFETIME_MS = 30 * 60_000;
/** Most preparations kept at once (calls declined leave theirs behind until they expire). */
const MOST_KEPT = 50;

/**
 * The preparations not yet taken, under their tool and canonical input. A call takes the newest
 * of its key, once: what sendPrepared then checks (the deployment, the monitor unchanged) holds
 * whichever preparation of the same input it is, so an older one left by a declined call cannot
 * send anything that was not shown.
 */
export class Preparations {
  private readonly kept: { key: string; at: number; preparation: Preparation }[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  static key(tool: string, input: unknown): string {
    return `${tool} ${canonicalJson(input ?? {})}`;
  }

  remember(key: string, preparation: Preparation): void {
    this.prune();
    this.kept.push({ key, at: this.now(), preparation });
    if (this.kept.length > MOST_KEPT) this.kept.shift();
  }

  take(key: string): Preparation | undefined {
    this.prune();
    for (let i = this.kept.length - 1; i >= 0; i--)
      if (this.kept[i].key === key) return this.kept.splice(i, 1)[0].preparation;
    return undefined;
  }

  private prune(): void {
    const oldest = this.now() - PREPARATION_LIFETIME_MS;
    while (this.kept.length && this.kept[0].at < oldest) this.kept.shift();
  }
}

/** The settings an update names, as they will be sent: field → [now, then]. Absent settings are left out. */
export function monitorChanges(raw: Record<string, unknown>, wanted: object): [string, unknown, unknown][] {
  // `disabled` and the rest as named; `monitor` names which one, it is no setting.
  return Object.entries(wanted as Record<string, unknown>)
    .filter(
      ([key, value]) =>
        key !== 'monitor' && value !== undefined && JSON.stringify(raw[key] ?? null) !== JSON.stringify(value),
    )
    .map(([key, value]) => [key, raw[key] ?? null, value]);
}
