import { phrase } from '../phrase';
import { AxiomError, isAxiomError } from './errors';
import type { ApiEndpoint } from './baseUrl';
import { BODY_TOO_LARGE, MAX_BODY_BYTES } from './transport';
import { maskSecrets } from './secrets';
import {
  parseBody,
  parseFieldList,
  parseHistory,
  parseMonitorList,
  parseVirtualFieldList,
  type HistoryList,
  type MonitorList,
} from './parse';
import { ApiHttp, type ClientOptions, type SendOptions } from './http';
import {
  currentUserSchema,
  orgListSchema,
  type Org,
  datasetListSchema,
  type CurrentUser,
  type Dataset,
  type DatasetField,
  type StarredQueryInput,
  type VirtualField,
} from './schemas';
import { readTabular, type TabularResult } from './tabular';
import { datasetsQueried } from '../apl/datasetsRead';
import { parseApl } from '../apl/syntaxParser';
import { defaultEdgeUrl, edgeForDatasets, edgesInUse, edgeTokenError, type EdgeFacts, type EdgeInUse } from './edges';
import { SharedRead } from './sharedRead';
import { readTabularHead } from './tabularHead';
import { FIRST_ROWS } from '../firstRows';
import { parseNotifiers, readMonitorRecord, type MonitorRecord, type Notifier } from './monitorRecord';
import { idSegment } from './idSegment';
import { readUserList, type User } from './users';
import {
  checkStarredBody,
  parseStarredList,
  readStarredRecord,
  starredInputBody,
  type JsonObject,
  type StarredList,
  type StarredPageRequest,
  type StarredQuery,
  type StarredRecord,
} from './starred';
import {
  annotationQuery,
  checkAnnotationBody,
  NEW_ANNOTATION_REQUIRED,
  parseAnnotationList,
  readAnnotationRecord,
  type AnnotationFilter,
  type AnnotationList,
  type AnnotationRecord,
  type NewAnnotation,
} from './annotations';
import {
  checkDashboardDocument,
  dashboardPath,
  dashboardRefusal,
  parseDashboardList,
  readDashboardRecord,
  readDashboardWrite,
  type DashboardChartPatch,
  type DashboardCreate,
  type DashboardList,
  type DashboardRecord,
  type DashboardUpdate,
  type DashboardWrite,
} from './dashboards';
import { MetricsApi } from './metrics';

export type { MonitorList } from './parse';
export type { Dataset, DatasetField, VirtualField } from './schemas';
export type { TabularResult } from './tabular';

/** The time range of a query as the API takes it: RFC 3339 or relative (`now-1h`); see run/timeRange.ts. */
export interface AplRange {
  startTime: string;
  endTime: string;
}

export { MAX_BODY_BYTES, decodeText } from './transport';

/**
 * The API's endpoints, each a method, grouped by job below: what each sends and what it makes of the
 * answer. Sending is the HTTP engine's (http.ts); reading each job's records is its module's
 * (monitorRecord.ts, starred.ts, annotations.ts, dashboards.ts, parse.ts, tabular.ts).
 */
export class AxiomClient {
  readonly endpoint: ApiEndpoint;
  private readonly http: ApiHttp;
  /** Metrics through the edge query API: MPL and the metrics info endpoints (metrics.ts). */
  readonly metrics: MetricsApi;
  /** What the deployment knows of its edges, read on the first query that names a dataset (see edgeFacts). */
  private edges?: { read: SharedRead<EdgeFacts>; readAt: number };

  constructor(private readonly options: ClientOptions) {
    this.http = new ApiHttp(options);
    this.endpoint = this.http.endpoint;
    this.metrics = new MetricsApi(this.http);
  }

  /** Logs the entries of a list that could not be read: how many of how many, and the first one's why. */
  private logSkipped(what: string, skipped: readonly { index: number; reason: string }[], kept: number): void {
    if (!skipped.length) return;
    this.options.logger?.warn(
      `skipped ${skipped.length} of ${skipped.length + kept} ${what} that could not be read; first: [${skipped[0].index}] ${skipped[0].reason}`,
    );
  }

  // Monitors and notifiers.

  async listMonitors(signal?: AbortSignal): Promise<MonitorList> {
    const list = parseMonitorList(await this.http.send('GET', '/monitors', undefined, signal));
    const { skipped, dropped } = list;
    this.logSkipped('monitors', skipped, list.monitors.length);
    if (dropped.length) {
      const monitors = new Set(dropped.map((d) => d.index)).size;
      const total = skipped.length + list.monitors.length;
      this.options.logger?.warn(
        `left out ${dropped.length} fields that could not be read from ${monitors} of ${total} monitors, shown without them; first: [${dropped[0].index}] ${dropped[0].reason}`,
      );
    }
    return list;
  }

  /** A monitor's state changes between two times (both required by the API). */
  async getMonitorHistory(monitorId: string, start: Date, end: Date, signal?: AbortSignal): Promise<HistoryList> {
    const query = `startTime=${encodeURIComponent(start.toISOString())}&endTime=${encodeURIComponent(end.toISOString())}`;
    return parseHistory(
      await this.http.send('GET', `/monitors/${idSegment(monitorId)}/history?${query}`, undefined, signal),
    );
  }

  /** One monitor, read to be changed: the record as sent is kept beside what the extension reads of it. */
  async getMonitor(id: string, signal?: AbortSignal): Promise<MonitorRecord> {
    return readMonitorRecord(await this.http.send('GET', monitorPath(id), undefined, signal));
  }

  /**
   * Replaces the monitor with `body`, the whole record (see putBody). Sent once, never repeated.
   * When a 2xx answer is not a monitor the extension can read, the record is what was sent: it was saved.
   */
  async updateMonitor(id: string, body: JsonObject, signal?: AbortSignal): Promise<MonitorRecord> {
    return this.http.write('PUT', monitorPath(id), body, signal, readMonitorRecord, { ...body, id });
  }

  /** Creates a monitor (see postBody). Sent once, never repeated: a second POST would make a second monitor. */
  async createMonitor(body: JsonObject, signal?: AbortSignal): Promise<MonitorRecord> {
    return this.http.write('POST', '/monitors', body, signal, readMonitorRecord);
  }

  /** Deletes the monitor (204). Sent once, never repeated. */
  async deleteMonitor(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.send('DELETE', monitorPath(id), undefined, signal);
  }

  /** The organisation's notifiers, by name and kind of channel (never their settings). */
  async listNotifiers(signal?: AbortSignal): Promise<Notifier[]> {
    const { notifiers, skipped } = parseNotifiers(await this.http.send('GET', '/notifiers', undefined, signal));
    if (skipped) this.options.logger?.warn(`skipped ${skipped} notifiers that could not be read`);
    return notifiers;
  }

  // Starred queries.

  async createStarredQuery(input: StarredQueryInput, signal?: AbortSignal): Promise<StarredQuery> {
    const body = starredInputBody(input);
    return readStarredRecord(await this.http.send('POST', '/apl-starred-queries', body, signal)).query;
  }

  /** One page of starred queries; entries that cannot be read are skipped, counted and logged. */
  async listStarredQueries(page: StarredPageRequest, signal?: AbortSignal): Promise<StarredList> {
    const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
    if (page.who) params.set('who', page.who);
    if (page.dataset) params.set('dataset', page.dataset);
    if (page.qs) params.set('qs', page.qs);
    const list = parseStarredList(
      await this.http.send('GET', `/apl-starred-queries?${params.toString()}`, undefined, signal),
    );
    this.logSkipped('starred queries', list.skipped, list.queries.length);
    return list;
  }

  async getStarredQuery(id: string, signal?: AbortSignal): Promise<StarredRecord> {
    return readStarredRecord(await this.http.send('GET', starredPath(id), undefined, signal));
  }

  /**
   * Replaces the starred query with `body`, the whole record (the API has no partial update), sent
   * as it is once it carries what the API requires. A PUT goes out once. When the answer is not a
   * record the extension can read, the record is what was sent: it was saved.
   */
  async updateStarredQuery(id: string, body: JsonObject, signal?: AbortSignal): Promise<StarredRecord> {
    checkStarredBody(body);
    return this.http.write('PUT', starredPath(id), body, signal, readStarredRecord, { ...body, id });
  }

  /** Deletes the starred query (204). Never repeated: a DELETE goes out once. */
  async deleteStarredQuery(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.send('DELETE', starredPath(id), undefined, signal);
  }

  // Annotations.

  /** Annotations of any of the datasets within the times; entries that cannot be read are skipped, counted and logged. */
  async listAnnotations(filter: AnnotationFilter, signal?: AbortSignal): Promise<AnnotationList> {
    const list = parseAnnotationList(
      await this.http.send('GET', `/annotations${annotationQuery(filter)}`, undefined, signal),
    );
    this.logSkipped('annotations', list.skipped, list.annotations.length);
    return list;
  }

  async getAnnotation(id: string, signal?: AbortSignal): Promise<AnnotationRecord> {
    return readAnnotationRecord(await this.http.send('GET', annotationPath(id), undefined, signal));
  }

  /** Creates an annotation once its fields pass the API's rules. Sent once, never repeated: a second POST would make a second one. */
  async createAnnotation(annotation: NewAnnotation, signal?: AbortSignal): Promise<AnnotationRecord> {
    const body: JsonObject = { ...annotation };
    checkAnnotationBody(body, NEW_ANNOTATION_REQUIRED);
    return this.http.write('POST', '/annotations', body, signal, readAnnotationRecord);
  }

  /**
   * Changes the fields `changes` carries (the API's update takes any of them; the others stay as
   * they are), sent as it is, unknown fields too, once the fields it carries pass the API's rules
   * (an end before the start is judged against `saved` too).
   * Sent once. When the answer is not an annotation the extension can read, `saved` (the record
   * as it was read, with the changes) is taken: it was saved.
   */
  async updateAnnotation(
    id: string,
    changes: JsonObject,
    saved: JsonObject,
    signal?: AbortSignal,
  ): Promise<AnnotationRecord> {
    checkAnnotationBody(changes, [], saved);
    return this.http.write('PUT', annotationPath(id), changes, signal, readAnnotationRecord, {
      ...saved,
      ...changes,
      id,
    });
  }

  /** Deletes the annotation (204). Never repeated: a DELETE goes out once. */
  async deleteAnnotation(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.send('DELETE', annotationPath(id), undefined, signal);
  }

  // Dashboards.

  /** Every dashboard the caller may see, a page of DASHBOARD_PAGE at a time (at most MAX_DASHBOARD_PAGES);
   *  entries that cannot be read are skipped, counted and logged. */
  async listDashboards(signal?: AbortSignal): Promise<DashboardList> {
    const list: DashboardList = { dashboards: [], skipped: [] };
    for (let page = 0; page < MAX_DASHBOARD_PAGES; page++) {
      const offset = page * DASHBOARD_PAGE;
      const body = await this.http.send(
        'GET',
        `/dashboards?limit=${DASHBOARD_PAGE}&offset=${offset}`,
        undefined,
        signal,
      );
      const read = parseDashboardList(body);
      list.dashboards.push(...read.dashboards);
      list.skipped.push(...read.skipped.map((s) => ({ ...s, index: s.index + offset })));
      if ((body as unknown[]).length < DASHBOARD_PAGE) break;
    }
    this.logSkipped('dashboards', list.skipped, list.dashboards.length);
    return list;
  }

  async getDashboard(uid: string, signal?: AbortSignal): Promise<DashboardRecord> {
    return readDashboardRecord(await this.http.send('GET', dashboardPath(uid), undefined, signal));
  }

  /** Creates a dashboard (with the uid asked for, if any). Sent once; one that exists already is a conflict. */
  async createDashboard(input: DashboardCreate, signal?: AbortSignal): Promise<DashboardWrite> {
    checkDashboardDocument(input.dashboard);
    return readDashboardWrite(await this.http.send('POST', '/dashboards', input, signal, DASHBOARD_WRITE));
  }

  /**
   * Replaces the dashboard's document, with the version it was read at (or `overwrite`, only when the
   * person chose to). Sent once. Changed in Axiom since: a conflict error (isDashboardConflict) with
   * the version Axiom holds.
   */
  async updateDashboard(uid: string, update: DashboardUpdate, signal?: AbortSignal): Promise<DashboardWrite> {
    checkDashboardDocument(update.dashboard);
    return readDashboardWrite(await this.http.send('PUT', dashboardPath(uid), update, signal, DASHBOARD_WRITE));
  }

  /** Deletes the dashboard (204). Sent once. */
  async deleteDashboard(uid: string, signal?: AbortSignal): Promise<void> {
    await this.http.send('DELETE', dashboardPath(uid), undefined, signal);
  }

  /** Changes one chart by a JSON merge patch, with the version the dashboard was read at. Sent once. */
  async patchDashboardChart(
    uid: string,
    chartId: string,
    patch: DashboardChartPatch,
    signal?: AbortSignal,
  ): Promise<DashboardWrite> {
    const path = `${dashboardPath(uid)}/charts/${idSegment(chartId)}`;
    return readDashboardWrite(await this.http.send('PATCH', path, patch, signal, DASHBOARD_WRITE));
  }

  // Datasets, their fields, and queries.

  /** The datasets the token may see, with their kind and description. */
  async listDatasets(signal?: AbortSignal): Promise<Dataset[]> {
    return parseBody(
      datasetListSchema,
      await this.http.send('GET', '/datasets', undefined, signal),
      phrase('dataset list'),
    );
  }

  /** A dataset's virtual fields (fields computed by an APL expression). */
  async listVirtualFields(dataset: string, signal?: AbortSignal): Promise<VirtualField[]> {
    return parseVirtualFieldList(
      await this.http.send('GET', `/vfields?dataset=${encodeURIComponent(dataset)}`, undefined, signal),
    );
  }

  /** The fields of a dataset (its name works as its id), hidden ones included. */
  async listFields(dataset: string, signal?: AbortSignal): Promise<DatasetField[]> {
    return parseFieldList(await this.http.send('GET', `/datasets/${idSegment(dataset)}/fields`, undefined, signal));
  }

  /**
   * Runs an APL query over the range. Queries live in the v1 API (there is no v2 query endpoint),
   * under the same root as the configured URL, or at `/v1/query/_apl` of the edge that holds the
   * datasets the query reads (edgeFor). Sent once, never repeated. A query that does not
   * compile rejects with a `badRequest` error carrying `compile`; 430 with `queryLimited`.
   * With `firstRows`, a large answer's first FIRST_ROWS rows (readTabularHead) are handed to it
   * before the whole body is parsed, and parsing waits until what it returns has settled: the
   * results panel paints them while the rest is read. `datasets`: those the query reads, when the
   * caller has parsed it already (core/run/queryPlan.ts), so that a run parses its text once.
   */
  async runApl(
    apl: string,
    range: AplRange,
    signal?: AbortSignal,
    firstRows?: (head: TabularResult) => unknown,
    datasets: readonly string[] = datasetsQueried(parseApl(apl)),
  ): Promise<TabularResult> {
    let body: unknown;
    const peek =
      firstRows &&
      (async (text: string) => {
        const head = text.length >= HEAD_FIRST_CHARS ? readTabularHead(text, FIRST_ROWS) : undefined;
        if (head) await firstRows(head);
      });
    // The edge that holds the datasets the query reads (from its syntax tree), or the deployment's own endpoint.
    const edge = await this.edgeFor(datasets, signal);
    try {
      body = await this.http.send(
        'POST',
        edge === undefined ? '/datasets/_apl?format=tabular' : '/query/_apl?format=tabular',
        { apl, startTime: range.startTime, endTime: range.endTime },
        signal,
        {
          root: edge === undefined ? this.http.v1Base() : `${edge}/v1`,
          timeoutMs: Math.max(this.options.timeoutMs, QUERY_TIMEOUT_MS),
          peek,
        },
      );
    } catch (error) {
      if (isAxiomError(error) && error.code === BODY_TOO_LARGE) throw resultTooLarge(error);
      throw this.edgeRefusal(edge, error);
    }
    const result = readTabular(body);
    if (result.repairs.length) {
      this.options.logger?.warn(
        `query result: ${result.repairs.length} parts did not fit and were left out or shown empty; first: ${maskSecrets(result.repairs[0])}`,
      );
    }
    return result;
  }

  // Edges.

  /**
   * The edge base URL (`https://eu-central-1.aws.edge.axiom.co`, no path) that serves a query over
   * these datasets, or undefined when the deployment's own endpoint does (APL at /v1/datasets/_apl).
   * Rejects before anything is sent, with an error naming both (code TWO_EDGES, edges.ts), when they
   * are on two edges. An edge's query endpoints are under `{base}/v1/query/` (`_apl`, `_mpl`, metrics info).
   */
  async edgeFor(datasets: readonly string[], signal?: AbortSignal): Promise<string | undefined> {
    if (!datasets.length && !this.options.edgeUrl) return undefined;
    return edgeForDatasets(datasets, await this.edgeFacts(datasets, signal));
  }

  /** The edge base URL an MPL query over these datasets goes to: theirs, or the deployment's default edge (edges.ts). */
  async mplEdgeFor(datasets: readonly string[], signal?: AbortSignal): Promise<string> {
    const facts = await this.edgeFacts(datasets, signal);
    return edgeForDatasets(datasets, facts) ?? defaultEdgeUrl(facts);
  }

  /** The edge the person set and the edges other than the default that hold datasets, with their addresses (edges.ts). */
  async edgesInUse(signal?: AbortSignal): Promise<EdgeInUse[]> {
    return edgesInUse(await this.edgeFacts([], signal));
  }

  /** Sends an edge a query that reads nothing: it answers when it takes this token (Test Connection). */
  async checkEdge(edge: string, signal?: AbortSignal): Promise<void> {
    try {
      await this.http.send('POST', '/query/_apl?format=tabular', { apl: "print edge = 'reached'" }, signal, {
        root: `${edge}/v1`,
      });
    } catch (error) {
      throw this.edgeRefusal(edge, error);
    }
  }

  /** An edge's refusal of the token, said as the kind of token edges take; any other failure as it is. */
  private edgeRefusal(edge: string | undefined, error: unknown): unknown {
    return edge !== undefined && isAxiomError(error) && (error.kind === 'auth' || error.kind === 'forbidden')
      ? edgeTokenError(edge, this.http.currentToken, error)
      : error;
  }

  /**
   * The datasets' edges and the org's default, read once and again when a query names a dataset the
   * list did not hold and the list is older than EDGE_FACTS_FRESH_MS. A list the token may not read
   * leaves every dataset on the default edge (the query still runs; the log says why).
   */
  private async edgeFacts(datasets: readonly string[], signal?: AbortSignal): Promise<EdgeFacts> {
    const now = Date.now();
    const stale = this.edges;
    if (stale && now - stale.readAt > EDGE_FACTS_FRESH_MS) {
      const known = await stale.read.result.catch(() => undefined);
      const names = new Set(known?.datasets.map((d) => d.name));
      if (this.edges === stale && (!known || datasets.some((d) => !names.has(d)))) this.edges = undefined;
    }
    if (this.edges?.read.abandoned) this.edges = undefined;
    if (!this.edges) {
      // One read for every caller, with no caller's signal: each caller's cancel is its own, and
      // the read stops only when every caller waiting for it has cancelled (sharedRead.ts).
      const entry = {
        read: new SharedRead((shared) => this.readEdgeFacts(shared)),
        readAt: now,
      };
      this.edges = entry;
      void entry.read.result.catch(() => {
        if (this.edges === entry) this.edges = undefined;
      });
    }
    return this.edges.read.wait(signal);
  }

  private async readEdgeFacts(signal?: AbortSignal): Promise<EdgeFacts> {
    const unread = (what: string) => (error: unknown) => {
      if (isAxiomError(error) && error.kind === 'cancelled') throw error;
      this.options.logger?.warn(
        `${what} could not be read for the edges (${error instanceof Error ? error.message : String(error)}); queries go to ${this.endpoint.host}`,
      );
      return undefined;
    };
    const orgId = this.options.orgId;
    const [datasets, orgs] = await Promise.all([
      this.listDatasets(signal).catch(unread('the dataset list')),
      orgId ? this.listOrgs(signal).catch(unread('the org list')) : undefined,
    ]);
    return {
      deploymentOrigin: this.endpoint.origin,
      datasets: datasets ?? [],
      defaultEdge: orgs?.find((o) => o.id === orgId)?.defaultEdgeDeployment,
      configuredEdgeUrl: this.options.edgeUrl,
    };
  }

  // Users and orgs.

  /** The orgs the token can act in (a signed-in token, before its org is chosen). */
  async listOrgs(signal?: AbortSignal): Promise<Org[]> {
    return parseBody(orgListSchema, await this.http.send('GET', '/orgs', undefined, signal), phrase('org list'));
  }

  async getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
    return parseBody(currentUserSchema, await this.http.send('GET', '/user', undefined, signal), phrase('user'));
  }

  /** The organisation's users (a token without `users|read` is refused: 403). */
  async listUsers(signal?: AbortSignal): Promise<User[]> {
    return readUserList(await this.http.send('GET', '/users', undefined, signal));
  }
}

/** How dashboard writes are sent: a conflict is told apart (see dashboards.ts). */
const DASHBOARD_WRITE: SendOptions = { refusal: dashboardRefusal };
/** Dashboards asked for per page, and the most pages read: 20,000 dashboards. */
const DASHBOARD_PAGE = 1000;
const MAX_DASHBOARD_PAGES = 20;

/** Answers shorter than this are parsed whole at once: their first rows would come no sooner. */
const HEAD_FIRST_CHARS = 1024 * 1024;

/** How long the edges read are trusted before a dataset the list does not hold makes the client read them again. */
const EDGE_FACTS_FRESH_MS = 60_000;

/** How long a query may run at least: a month of logs can take minutes, and a run can be cancelled. */
export const QUERY_TIMEOUT_MS = 5 * 60_000;

function monitorPath(id: string): string {
  return `/monitors/${idSegment(id)}`;
}

function starredPath(id: string): string {
  return `/apl-starred-queries/${idSegment(id)}`;
}

function annotationPath(id: string): string {
  return `/annotations/${idSegment(id)}`;
}

/** The same refusal in the words of someone who ran a query. */
function resultTooLarge(error: AxiomError): AxiomError {
  return new AxiomError(
    'invalidResponse',
    phrase(
      'The result is larger than {0} MB, more than the editor takes in. Narrow the time range, or add take, project or summarize to the query.',
      MAX_BODY_BYTES / 1024 / 1024,
    ),
    { status: error.status, traceId: error.traceId, code: BODY_TOO_LARGE },
  );
}
