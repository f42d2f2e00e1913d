import { formatDate } from '../format';
import { phrase, type Phrase } from '../phrase';
import { AxiomError, cancelledError, isAxiomError, kindForStatus, type CompileDetail } from './errors';
import { errorCode, networkMessage, timeoutMessage } from './transportErrors';
import { DEFAULT_API_URL, requireEndpoint, type ApiEndpoint } from './baseUrl';
import {
  BODY_TOO_LARGE,
  headerValue,
  MAX_BODY_BYTES,
  type ResponseHeaders,
  type Transport,
  type TransportResponse,
} from './transport';
import { maskSecrets, rememberSecret } from './secrets';
import {
  invalidResponse,
  parseBody,
  parseFieldList,
  parseHistory,
  parseMonitorList,
  type HistoryList,
  type MonitorList,
} from './parse';
import type { RateLimit } from './requestBudget';
import { DEFAULT_RETRY_POLICY, pause, retryDelay, type RetryPolicy } from './retry';
import {
  currentUserSchema,
  orgListSchema,
  type Org,
  datasetListSchema,
  errorBodySchema,
  starredQueryInputSchema,
  virtualFieldListSchema,
  type CurrentUser,
  type Dataset,
  type DatasetField,
  type StarredQueryInput,
  type VirtualField,
} from './schemas';
import { readTabular, type TabularResult } from '../run/tabular';
import { readTabularHead } from '../run/tabularHead';
import { FIRST_ROWS } from '../run/resultsDelivery';
import { parseNotifiers, readMonitorRecord, type MonitorRecord, type Notifier } from '../monitors/monitorRecord';
import { saysExpired, type TokenSource } from '../accounts/tokenRefresh';
import { idSegment } from './idSegment';
import {
  checkStarredBody,
  parseStarredList,
  readStarredRecord,
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

export type { MonitorList } from './parse';
export type { Dataset, DatasetField, VirtualField } from './schemas';
export type { TabularResult } from '../run/tabular';

/** The time range of a query as the API takes it: RFC 3339 or relative (`now-1h`); see run/timeRange.ts. */
export interface AplRange {
  startTime: string;
  endTime: string;
}

/** One line per request: what the log channel records. Never headers, never the token. */
export interface RequestLogEntry {
  method: string;
  path: string;
  status?: number;
  durationMs: number;
  traceId?: string;
  error?: string;
}

export interface ClientLogger {
  request(entry: RequestLogEntry): void;
  warn(message: string): void;
}

export interface ClientOptions {
  /** The `axiom.url` setting as the person wrote it. */
  url: string | undefined;
  token: string;
  orgId?: string;
  timeoutMs: number;
  userAgent: string;
  /** How requests reach the service (see transport.ts): VS Code's network inside the editor,
   *  undici with explicit agents outside it. It also enforces MAX_BODY_BYTES. */
  transport: Transport;
  logger?: ClientLogger;
  /** How GETs are retried; tests shorten the waits. */
  retry?: RetryPolicy;
  /** Hears the rate-limit headers of every response that carries them. */
  onRateLimit?: (rateLimit: RateLimit) => void;
  /** A signed-in deployment's tokens, which expire: asked before each request, and once more
   *  when the service refuses the token as expired (the request is then sent once again). */
  tokenSource?: TokenSource;
}

export { MAX_BODY_BYTES, decodeText } from './transport';

const TRACE_HEADER = 'x-axiom-trace-id';

export class AxiomClient {
  readonly endpoint: ApiEndpoint;
  private readonly headers: Record<string, string>;
  private token: string;

  constructor(private readonly options: ClientOptions) {
    this.endpoint = requireEndpoint(options.url);
    rememberSecret(options.token);
    this.token = options.token;
    this.headers = {
      authorization: `Bearer ${options.token}`,
      'user-agent': options.userAgent,
      accept: 'application/json',
    };
    if (options.orgId) this.headers['x-axiom-org-id'] = options.orgId;
  }

  async listMonitors(signal?: AbortSignal): Promise<MonitorList> {
    const list = parseMonitorList(await this.send('GET', '/monitors', undefined, signal));
    const { skipped, dropped } = list;
    if (skipped.length) {
      const total = skipped.length + list.monitors.length;
      this.options.logger?.warn(
        `skipped ${skipped.length} of ${total} monitors that could not be read; first: [${skipped[0].index}] ${skipped[0].reason}`,
      );
    }
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
      await this.send('GET', `/monitors/${idSegment(monitorId)}/history?${query}`, undefined, signal),
    );
  }

  /** One monitor, read to be changed: the record as sent is kept beside what the extension reads of it. */
  async getMonitor(id: string, signal?: AbortSignal): Promise<MonitorRecord> {
    return readMonitorRecord(await this.send('GET', monitorPath(id), undefined, signal));
  }

  /**
   * Replaces the monitor with `body`, the whole record (see putBody). Sent once, never repeated.
   * When a 2xx answer is not a monitor the extension can read, the record is what was sent: it was saved.
   */
  async updateMonitor(id: string, body: JsonObject, signal?: AbortSignal): Promise<MonitorRecord> {
    return this.write('PUT', monitorPath(id), body, signal, readMonitorRecord, { ...body, id });
  }

  /** Creates a monitor (see postBody). Sent once, never repeated: a second POST would make a second monitor. */
  async createMonitor(body: JsonObject, signal?: AbortSignal): Promise<MonitorRecord> {
    return this.write('POST', '/monitors', body, signal, readMonitorRecord);
  }

  /** Deletes the monitor (204). Sent once, never repeated. */
  async deleteMonitor(id: string, signal?: AbortSignal): Promise<void> {
    await this.send('DELETE', monitorPath(id), undefined, signal);
  }

  /** The organisation's notifiers, by name and kind of channel (never their settings). */
  async listNotifiers(signal?: AbortSignal): Promise<Notifier[]> {
    const { notifiers, skipped } = parseNotifiers(await this.send('GET', '/notifiers', undefined, signal));
    if (skipped) this.options.logger?.warn(`skipped ${skipped} notifiers that could not be read`);
    return notifiers;
  }

  /**
   * A PUT or POST, sent once. When the service answered 2xx with a body that cannot be read and
   * `sent` is given (an update: the record is what was sent), `sent` is read instead: it was saved.
   */
  private async write<T>(
    method: 'PUT' | 'POST',
    path: string,
    body: JsonObject,
    signal: AbortSignal | undefined,
    read: (body: unknown) => T,
    sent?: JsonObject,
  ): Promise<T> {
    let answered = false;
    try {
      const answer = await this.send(method, path, body, signal);
      answered = true;
      return read(answer);
    } catch (error) {
      // Only a 2xx whose body cannot be read is a save; every other failure is one.
      const saved =
        sent !== undefined &&
        isAxiomError(error) &&
        error.kind === 'invalidResponse' &&
        (answered || (error.status !== undefined && error.status < 300));
      if (!saved) throw error;
      this.options.logger?.warn(
        `${method} ${path}: the answer cannot be read (${error.message}); taking what was sent`,
      );
      return read(sent);
    }
  }

  async createStarredQuery(input: StarredQueryInput, signal?: AbortSignal): Promise<StarredQuery> {
    const body = starredQueryInputSchema.parse(input);
    return readStarredRecord(await this.send('POST', '/apl-starred-queries', body, signal)).query;
  }

  /** One page of starred queries; entries that cannot be read are skipped, counted and logged. */
  async listStarredQueries(page: StarredPageRequest, signal?: AbortSignal): Promise<StarredList> {
    const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
    if (page.who) params.set('who', page.who);
    if (page.dataset) params.set('dataset', page.dataset);
    if (page.qs) params.set('qs', page.qs);
    const list = parseStarredList(
      await this.send('GET', `/apl-starred-queries?${params.toString()}`, undefined, signal),
    );
    if (list.skipped.length) {
      const { skipped } = list;
      this.options.logger?.warn(
        `skipped ${skipped.length} of ${skipped.length + list.queries.length} starred queries that could not be read; first: [${skipped[0].index}] ${skipped[0].reason}`,
      );
    }
    return list;
  }

  async getStarredQuery(id: string, signal?: AbortSignal): Promise<StarredRecord> {
    return readStarredRecord(await this.send('GET', starredPath(id), undefined, signal));
  }

  /**
   * Replaces the starred query with `body`, the whole record (the API has no partial update), sent
   * as it is once it carries what the API requires. A PUT goes out once. When the answer is not a
   * record the extension can read, the record is what was sent: it was saved.
   */
  async updateStarredQuery(id: string, body: JsonObject, signal?: AbortSignal): Promise<StarredRecord> {
    checkStarredBody(body);
    return this.write('PUT', starredPath(id), body, signal, readStarredRecord, { ...body, id });
  }

  /** Deletes the starred query (204). Never repeated: a DELETE goes out once. */
  async deleteStarredQuery(id: string, signal?: AbortSignal): Promise<void> {
    await this.send('DELETE', starredPath(id), undefined, signal);
  }

  /** Annotations of any of the datasets within the times; entries that cannot be read are skipped, counted and logged. */
  async listAnnotations(filter: AnnotationFilter, signal?: AbortSignal): Promise<AnnotationList> {
    const list = parseAnnotationList(
      await this.send('GET', `/annotations${annotationQuery(filter)}`, undefined, signal),
    );
    if (list.skipped.length) {
      const { skipped } = list;
      this.options.logger?.warn(
        `skipped ${skipped.length} of ${skipped.length + list.annotations.length} annotations that could not be read; first: [${skipped[0].index}] ${skipped[0].reason}`,
      );
    }
    return list;
  }

  /** Every dashboard the caller may see, a page of DASHBOARD_PAGE at a time (at most MAX_DASHBOARD_PAGES);
   *  entries that cannot be read are skipped, counted and logged. */
  async listDashboards(signal?: AbortSignal): Promise<DashboardList> {
    const list: DashboardList = { dashboards: [], skipped: [] };
    for (let page = 0; page < MAX_DASHBOARD_PAGES; page++) {
      const offset = page * DASHBOARD_PAGE;
      const body = await this.send('GET', `/dashboards?limit=${DASHBOARD_PAGE}&offset=${offset}`, undefined, signal);
      const read = parseDashboardList(body);
      list.dashboards.push(...read.dashboards);
      list.skipped.push(...read.skipped.map((s) => ({ ...s, index: s.index + offset })));
      if ((body as unknown[]).length < DASHBOARD_PAGE) break;
    }
    if (list.skipped.length) {
      const { skipped } = list;
      this.options.logger?.warn(
        `skipped ${skipped.length} of ${skipped.length + list.dashboards.length} dashboards that could not be read; first: [${skipped[0].index}] ${skipped[0].reason}`,
      );
    }
    return list;
  }

  async getAnnotation(id: string, signal?: AbortSignal): Promise<AnnotationRecord> {
    return readAnnotationRecord(await this.send('GET', annotationPath(id), undefined, signal));
  }

  /** Creates an annotation once its fields pass the API's rules. Sent once, never repeated: a second POST would make a second one. */
  async createAnnotation(annotation: NewAnnotation, signal?: AbortSignal): Promise<AnnotationRecord> {
    const body: JsonObject = { ...annotation };
    checkAnnotationBody(body, NEW_ANNOTATION_REQUIRED);
    return this.write('POST', '/annotations', body, signal, readAnnotationRecord);
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
    return this.write('PUT', annotationPath(id), changes, signal, readAnnotationRecord, { ...saved, ...changes, id });
  }

  /** Deletes the annotation (204). Never repeated: a DELETE goes out once. */
  async deleteAnnotation(id: string, signal?: AbortSignal): Promise<void> {
    await this.send('DELETE', annotationPath(id), undefined, signal);
  }

  async getDashboard(uid: string, signal?: AbortSignal): Promise<DashboardRecord> {
    return readDashboardRecord(await this.send('GET', dashboardPath(uid), undefined, signal));
  }

  /** Creates a dashboard (with the uid asked for, if any). Sent once; one that exists already is a conflict. */
  async createDashboard(input: DashboardCreate, signal?: AbortSignal): Promise<DashboardWrite> {
    checkDashboardDocument(input.dashboard);
    return readDashboardWrite(await this.send('POST', '/dashboards', input, signal, DASHBOARD_WRITE));
  }

  /**
   * Replaces the dashboard's document, with the version it was read at (or `overwrite`, only when the
   * person chose to). Sent once. Changed in Axiom since: a conflict error (isDashboardConflict) with
   * the version Axiom holds.
   */
  async updateDashboard(uid: string, update: DashboardUpdate, signal?: AbortSignal): Promise<DashboardWrite> {
    checkDashboardDocument(update.dashboard);
    return readDashboardWrite(await this.send('PUT', dashboardPath(uid), update, signal, DASHBOARD_WRITE));
  }

  /** Deletes the dashboard (204). Sent once. */
  async deleteDashboard(uid: string, signal?: AbortSignal): Promise<void> {
    await this.send('DELETE', dashboardPath(uid), undefined, signal);
  }

  /** Changes one chart by a JSON merge patch, with the version the dashboard was read at. Sent once. */
  async patchDashboardChart(
    uid: string,
    chartId: string,
    patch: DashboardChartPatch,
    signal?: AbortSignal,
  ): Promise<DashboardWrite> {
    const path = `${dashboardPath(uid)}/charts/${idSegment(chartId)}`;
    return readDashboardWrite(await this.send('PATCH', path, patch, signal, DASHBOARD_WRITE));
  }

  /** The datasets the token may see, with their kind and description. */
  async listDatasets(signal?: AbortSignal): Promise<Dataset[]> {
    return parseBody(datasetListSchema, await this.send('GET', '/datasets', undefined, signal), phrase('dataset list'));
  }

  /** A dataset's virtual fields (fields computed by an APL expression). */
  async listVirtualFields(dataset: string, signal?: AbortSignal): Promise<VirtualField[]> {
    return parseBody(
      virtualFieldListSchema,
      await this.send('GET', `/vfields?dataset=${encodeURIComponent(dataset)}`, undefined, signal),
      phrase('virtual field list'),
    );
  }

  /** The fields of a dataset (its name works as its id), hidden ones included. */
  async listFields(dataset: string, signal?: AbortSignal): Promise<DatasetField[]> {
    return parseFieldList(await this.send('GET', `/datasets/${idSegment(dataset)}/fields`, undefined, signal));
  }

  /** The orgs the token can act in (a signed-in token, before its org is chosen). */
  async listOrgs(signal?: AbortSignal): Promise<Org[]> {
    return parseBody(orgListSchema, await this.send('GET', '/orgs', undefined, signal), phrase('org list'));
  }

  async getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
    return parseBody(currentUserSchema, await this.send('GET', '/user', undefined, signal), phrase('user'));
  }

  /**
   * Runs an APL query over the range. Queries live in the v1 API (there is no v2 query endpoint),
   * under the same root as the configured URL. Sent once, never repeated. A query that does not
   * compile rejects with a `badRequest` error carrying `compile`; 430 with `queryLimited`.
   */
  /**
   * Runs a query. With `firstRows`, a large answer's first rows (readTabularHead) are handed to it
   * before the whole body is parsed, and parsing waits until what it returns has settled: the
   * results panel paints them while the rest is read.
   */
  async runApl(
    apl: string,
    range: AplRange,
    signal?: AbortSignal,
    firstRows?: (head: TabularResult) => unknown,
  ): Promise<TabularResult> {
    let body: unknown;
    const peek =
      firstRows &&
      (async (text: string) => {
        const head = text.length >= HEAD_FIRST_CHARS ? readTabularHead(text, FIRST_ROWS) : undefined;
        if (head) await firstRows(head);
      });
    try {
      body = await this.send(
        'POST',
        '/datasets/_apl?format=tabular',
        { apl, startTime: range.startTime, endTime: range.endTime },
        signal,
        { root: this.v1Base(), timeoutMs: Math.max(this.options.timeoutMs, QUERY_TIMEOUT_MS), peek },
      );
    } catch (error) {
      if (isAxiomError(error) && error.code === BODY_TOO_LARGE) throw resultTooLarge(error);
      throw error;
    }
    const result = readTabular(body);
    if (result.repairs.length) {
      this.options.logger?.warn(
        `query result: ${result.repairs.length} parts did not fit and were left out or shown empty; first: ${maskSecrets(result.repairs[0])}`,
      );
    }
    return result;
  }

  private useToken(token: string): void {
    if (token === this.token) return;
    rememberSecret(token);
    this.token = token;
    this.headers.authorization = `Bearer ${token}`;
  }

  /** The v1 root beside the configured v2 one: `https://host/prefix/v2` → `https://host/prefix/v1`. */
  private v1Base(): string {
    return `${this.endpoint.base.slice(0, -'/v2'.length)}/v1`;
  }

  /** GETs are retried on transient failures (see retry.ts); a POST, PUT or DELETE goes out once. */
  private async send(
    method: HttpMethod,
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
    how: SendOptions = {},
  ): Promise<unknown> {
    const policy = this.options.retry ?? DEFAULT_RETRY_POLICY;
    const started = Date.now();
    const source = this.options.tokenSource;
    let renewed = false;
    for (let tries = 1; ; tries++) {
      if (source) this.useToken(await source.current());
      try {
        return await this.sendOnce(method, path, body, signal, how);
      } catch (e) {
        // A refused token is renewed once and the request sent once more, whatever its method:
        // the service did nothing with it.
        if (source && !renewed && saysExpired(e)) {
          renewed = true;
          const token = await source.renew(this.token);
          if (token === undefined) throw e;
          this.useToken(token);
          this.options.logger?.warn(`${method} ${path}: the token was refused as expired; renewed, sending once more`);
          tries--;
          continue;
        }
        if (method !== 'GET' || !isAxiomError(e)) throw e;
        const delay = retryDelay(e, tries, Date.now() - started, policy);
        if (delay === undefined) throw e;
        this.options.logger?.warn(
          `${method} ${path}: ${e.status ?? e.code ?? e.kind}; try ${tries + 1} of ${policy.maxTries} in ${delay} ms`,
        );
        await pause(delay, signal);
      }
    }
  }

  private async sendOnce(
    method: HttpMethod,
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
    how: SendOptions,
  ): Promise<unknown> {
    const started = performance.now();
    const root = how.root ?? this.endpoint.base;
    const timeoutMs = how.timeoutMs ?? this.options.timeoutMs;
    const logPath = root === this.endpoint.base ? path : root.slice(this.endpoint.base.length - '/v2'.length) + path;
    const log = (entry: Omit<RequestLogEntry, 'method' | 'path' | 'durationMs'>) =>
      this.options.logger?.request({
        method,
        path: logPath,
        durationMs: Math.round(performance.now() - started),
        ...entry,
      });

    if (signal?.aborted) throw cancelledError();
    const abort = requestAbort(signal, timeoutMs);
    try {
      let response: TransportResponse;
      try {
        response = await this.options.transport.send({
          method,
          url: root + path,
          headers: body === undefined ? this.headers : { ...this.headers, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: abort.signal,
        });
      } catch (e) {
        const error = this.transportError(e, signal, abort.timedOut, timeoutMs);
        log({ error: error.kind + (error.code ? ` ${error.code}` : '') });
        throw error;
      }

      const status = response.status;
      if (this.options.onRateLimit) {
        const rateLimit = readRateLimit(response.headers);
        if (rateLimit) this.options.onRateLimit(rateLimit);
      }
      // A header is text from the service like any other: masked before it is logged or kept.
      const trace = headerValue(response.headers[TRACE_HEADER]);
      const traceId = trace === undefined ? undefined : maskSecrets(trace);
      let text: string;
      try {
        text = await response.text();
      } catch (e) {
        const error = isAxiomError(e) ? e : this.transportError(e, signal, abort.timedOut, timeoutMs);
        log({ status, traceId, error: error.kind });
        throw error;
      }
      log({ status, traceId });
      if (how.peek && status >= 200 && status < 300) await how.peek(text);
      return this.readBody(status, text, response.headers, traceId, root + path, how.refusal);
    } finally {
      abort.dispose();
    }
  }

  private readBody(
    status: number,
    text: string,
    headers: ResponseHeaders,
    traceId: string | undefined,
    url: string,
    refusal?: SendOptions['refusal'],
  ): unknown {
    const contentType = headerValue(headers['content-type']) ?? '';
    if (status >= 300 && status < 400) throw this.redirectError(status, headers, traceId, url);
    if (status >= 400) {
      const error = this.statusError(status, text, contentType, headers, traceId);
      throw refusal ? refusal(status, readJsonOrUndefined(text), error) : error;
    }
    if (status === 204) return undefined;
    if (!/json/i.test(contentType) && !looksLikeJson(text)) {
      throw invalidResponse(this.unexpected(contentType, status), status, traceId);
    }
    try {
      return JSON.parse(text);
    } catch {
      throw invalidResponse(
        phrase('the body is not valid JSON (status {0}, {1} characters)', status, text.length),
        status,
        traceId,
      );
    }
  }

  private unexpected(contentType: string, status: number): Phrase {
    return contentType
      ? phrase('unexpected response ({0}, status {1}) from {2}', contentType, status, this.endpoint.host)
      : phrase('unexpected response (no content type, status {0}) from {1}', status, this.endpoint.host);
  }

  /**
   * Redirects are not followed: the token would travel along to wherever the service points. A
   * redirect means axiom.url is not the API's address (an old host name, http for https, the web
   * app's address), so the person is told where it pointed and what to set instead.
   */
  private redirectError(
    status: number,
    headers: ResponseHeaders,
    traceId: string | undefined,
    url: string,
  ): AxiomError {
    const target = redirectTarget(headerValue(headers.location), url);
    const message = target
      ? phrase(
          'The service at {0} redirected the request to {1} (status {2}). Redirects are not followed, so that the token goes nowhere else: set axiom.url to the API’s address, such as {3}.',
          this.endpoint.host,
          target,
          status,
          DEFAULT_API_URL,
        )
      : phrase(
          'The service at {0} answered with a redirect (status {1}) that names no web address. Set axiom.url to the API’s address, such as {2}.',
          this.endpoint.host,
          status,
          DEFAULT_API_URL,
        );
    return new AxiomError('config', message, { status, traceId, setting: 'axiom.url' });
  }

  private transportError(
    e: unknown,
    signal: AbortSignal | undefined,
    timedOut: boolean,
    timeoutMs: number,
  ): AxiomError {
    if (signal?.aborted) return cancelledError();
    if (timedOut) return new AxiomError('timeout', timeoutMessage(this.endpoint.host, timeoutMs));
    // The transport's own words (a proxy that failed, plain http that a proxy would read).
    if (isAxiomError(e)) return e;
    const code = errorCode(e);
    return new AxiomError('network', networkMessage(code, this.endpoint.host), { code });
  }

  private statusError(
    status: number,
    text: string,
    contentType: string,
    headers: ResponseHeaders,
    traceId: string | undefined,
  ): AxiomError {
    let serviceMessage: string | undefined;
    let compile: CompileDetail | undefined;
    if (/json/i.test(contentType) || looksLikeJson(text)) {
      try {
        const json: unknown = JSON.parse(text);
        const parsed = errorBodySchema.safeParse(json);
        if (parsed.success) serviceMessage = parsed.data.message;
        compile = readCompileDetail(json, serviceMessage);
      } catch {
        // not JSON after all: described below by its content type
      }
    }
    const kind = kindForStatus(status);
    const retryAt =
      kind === 'rateLimited' || kind === 'queryLimited'
        ? rateLimitReset(headers, Date.now(), kind === 'queryLimited')
        : undefined;
    const what = serviceMessage ?? this.unexpected(contentType, status);
    const message =
      kind === 'rateLimited' && retryAt
        ? phrase('rate limited until {0}', formatDate(retryAt))
        : phrase('{0}: {1}', status, what);
    return new AxiomError(kind, message, {
      status,
      serviceMessage,
      traceId,
      retryAt,
      compile: kind === 'badRequest' ? compile : undefined,
    });
  }
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface SendOptions {
  /** The API root the path is under (the v2 one unless said). */
  root?: string;
  /** How long this request may take (the client's timeout unless said). */
  timeoutMs?: number;
  /** Sees a successful answer's text before it is parsed (and parsing waits for it). */
  peek?: (text: string) => Promise<void>;
  /** Reads a refusal's JSON body (undefined when it is none) into the error callers tell apart. */
  refusal?: (status: number, body: unknown, error: AxiomError) => AxiomError;
}

/** How dashboard writes are sent: a conflict is told apart (see dashboards.ts). */
const DASHBOARD_WRITE: SendOptions = { refusal: dashboardRefusal };
/** Dashboards asked for per page, and the most pages read: 20,000 dashboards. */
const DASHBOARD_PAGE = 1000;
const MAX_DASHBOARD_PAGES = 20;

function readJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Answers shorter than this are parsed whole at once: their first rows would come no sooner. */
const HEAD_FIRST_CHARS = 1024 * 1024;

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

/**
 * One signal for a request, fired by the caller's cancel or at the deadline, and let go of after:
 * lighter than AbortSignal.timeout + AbortSignal.any, which leave a timer and listeners behind
 * per request on Node 20.
 */
export function requestAbort(signal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const onCancel = () => controller.abort();
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  signal?.addEventListener('abort', onCancel, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCancel);
    },
  };
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

/** A compile error's place and words: `detail: { line, column, message }` beside the usual `message`. */
function readCompileDetail(json: unknown, serviceMessage: string | undefined): CompileDetail | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const detail = (json as { detail?: unknown }).detail;
  if (typeof detail !== 'object' || detail === null) return undefined;
  const { line, column, message } = detail as Record<string, unknown>;
  const count = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;
  if (!count(line) || !count(column)) return undefined;
  const words = typeof message === 'string' && message ? message : serviceMessage;
  return { line: line as number, column: column as number, message: words ?? '' };
}

/**
 * Where a redirect pointed, as scheme, host and path only: a query string or fragment may hold
 * anything (a token, a session), and a user name or password is never repeated. Relative to the
 * request's URL, as a browser reads it; undefined when there is no http(s) address. Brackets and
 * parentheses stay escaped, so that the address cannot read as a markdown link where it is shown.
 */
export function redirectTarget(location: string | undefined, requestUrl: string): string | undefined {
  if (!location?.trim()) return undefined;
  let url: URL;
  try {
    url = new URL(location.trim(), requestUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const path = url.pathname.replace(/[[\]()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${url.protocol}//${url.host}${path}`;
}

function looksLikeJson(text: string): boolean {
  const first = text.trimStart()[0];
  return first === '{' || first === '[';
}

/** The X-RateLimit-* headers, when a response has any (the reset is UTC epoch seconds). */
export function readRateLimit(headers: ResponseHeaders): RateLimit | undefined {
  const number = (name: string) => {
    const value = Number(headerValue(headers[name]));
    return headerValue(headers[name]) !== undefined && Number.isFinite(value) && value >= 0 ? value : undefined;
  };
  const limit = number('x-ratelimit-limit');
  const remaining = number('x-ratelimit-remaining');
  const reset = number('x-ratelimit-reset');
  if (limit === undefined && remaining === undefined && reset === undefined) return undefined;
  return { limit, remaining, resetAt: reset === undefined ? undefined : reset * 1000 };
}

/**
 * Retry-After (seconds or an HTTP date) wins; then X-QueryLimit-Reset, which a query over its
 * budget carries (the official Go client reads it before the rate-limit headers); then, unless
 * only the query limit counts (430), X-RateLimit-Reset. The resets are UTC epoch seconds.
 */
export function rateLimitReset(headers: ResponseHeaders, now = Date.now(), queryLimitOnly = false): Date | undefined {
  const retryAfter = headerValue(headers['retry-after']);
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return new Date(now + seconds * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return new Date(date);
  }
  for (const name of queryLimitOnly ? ['x-querylimit-reset'] : ['x-querylimit-reset', 'x-ratelimit-reset']) {
    const reset = Number(headerValue(headers[name]));
    if (Number.isFinite(reset) && reset > 0) return new Date(reset * 1000);
  }
  return undefined;
}
