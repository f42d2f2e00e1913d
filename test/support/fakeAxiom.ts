// A stand-in for the Axiom v2 API on 127.0.0.1: real HTTP, the API's paths, auth rules and
// error shapes, a record of every request, and faults that a test can order per route.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

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
  /** How many requests it applies to; absent = until cleared. */
  times?: number;
}

export type Route = 'GET /v2/monitors' | 'POST /v2/apl-starred-queries' | 'GET /v2/datasets' | `GET /v2/datasets/${string}/fields` | 'GET /v2/user';

export interface FakeAxiomOptions {
  token?: string;
  /** The org id a personal token must be sent with. */
  orgId?: string;
  monitors?: unknown[];
  /** Serve https with this key and certificate instead of plain http. */
  tls?: { key: string; cert: string };
  /** Send the monitor list in chunks with no declared length, as a service written in Go does
   *  with a large body. Otherwise every body declares its length. */
  chunkedLists?: boolean;
}

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
  user = { id: 'usr_fake_1', name: 'Test Person', email: 'person@example.com', role: { id: 'admin', name: 'admin' } };
  /** Starred queries created, in order. */
  readonly starred: Record<string, unknown>[] = [];
  /** Requests whose connection the client closed before the answer was sent. */
  readonly abandoned: RecordedRequest[] = [];
  token: string;
  personalToken = FAKE_PERSONAL_TOKEN;
  orgId: string;
  /** Most requests the service was answering at one moment. */
  maxConcurrent = 0;
  private concurrent = 0;
  private readonly faults = new Map<string, Fault>();
  private monitorsJson?: { source: unknown[]; bytes: Buffer };
  private readonly chunkedLists: boolean;
  private readonly server: http.Server;
  private readonly secure: boolean;
  private readonly sockets = new Set<import('node:net').Socket>();

  constructor(options: FakeAxiomOptions = {}) {
    this.token = options.token ?? FAKE_API_TOKEN;
    this.orgId = options.orgId ?? FAKE_ORG_ID;
    this.monitors = options.monitors ?? [];
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => void this.handle(req, res);
    this.secure = options.tls !== undefined;
    this.chunkedLists = options.chunkedLists ?? false;
    this.server = options.tls ? https.createServer(options.tls, handler) : http.createServer(handler);
    this.server.on('connection', (s: import('node:net').Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  get url(): string {
    return `${this.secure ? 'https' : 'http'}://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
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
    this.abandoned.length = 0;
    this.maxConcurrent = 0;
    this.clearFaults();
  }

  requestsTo(route: Route): RecordedRequest[] {
    const [method, path] = route.split(' ');
    return this.requests.filter((r) => r.method === method && r.path.split('?')[0] === path);
  }

  /** The list as JSON, made once per list: a benchmark asks for 50,000 monitors many times. */
  private monitorsBody(): Buffer {
    if (this.monitorsJson?.source !== this.monitors) this.monitorsJson = { source: this.monitors, bytes: Buffer.from(JSON.stringify(this.monitors)) };
    return this.monitorsJson.bytes;
  }

  private takeFault(route: string): Fault | undefined {
    const fault = this.faults.get(route);
    if (!fault) return undefined;
    if (fault.times !== undefined && --fault.times <= 0) this.faults.delete(route);
    return fault;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const recorded: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
    this.requests.push(recorded);
    this.maxConcurrent = Math.max(this.maxConcurrent, ++this.concurrent);
    res.on('close', () => {
      this.concurrent--;
      if (!res.writableFinished) this.abandoned.push(recorded);
    });
    const route = `${recorded.method} ${recorded.path.split('?')[0]}`;
    const traceId = `trace-${this.requests.length}`;
    const rateHeaders = { 'x-ratelimit-scope': 'user', 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '999', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 60) };

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
      res.writeHead(status, { 'content-type': 'application/json', 'x-axiom-trace-id': traceId, ...rateHeaders, ...length, ...headers });
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
    if (token !== this.token && token !== this.personalToken) {
      send(403, { code: 403, message: 'Forbidden' });
      return;
    }
    if (token === this.personalToken && req.headers['x-axiom-org-id'] !== this.orgId) {
      send(400, { code: 400, message: 'missing or invalid x-axiom-org-id header' });
      return;
    }

    const fieldsOf = /^GET \/v2\/datasets\/([^/]+)\/fields$/.exec(route);
    if (fieldsOf) {
      const dataset = decodeURIComponent(fieldsOf[1]);
      if (this.datasets.includes(dataset)) send(200, this.fields[dataset] ?? []);
      else send(404, { code: 404, message: 'dataset not found' });
      return;
    }
    switch (route) {
      case 'GET /v2/monitors':
        send(200, this.monitorsBody(), {}, fault?.chunked ?? this.chunkedLists);
        return;
      case 'GET /v2/datasets':
        send(200, this.datasets.map((name, i) => ({ id: name, name, description: '', created: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z', who: 'usr_fake_1', kind: 'axiom:events:v1', n: i })));
        return;
      case 'GET /v2/user':
        send(200, this.user);
        return;

      case 'POST /v2/apl-starred-queries': {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(recorded.body) as Record<string, unknown>;
        } catch {
          send(400, { code: 400, message: 'invalid JSON body' });
          return;
        }
        const query = body.query as { apl?: unknown } | undefined;
        const missing = ['kind', 'name', 'who', 'query', 'metadata'].filter((k) => body[k] === undefined);
        if (missing.length || body.kind !== 'apl' || typeof query?.apl !== 'string') {
          send(400, { code: 400, message: `invalid starred query: missing ${missing.join(', ') || 'query.apl or kind'}` });
          return;
        }
        const created = { ...body, id: `sq_${String(this.starred.length + 1).padStart(6, '0')}` };
        this.starred.push(created);
        send(200, created);
        return;
      }
      default:
        send(404, { code: 404, message: 'not found' });
    }
  }
}
