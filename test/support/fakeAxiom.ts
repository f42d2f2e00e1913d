// A stand-in for the Axiom v2 API (and v1's query endpoint) on 127.0.0.1: real HTTP, the API's paths, auth rules and
// error shapes, a record of every request, and faults that a test can order per route.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { FakeOAuth } from './fakeOAuth';
import { DASHBOARD_CHART, DASHBOARD_ONE, FakeDashboards } from './fakeDashboards';
import { FakeMetrics } from './fakeMetrics';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Fault {
  status?: number;
  /** Sent as is (a string) or as JSON (anything else). */
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Destroy the socket without answering. */
  drop?: boolean;
  /** Send the body in chunks with no declared length. */
  chunked?: boolean;
  /** Send only the first `bytes` of the body, then close the connection or send nothing more. */
  partial?: { bytes: number; then: 'close' | 'stall' };
  /** How many requests it applies to; absent = until cleared. */
  times?: number;
  /** How many requests on the route pass untouched before it applies (a later page fails, say). */
  after?: number;
}

export type Route =
  | 'GET /v2/monitors'
  | 'POST /v2/apl-starred-queries'
  | 'GET /v2/apl-starred-queries'
  | 'GET /v2/apl-starred-queries/{id}'
  | 'PUT /v2/apl-starred-queries/{id}'
  | 'DELETE /v2/apl-starred-queries/{id}'
  | 'GET /v2/datasets'
  | 'GET /v2/user'
  | 'GET /v2/users'
  | 'GET /v2/orgs'
  | 'GET /v2/monitors/*/history'
  | 'GET /v2/monitors/{id}'
  | 'PUT /v2/monitors/{id}'
  | 'DELETE /v2/monitors/{id}'
  | 'POST /v2/monitors'
  | 'GET /v2/notifiers'
  | `GET /v2/datasets/${string}/fields`
  | 'GET /v2/vfields'
  | 'POST /v1/datasets/_apl'
  | 'GET /v2/annotations'
  | 'POST /v2/annotations'
  | 'GET /v2/annotations/{id}'
  | 'PUT /v2/annotations/{id}'
  | 'DELETE /v2/annotations/{id}'
  | 'GET /v2/dashboards'
  | 'POST /v2/dashboards'
  | 'GET /v2/dashboards/uid/{uid}'
  | 'PUT /v2/dashboards/uid/{uid}'
  | 'DELETE /v2/dashboards/uid/{uid}'
  | 'PATCH /v2/dashboards/uid/{uid}/charts/{chartId}'
  // The edge query API's metrics (fakeMetrics.ts).
  | 'POST /v1/query/_mpl'
  | `GET /v1/query/metrics/info/datasets/${string}`;

/** What POST /v1/datasets/_apl received: the query, its range and the rest of the JSON body. */
export interface AplRequestBody {
  apl?: unknown;
  startTime?: unknown;
  endTime?: unknown;
  [key: string]: unknown;
}

/** How the fake answers a query: status (200 unless said), a body (JSON unless a string), headers. */
export interface AplAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

const STARRED_ONE = /^\/v2\/apl-starred-queries\/([^/]+)$/;
const HISTORY = /^\/v2\/monitors\/([^/]+)\/history$/;
const MONITOR_ONE = /^\/v2\/monitors\/([^/]+)$/;
const ANNOTATION_ONE = /^\/v2\/annotations\/([^/]+)$/;

/** A request's route: its method and path, a starred query's or a monitor's id read as `{id}`, a monitor's in its history as `*`. */
function routeOf(method: string, url: string): string {
  const path = url
    .split('?')[0]
    .replace(DASHBOARD_CHART, '/v2/dashboards/uid/{uid}/charts/{chartId}')
    .replace(DASHBOARD_ONE, '/v2/dashboards/uid/{uid}');
  return `${method} ${path.replace(STARRED_ONE, '/v2/apl-starred-queries/{id}').replace(HISTORY, '/v2/monitors/*/history').replace(MONITOR_ONE, '/v2/monitors/{id}').replace(ANNOTATION_ONE, '/v2/annotations/{id}')}`;
}

const MONITOR_TYPES = ['Threshold', 'MatchEvent', 'AnomalyDetection'];
const MONITOR_OPERATORS = ['Below', 'BelowOrEqual', 'Above', 'AboveOrEqual', 'AboveOrBelow'];

/** What PUT and POST of a monitor require, as the API description says (and the Go SDK checks): why a body is refused, or undefined. */
export function monitorBodyProblem(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body is not an object';
  const m = body as Record<string, unknown>;
  if (typeof m.name !== 'string' || !m.name) return 'name is required';
  if (typeof m.type !== 'string' || !MONITOR_TYPES.includes(m.type))
    return 'type must be one of Threshold, MatchEvent, AnomalyDetection';
  const apl = typeof m.aplQuery === 'string' && m.aplQuery !== '';
  const mpl = typeof m.mplQuery === 'string' && m.mplQuery !== '';
  if (apl === mpl) return 'exactly one of aplQuery and mplQuery is required';
  if (m.operator !== undefined && m.operator !== null && !MONITOR_OPERATORS.includes(m.operator as string))
    return 'operator is not valid';
  const int = (key: string) =>
    m[key] === undefined || m[key] === null || (typeof m[key] === 'number' && Number.isInteger(m[key]));
  for (const key of [
    'intervalMinutes',
    'rangeMinutes',
    'compareDays',
    'secondDelay',
    'triggerAfterNPositiveResults',
    'triggerFromNRuns',
  ])
    if (!int(key)) return `${key} must be an integer`;
  const num = (key: string) => (typeof m[key] === 'number' ? m[key] : undefined);
  if ((num('intervalMinutes') ?? 1) < 1) return 'intervalMinutes must be at least 1';
  if ((num('rangeMinutes') ?? 1) < 1) return 'rangeMinutes must be at least 1';
  if ((num('compareDays') ?? 0) > 7) return 'compareDays must be at most 7';
  if ((num('tolerance') ?? 0) > 100) return 'tolerance must be at most 100';
  if ((num('secondDelay') ?? 0) > 86400) return 'secondDelay must be at most 86400';
  for (const key of ['notifierIds', 'notifierIDs'])
    if (m[key] !== undefined && m[key] !== null && !Array.isArray(m[key])) return `${key} must be a list`;
  return undefined;
}

/** What PUT and POST of a starred query require, as the API describes it: why a body is refused, or undefined. */
function starredBodyProblem(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body is not an object';
  const record = body as Record<string, unknown>;
  const missing = ['kind', 'name', 'who', 'query', 'metadata'].filter(
    (k) => record[k] === undefined || record[k] === null,
  );
  if (missing.length) return `missing ${missing.join(', ')}`;
  if (record.kind !== 'apl') return 'kind must be apl';
  if (typeof record.name !== 'string' || !record.name) return 'name must be a non-empty string';
  if (typeof record.who !== 'string') return 'who must be a string';
  const query = record.query as { apl?: unknown };
  if (typeof query !== 'object' || typeof query.apl !== 'string') return 'query.apl must be a string';
  const metadata = record.metadata;
  if (
    typeof metadata !== 'object' ||
    Array.isArray(metadata) ||
    Object.values(metadata as object).some((v) => typeof v !== 'string')
  )
    return 'metadata must be an object of strings';
  if (record.dataset !== undefined && typeof record.dataset !== 'string') return 'dataset must be a string';
  return undefined;
}

/** What POST (`isNew`) and PUT of an annotation may carry, as the API description says
 *  (NewAnnotation, UpdatedAnnotation, and Annotation's at least one dataset): why a body is
 *  refused, naming the field, or undefined. */
export function annotationBodyProblem(body: unknown, isNew: boolean): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body is not an object';
  const a = body as Record<string, unknown>;
  if (isNew && a.type === undefined) return 'type is required';
  if (isNew && a.datasets === undefined) return 'datasets is required';
  if (a.type !== undefined) {
    if (typeof a.type !== 'string' || !/^[a-z0-9-]+$/.test(a.type)) return 'type must match ^[a-z0-9-]+$';
    if (a.type.length > 256) return 'type must be at most 256 characters';
  }
  if (a.datasets !== undefined) {
    if (!Array.isArray(a.datasets) || a.datasets.length === 0) return 'datasets must name at least one dataset';
    if (a.datasets.some((d) => typeof d !== 'string' || d === '')) return 'datasets must be non-empty strings';
  }
  for (const [key, longest] of [
    ['title', 256],
    ['description', 512],
    ['url', 512],
  ] as const) {
    const value = a[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') return `${key} must be a string`;
    if (value.length > longest) return `${key} must be at most ${longest} characters`;
  }
  for (const key of ['time', 'endTime']) {
    const value = a[key];
    if (value === undefined) continue;
    if (
      typeof value !== 'string' ||
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value) ||
      Number.isNaN(Date.parse(value))
    )
      return `${key} must be an RFC 3339 date-time`;
  }
  return undefined;
}

/** One entry of a monitor's history, as the service sends it. */
export interface HistoryEntry {
  name?: string;
  checkId: string;
  timestamp: string;
  state: string;
}

export interface FakeAxiomOptions {
  token?: string;
  /** The org id a personal token must be sent with. */
  orgId?: string;
  monitors?: unknown[];
  /** Serve https with this key and certificate instead of plain http. */
  tls?: { key: string; cert: string };
  /** The loopback address to listen on (127.0.0.1 unless said; VS Code sends only that one and
   *  localhost past its proxies, so a proxy test listens on 127.0.0.2). */
  host?: string;
  /** Send the monitor list in chunks with no declared length, as a service written in Go does
   *  with a large body. Otherwise every body declares its length. */
  chunkedLists?: boolean;
  /** An authorization server whose access tokens this service accepts, like a personal token's. */
  oauth?: FakeOAuth;
}

/** The orgs GET /v2/orgs lists by default: one (a test adds a second). */
export const FAKE_ORGS = [
  { id: 'fake-org-1', name: 'Fake Org', defaultEdgeDeployment: 'cloud.us-east-1.aws', plan: 'personal' },
];

export const FAKE_API_TOKEN = 'xaat-00000000-fake-test-token';
export const FAKE_PERSONAL_TOKEN = 'xapt-00000000-fake-personal-token';
export const FAKE_ORG_ID = 'fake-org-1';
/** A token of no known prefix: only masking by value can hide it (the runner searches every file a run wrote for it). */
export const ODD_TOKEN = 'secret-oauth-token-QWERTY123';

export class FakeAxiom {
  readonly requests: RecordedRequest[] = [];
  monitors: unknown[];
  datasets: string[] = ['http-logs', 'sample-app'];
  /** Each dataset's fields, as GET /v2/datasets/{id}/fields sends them; a dataset not here has none. */
  fields: Record<string, unknown[]> = {
    'http-logs': [
      { name: '_time', type: 'datetime', description: 'When the request ended', unit: '', hidden: false },
      { name: 'status', type: 'integer', description: 'HTTP status', unit: '', hidden: false },
      { name: 'method', type: 'string', description: '', unit: '', hidden: false },
      { name: 'geo.city', type: 'string', hidden: false },
      { name: 'req_duration_ms', type: 'float', unit: 'ms', hidden: false },
      { name: 'internal_id', type: 'string', hidden: true },
    ],
  };
  /** Kind and description per dataset name, as GET /v2/datasets sends them (absent: axiom:events:v1, no description). */
  datasetDetails: Record<string, { kind?: string | null; description?: string | null }> = {
    'http-logs': { kind: 'axiom:events:v1', description: 'Requests to the web servers' },
    'sample-app': { kind: 'otel:traces:v1', description: null },
  };
  /** The edge each dataset is on, as GET /v2/datasets sends it (fakeEdges.ts puts datasets on an edge). */
  datasetEdges: Record<string, { edgeDeployment: string; edgeDeploymentUrl?: string }> = {};
  /** Each dataset's virtual fields, as GET /v2/vfields?dataset= sends them; a dataset not here has none (null, Go's nil slice). */
  virtualFields: Record<string, unknown[]> = {
    'http-logs': [
      {
        id: 'vf_1',
        dataset: 'http-logs',
        name: 'is_error',
        expression: 'status >= 500',
        description: 'A server error',
        type: 'boolean',
      },
    ],
  };
  /** Datasets whose fields answer 500 until removed from here. */
  failingFields = new Set<string>();
  user = { id: 'usr_fake_1', name: 'Test Person', email: 'person@example.com', role: { id: 'admin', name: 'admin' } };
  /** The organisation's other users, GET /v2/users lists them after `user`; `readUsers` false: the
   *  token lacks `users|read` and the list is refused (403), as the spec's security says. */
  otherUsers: Record<string, unknown>[] = [];
  readUsers = true;
  /** The starred queries the service holds, in the order it lists them: those created, and those
   *  a test puts here (each with an `id` and a `who`; `who` equal to `user.id` is the caller's). */
  readonly starred: Record<string, unknown>[] = [];
  private starredSerial = 0;
  /** The annotations the service holds: those created, and those a test puts here (each with an
   *  `id`, a `time` and its `datasets`). */
  readonly annotations: Record<string, unknown>[] = [];
  private annotationSerial = 0;
  /** The dashboards the service holds (fakeDashboards.ts): versions, conflicts and the spec's validation. */
  readonly dashboards = new FakeDashboards(() => this.user.id);
  /** The metrics datasets and `_mpl` (fakeMetrics.ts); each also listed in `datasets`, of kind otel:metrics:v1. */
  readonly metrics = new FakeMetrics();
  /** How queries are answered; by default with SMALL_TABULAR-like rows (tabularFixtures.ts sets others). */
  aplAnswer: (body: AplRequestBody) => AplAnswer = defaultAplAnswer;
  /** How long the service takes over a query before it answers (the dashboard preview's bench and tests: each query its own latency). */
  aplDelayMs?: (body: AplRequestBody) => number;
  /** Requests whose connection the client closed before the answer was sent. */
  readonly abandoned: RecordedRequest[] = [];
  token: string;
  personalToken = FAKE_PERSONAL_TOKEN;
  /** The orgs a personal or signed-in token can act in, as GET /v2/orgs lists them. */
  orgs: { id: string; name: string; [key: string]: unknown }[] = FAKE_ORGS.map((o) => ({ ...o }));
  /** The authorization server whose access tokens this service accepts (set before sign-in is tried). */
  oauth?: FakeOAuth;
  orgId: string;
  /** Most requests the service was answering at one moment. */
  maxConcurrent = 0;
  /** The organisation's notifiers, as GET /v2/notifiers sends them. */
  notifiers: unknown[] = [];
  private monitorSerial = 0;
  /** State changes per monitor id, served by GET /v2/monitors/{id}/history within the asked range. */
  histories = new Map<string, HistoryEntry[]>();
  /** The rate limit it announces and enforces (429 past it), per window of windowMs. */
  rateLimit = { limit: 1000, windowMs: 60_000 };
  /** Start times of the requests of the current rate-limit window, and the most seen in one window. */
  private windowStarts: number[] = [];
  maxPerWindow = 0;
  private concurrent = 0;
  private readonly faults = new Map<string, Fault>();
  private monitorsJson?: { source: unknown[]; bytes: Buffer };
  private readonly chunkedLists: boolean;
  private readonly server: http.Server;
  private readonly secure: boolean;
  private readonly host: string;
  private readonly sockets = new Set<import('node:net').Socket>();
  /** Connections clients opened to it, since it started. */
  connectionsOpened = 0;

  constructor(options: FakeAxiomOptions = {}) {
    this.token = options.token ?? FAKE_API_TOKEN;
    this.orgId = options.orgId ?? FAKE_ORG_ID;
    this.monitors = options.monitors ?? [];
    this.oauth = options.oauth;
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => void this.handle(req, res);
    this.secure = options.tls !== undefined;
    this.host = options.host ?? '127.0.0.1';
    this.chunkedLists = options.chunkedLists ?? false;
    this.server = options.tls ? https.createServer(options.tls, handler) : http.createServer(handler);
    this.server.on('connection', (s: import('node:net').Socket) => {
      this.connectionsOpened++;
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, this.host, resolve));
    return this.url;
  }

  get url(): string {
    return `${this.secure ? 'https' : 'http'}://${this.host}:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Makes the next requests on a route misbehave. */
  fail(route: Route, fault: Fault): void {
    this.faults.set(route, { ...fault });
  }

  clearFaults(): void {
    this.faults.clear();
  }

  reset(): void {
    this.requests.length = 0;
    this.starred.length = 0;
    this.starredSerial = 0;
    this.annotations.length = 0;
    this.annotationSerial = 0;
    this.abandoned.length = 0;
    this.maxConcurrent = 0;
    this.windowStarts = [];
    this.maxPerWindow = 0;
    this.aplAnswer = defaultAplAnswer;
    this.aplDelayMs = undefined;
    this.monitorSerial = 0;
    this.dashboards.reset();
    this.metrics.reset();
    this.otherUsers = [];
    this.readUsers = true;
    this.clearFaults();
  }

  /** The monitor of that id as the service holds it: change it to change it behind the client's back. */
  monitorById(id: string): Record<string, unknown> | undefined {
    return this.monitors.find((m) => (m as { id?: unknown }).id === id) as Record<string, unknown> | undefined;
  }

  /** The requests to a route; a `*` in it stands for one path segment (a monitor's id). */
  requestsTo(route: Route): RecordedRequest[] {
    return this.requests.filter((r) => routeOf(r.method, r.path) === route);
  }

  /** The starred query of that id as the service holds it: change it to change it behind the client's back. */
  starredById(id: string): Record<string, unknown> | undefined {
    return this.starred.find((q) => q.id === id);
  }

  private newStarredId(): string {
    let id: string;
    do id = `sq_${String(++this.starredSerial).padStart(6, '0')}`;
    while (this.starredById(id));
    return id;
  }

  /** GET /v2/apl-starred-queries: `who` absent = the caller's, `team` = the others', `all`, or a user id;
   *  `dataset` by equality, `qs` in the name (case aside); then `offset` and `limit` (1–1000, default 100). */
  private listStarred(url: URL): { status: number; body: unknown } {
    const params = url.searchParams;
    const limit = params.has('limit') ? Number(params.get('limit')) : 100;
    const offset = params.has('offset') ? Number(params.get('offset')) : 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      return { status: 400, body: { code: 400, message: 'limit must be between 1 and 1000' } };
    if (!Number.isInteger(offset) || offset < 0)
      return { status: 400, body: { code: 400, message: 'offset must not be negative' } };
    const who = params.get('who');
    const dataset = params.get('dataset');
    const qs = params.get('qs')?.toLowerCase();
    const me = this.user.id;
    const matching = this.starred.filter(
      (q) =>
        (who === null ? q.who === me : who === 'team' ? q.who !== me : who === 'all' ? true : q.who === who) &&
        (dataset === null || q.dataset === dataset) &&
        (!qs ||
          String(q.name ?? '') // eslint-disable-line @typescript-eslint/no-base-to-string -- a stored name, of any type: its text
            .toLowerCase()
            .includes(qs)),
    );
    return { status: 200, body: matching.slice(offset, offset + limit) };
  }

  /** The annotation of that id as the service holds it: change it to change it behind the client's back. */
  annotationById(id: string): Record<string, unknown> | undefined {
    return this.annotations.find((a) => a.id === id);
  }

  /** GET /v2/annotations: those naming any of `datasets` (comma-separated or repeated), and whose
   *  time, or range, meets [`start`, `end`]; an unreadable time is refused. */
  private listAnnotations(url: URL): { status: number; body: unknown } {
    const params = url.searchParams;
    const datasets = new Set(
      params
        .getAll('datasets')
        .flatMap((d) => d.split(','))
        .filter(Boolean),
    );
    const bound = (key: string) => {
      const text = params.get(key);
      return text === null ? undefined : Date.parse(text);
    };
    const start = bound('start');
    const end = bound('end');
    for (const [key, value] of [
      ['start', start],
      ['end', end],
    ] as const)
      if (value !== undefined && Number.isNaN(value))
        return { status: 400, body: { code: 400, message: `${key} must be an RFC 3339 time` } };
    const matching = this.annotations.filter((a) => {
      const named = Array.isArray(a.datasets) ? (a.datasets as unknown[]) : [];
      if (datasets.size && !named.some((d) => typeof d === 'string' && datasets.has(d))) return false;
      const from = Date.parse(String(a.time));
      const to = typeof a.endTime === 'string' ? Date.parse(a.endTime) : from;
      return (start === undefined || to >= start) && (end === undefined || from <= end);
    });
    return { status: 200, body: matching };
  }

  /** The list as JSON, made once per list: a benchmark asks for 50,000 monitors many times. */
  private monitorsBody(): Buffer {
    if (this.monitorsJson?.source !== this.monitors)
      this.monitorsJson = { source: this.monitors, bytes: Buffer.from(JSON.stringify(this.monitors)) };
    return this.monitorsJson.bytes;
  }

  private takeFault(route: string): Fault | undefined {
    const fault = this.faults.get(route);
    if (!fault) return undefined;
    if (fault.after !== undefined && fault.after-- > 0) return undefined;
    if (fault.times !== undefined && --fault.times <= 0) this.faults.delete(route);
    return fault;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const recorded = await readRequest(req);
    this.requests.push(recorded);
    this.maxConcurrent = Math.max(this.maxConcurrent, ++this.concurrent);
    res.on('close', () => {
      this.concurrent--;
      if (!res.writableFinished) this.abandoned.push(recorded);
    });
    const route = routeOf(recorded.method, recorded.path);
    const history = HISTORY.exec(recorded.path.split('?')[0]);
    const traceId = `trace-${this.requests.length}`;
    const now = Date.now();
    while (this.windowStarts.length && this.windowStarts[0] <= now - this.rateLimit.windowMs) this.windowStarts.shift();
    this.windowStarts.push(now);
    this.maxPerWindow = Math.max(this.maxPerWindow, this.windowStarts.length);
    const resetAt = (this.windowStarts[0] ?? now) + this.rateLimit.windowMs;
    const remaining = Math.max(0, this.rateLimit.limit - this.windowStarts.length);
    const rateHeaders = {
      'x-ratelimit-scope': 'user',
      'x-ratelimit-limit': String(this.rateLimit.limit),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(Math.ceil(resetAt / 1000)),
    };

    const fault = this.takeFault(route);
    if (fault?.delayMs) {
      await new Promise((r) => setTimeout(r, fault.delayMs));
      if (res.destroyed) return;
    }
    if (fault?.drop) {
      req.socket.destroy();
      return;
    }
    const send = (status: number, body: unknown, headers: Record<string, string> = {}, chunked = fault?.chunked) => {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
      const length = chunked ? {} : { 'content-length': String(bytes.length) };
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-axiom-trace-id': traceId,
        ...rateHeaders,
        ...length,
        ...headers,
      });
      const partial = fault?.partial;
      if (partial) {
        res.write(bytes.subarray(0, partial.bytes));
        if (partial.then === 'close') setTimeout(() => req.socket.destroy(), 20);
        return;
      }
      if (chunked) {
        for (let i = 0; i < bytes.length; i += 1 << 20) res.write(bytes.subarray(i, i + (1 << 20)));
        res.end();
      } else {
        res.end(bytes);
      }
    };
    if (fault?.status !== undefined || fault?.body !== undefined) {
      send(fault.status ?? 200, fault.body ?? { message: 'fault' }, fault.headers);
      return;
    }

    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
    const signedIn = this.oauth?.check(token) ?? 'unknown';
    if (signedIn === 'expired') {
      send(
        401,
        { code: 401, message: 'token expired' },
        { 'www-authenticate': 'Bearer error="invalid_token", error_description="token expired"' },
      );
      return;
    }
    if (token !== this.token && token !== this.personalToken && signedIn !== 'live') {
      send(403, { code: 403, message: 'Forbidden' });
      return;
    }
    if (route === 'GET /v2/orgs') {
      send(200, token === this.token ? [] : this.orgs);
      return;
    }
    if (token === this.personalToken && req.headers['x-axiom-org-id'] !== this.orgId) {
      send(400, { code: 400, message: 'missing or invalid x-axiom-org-id header' });
      return;
    }
    if (signedIn === 'live' && !this.orgs.some((o) => o.id === req.headers['x-axiom-org-id'])) {
      send(400, { code: 400, message: 'missing or invalid x-axiom-org-id header' });
      return;
    }

    if (this.windowStarts.length > this.rateLimit.limit) {
      send(429, { message: 'rate limit exceeded' });
      return;
    }
    if (history) {
      const params = new URL(recorded.path, 'http://fake').searchParams;
      const start = Date.parse(params.get('startTime') ?? '');
      const end = Date.parse(params.get('endTime') ?? '');
      if (Number.isNaN(start) || Number.isNaN(end)) {
        send(400, { code: 400, message: 'startTime and endTime are required' });
        return;
      }
      const entries = this.histories.get(decodeURIComponent(history[1]));
      // A monitor with no changes in the range is sent as Go's nil slice: null.
      const inRange = entries?.filter((e) => Date.parse(e.timestamp) >= start && Date.parse(e.timestamp) <= end);
      send(200, inRange?.length ? inRange : null);
      return;
    }
    const fieldsOf = /^GET \/v2\/datasets\/([^/]+)\/fields$/.exec(route);
    if (fieldsOf) {
      const dataset = decodeURIComponent(fieldsOf[1]);
      if (this.failingFields.has(dataset)) send(500, { code: 500, message: 'internal error reading the fields' });
      else if (this.datasets.includes(dataset)) send(200, this.fields[dataset] ?? []);
      else send(404, { code: 404, message: 'dataset not found' });
      return;
    }
    const dashboards = this.dashboards.answer(recorded.method, recorded.path, recorded.body);
    if (dashboards?.status === 204) {
      res.writeHead(204, { 'x-axiom-trace-id': traceId, ...rateHeaders });
      res.end();
      return;
    }
    if (dashboards) {
      send(dashboards.status, dashboards.body);
      return;
    }
    const metrics = this.metrics.answer(recorded.method, recorded.path, recorded.body);
    if (metrics) {
      send(metrics.status, metrics.body);
      return;
    }
    switch (route) {
      case 'GET /v2/notifiers':
        send(200, this.notifiers);
        return;
      case 'POST /v2/monitors': {
        const body = readJson(recorded.body);
        const problem = body === undefined ? 'invalid JSON body' : monitorBodyProblem(body);
        if (problem) {
          send(400, { code: 400, message: `invalid monitor: ${problem}` });
          return;
        }
        let id: string;
        do id = `mon_new_${++this.monitorSerial}`;
        while (this.monitorById(id));
        const at = new Date().toISOString();
        const created = {
          ...(body as Record<string, unknown>),
          id,
          createdAt: at,
          createdBy: this.user.id,
          updatedAt: at,
        };
        // A new list, so that the list's JSON is made again.
        this.monitors = [...this.monitors, created];
        send(200, created);
        return;
      }
      case 'GET /v2/monitors/{id}':
      case 'PUT /v2/monitors/{id}':
      case 'DELETE /v2/monitors/{id}': {
        const id = decodeURIComponent(MONITOR_ONE.exec(recorded.path.split('?')[0])![1]);
        const index = this.monitors.findIndex((m) => (m as { id?: unknown }).id === id);
        if (index < 0) {
          send(404, { code: 404, message: 'monitor not found' });
          return;
        }
        if (recorded.method === 'GET') {
          send(200, this.monitors[index]);
        } else if (recorded.method === 'DELETE') {
          this.monitors = this.monitors.filter((_, i) => i !== index);
          res.writeHead(204, { 'x-axiom-trace-id': traceId, ...rateHeaders });
          res.end();
        } else {
          const body = readJson(recorded.body);
          const problem = body === undefined ? 'invalid JSON body' : monitorBodyProblem(body);
          if (problem) {
            send(400, { code: 400, message: `invalid monitor: ${problem}` });
            return;
          }
          const before = this.monitors[index] as Record<string, unknown>;
          const updated = {
            ...(body as Record<string, unknown>),
            id,
            createdAt: before.createdAt,
            createdBy: before.createdBy,
            updatedAt: new Date().toISOString(),
          };
          this.monitors = this.monitors.map((m, i) => (i === index ? updated : m));
          send(200, updated);
        }
        return;
      }
      case 'GET /v2/monitors':
        send(200, this.monitorsBody(), {}, fault?.chunked ?? this.chunkedLists);
        return;
      case 'GET /v2/datasets':
        send(
          200,
          this.datasets.map((name, i) => {
            const details = this.datasetDetails[name];
            return {
              id: name,
              name,
              description: details?.description === undefined ? '' : details.description,
              created: '2024-01-01T00:00:00Z',
              updatedAt: '2024-01-01T00:00:00Z',
              who: 'usr_fake_1',
              kind: details?.kind === undefined ? 'axiom:events:v1' : details.kind,
              n: i,
              ...this.datasetEdges[name],
            };
          }),
        );
        return;
      case 'GET /v2/vfields': {
        const dataset = new URL(recorded.path, 'http://fake').searchParams.get('dataset') ?? '';
        if (!this.datasets.includes(dataset)) send(404, { code: 404, message: 'dataset not found' });
        else send(200, this.virtualFields[dataset] ?? null);
        return;
      }
      case 'GET /v2/user':
        send(200, this.user);
        return;
      case 'GET /v2/users':
        if (this.readUsers) send(200, [this.user, ...this.otherUsers]);
        else send(403, { code: 403, message: 'Forbidden: the token lacks the users|read capability' });
        return;
      case 'POST /v1/datasets/_apl': {
        if (new URL(recorded.path, 'http://fake').searchParams.get('format') !== 'tabular') {
          send(400, { code: 400, message: 'this fake answers only format=tabular' });
          return;
        }
        const body = readJson(recorded.body);
        if (typeof body !== 'object' || body === null || typeof (body as AplRequestBody).apl !== 'string') {
          send(400, { code: 400, message: 'invalid request: apl must be a string' });
          return;
        }
        const delay = this.aplDelayMs?.(body as AplRequestBody) ?? 0;
        if (delay > 0) {
          await new Promise((r) => setTimeout(r, delay));
          if (res.destroyed) return;
        }
        const answer = this.aplAnswer(body as AplRequestBody);
        send(answer.status ?? 200, answer.body, answer.headers);
        return;
      }

      case 'POST /v2/apl-starred-queries': {
        const body = readJson(recorded.body);
        const problem = body === undefined ? 'invalid JSON body' : starredBodyProblem(body);
        if (problem) {
          send(400, { code: 400, message: `invalid starred query: ${problem}` });
          return;
        }
        const created = { ...(body as Record<string, unknown>), id: this.newStarredId() };
        this.starred.push(created);
        send(200, created);
        return;
      }
      case 'GET /v2/apl-starred-queries': {
        const { status, body } = this.listStarred(new URL(recorded.path, 'http://fake'));
        send(status, body);
        return;
      }
      case 'GET /v2/apl-starred-queries/{id}':
      case 'PUT /v2/apl-starred-queries/{id}':
      case 'DELETE /v2/apl-starred-queries/{id}': {
        const id = decodeURIComponent(STARRED_ONE.exec(recorded.path.split('?')[0])![1]);
        const index = this.starred.findIndex((q) => q.id === id);
        if (index < 0) {
          send(404, { code: 404, message: 'starred query not found' });
          return;
        }
        if (recorded.method === 'GET') {
          send(200, this.starred[index]);
        } else if (recorded.method === 'DELETE') {
          this.starred.splice(index, 1);
          res.writeHead(204, { 'x-axiom-trace-id': traceId, ...rateHeaders });
          res.end();
        } else {
          const body = readJson(recorded.body);
          const problem = body === undefined ? 'invalid JSON body' : starredBodyProblem(body);
          if (problem) {
            send(400, { code: 400, message: `invalid starred query: ${problem}` });
            return;
          }
          this.starred[index] = { ...(body as Record<string, unknown>), id };
          send(200, this.starred[index]);
        }
        return;
      }
      case 'GET /v2/annotations': {
        const { status, body } = this.listAnnotations(new URL(recorded.path, 'http://fake'));
        send(status, body);
        return;
      }
      case 'POST /v2/annotations': {
        const body = readJson(recorded.body);
        const problem = body === undefined ? 'invalid JSON body' : annotationBodyProblem(body, true);
        if (problem) {
          send(400, { code: 400, message: `invalid annotation: ${problem}` });
          return;
        }
        let id: string;
        do id = `ann_${String(++this.annotationSerial).padStart(6, '0')}`;
        while (this.annotationById(id));
        const created = { time: new Date().toISOString(), ...(body as Record<string, unknown>), id };
        this.annotations.push(created);
        send(201, created);
        return;
      }
      case 'GET /v2/annotations/{id}':
      case 'PUT /v2/annotations/{id}':
      case 'DELETE /v2/annotations/{id}': {
        const id = decodeURIComponent(ANNOTATION_ONE.exec(recorded.path.split('?')[0])![1]);
        const index = this.annotations.findIndex((a) => a.id === id);
        if (index < 0) {
          send(404, { code: 404, message: 'annotation not found' });
          return;
        }
        if (recorded.method === 'GET') {
          send(200, this.annotations[index]);
        } else if (recorded.method === 'DELETE') {
          this.annotations.splice(index, 1);
          res.writeHead(204, { 'x-axiom-trace-id': traceId, ...rateHeaders });
          res.end();
        } else {
          const body = readJson(recorded.body);
          const problem = body === undefined ? 'invalid JSON body' : annotationBodyProblem(body, false);
          if (problem) {
            send(400, { code: 400, message: `invalid annotation: ${problem}` });
            return;
          }
          // The fields the update carries change; the others stay.
          this.annotations[index] = { ...this.annotations[index], ...(body as Record<string, unknown>), id };
          send(200, this.annotations[index]);
        }
        return;
      }
      default:
        send(404, { code: 404, message: 'not found' });
    }
  }
}

/** A small tabular result that names the query it answers (so a test can see what was run). */
function defaultAplAnswer(body: AplRequestBody): AplAnswer {
  return {
    body: {
      format: 'tabular',
      status: { elapsedTime: 1500, rowsExamined: 3, rowsMatched: 2, isPartial: false },
      tables: [
        {
          name: '0',
          sources: [{ name: 'http-logs' }],
          fields: [
            { name: '_time', type: 'datetime' },
            { name: 'apl', type: 'string' },
          ],
          columns: [
            ['2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z'],
            [String(body.apl), String(body.apl)],
          ],
        },
      ],
      datasetNames: ['http-logs'],
    },
  };
}

/** A request as the fakes record it: method, path, headers and the whole body as text. */
export async function readRequest(req: http.IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return {
    method: req.method ?? '',
    path: req.url ?? '',
    headers: req.headers,
    body: Buffer.concat(chunks).toString('utf8'),
  };
}

export function readJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
