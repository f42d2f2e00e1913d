// The fake service's dashboards (v2): versions, conflicts and the spec's validation. A document is
// checked against the JSON schema derived from the OpenAPI description (media/axiom-dashboard.schema.json):
// a key the spec does not allow is refused with a 400 naming it, as the service refuses it. What the
// spec does not say but a third party's probing found is refused too: time windows written other
// than `qr-now-{duration}`, `qr-now` or epoch milliseconds.
import fs from 'node:fs';
import path from 'node:path';
import { checkAgainstSchema } from './jsonSchemaCheck';

const SCHEMA_PATH = 'media/axiom-dashboard.schema.json';
let schema: Record<string, unknown> | undefined;

/** The dashboard schema, read on first use from the project folder (found upward from this bundle, or
 *  from the working folder where a bundle is an ES module without __dirname). */
export function dashboardSchema(): Record<string, unknown> {
  if (schema) return schema;
  const starts = [typeof __dirname === 'string' ? __dirname : undefined, process.cwd()];
  for (const start of starts) {
    for (let dir = start; dir && dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const file = path.join(dir, SCHEMA_PATH);
      if (fs.existsSync(file)) return (schema = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>);
    }
  }
  throw new Error(`cannot find ${SCHEMA_PATH}`);
}

/** A stored dashboard, as GET sends it (`DashboardResource`). */
export interface FakeDashboard {
  uid: string;
  id: string;
  version: number;
  dashboard: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string;
  [key: string]: unknown;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
}

export const DASHBOARD_ONE = /^\/v2\/dashboards\/uid\/([^/]+)$/;
export const DASHBOARD_CHART = /^\/v2\/dashboards\/uid\/([^/]+)\/charts\/([^/]+)$/;

const TIME_WINDOW = /^(qr-now(-\d+[smhdw])?|\d+)$/;
const UPSERT_KEYS = new Set(['dashboard', 'uid', 'version', 'overwrite', 'message']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a document is refused, or undefined: the spec's schema, then what the service is known to refuse. */
export function dashboardDocumentProblem(document: unknown): string | undefined {
  const problems = checkAgainstSchema(dashboardSchema(), document);
  if (problems.length) return problems.map((p) => `${p.path}: ${p.message}`).join('; ');
  const doc = document as Record<string, unknown>;
  for (const key of ['timeWindowStart', 'timeWindowEnd'])
    if (!TIME_WINDOW.test(String(doc[key])))
      return `${key}: must be qr-now, qr-now-{duration} or epoch milliseconds, not ${JSON.stringify(doc[key])}`;
  const charts = doc.charts as { id: string }[];
  const ids = new Set(charts.map((c) => c.id));
  if (ids.size !== charts.length) return 'charts: chart ids must be unique';
  const placed = (doc.layout as { i: string }[]).find((item) => !ids.has(item.i));
  if (placed) return `layout: ${placed.i} is no chart of the dashboard`;
  return undefined;
}

/** RFC 7396: null removes a key, an object merges, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

export class FakeDashboards {
  /** The dashboards the service holds, in the order it lists them: change one to change it behind the client's back. */
  readonly stored: FakeDashboard[] = [];
  private serial = 0;

  constructor(private readonly who: () => string) {}

  byUid(uid: string): FakeDashboard | undefined {
    return this.stored.find((d) => d.uid === uid);
  }

  /** Puts a dashboard in the service as if someone had saved it (a test's or the demo's). */
  add(dashboard: Record<string, unknown>, uid?: string, by = 'usr_colleague'): FakeDashboard {
    const problem = dashboardDocumentProblem(dashboard);
    if (problem) throw new Error(`the fake's dashboard is one the service would refuse: ${problem}`);
    return this.create(dashboard, uid ?? this.newUid(), by);
  }

  /** A change made in Axiom by someone else: the document replaced, the version moved on. */
  changeBehindTheBack(uid: string, change: (document: Record<string, unknown>) => void): FakeDashboard {
    const stored = this.byUid(uid);
    if (!stored) throw new Error(`no dashboard ${uid}`);
    change(stored.dashboard);
    stored.version++;
    stored.updatedAt = new Date().toISOString();
    stored.updatedBy = 'usr_colleague';
    return stored;
  }

  reset(): void {
    this.stored.length = 0;
    this.serial = 0;
  }

  /** The answer to a dashboards request, or undefined when the path is none of theirs. */
  answer(method: string, url: string, text: string): FakeAnswer | undefined {
    const [pathname, query = ''] = url.split('?');
    if (pathname === '/v2/dashboards') {
      if (method === 'GET') return this.list(new URLSearchParams(query));
      if (method === 'POST') return this.upsert(readJson(text), undefined);
      return refuse(405, 'method not allowed');
    }
    const chart = DASHBOARD_CHART.exec(pathname);
    if (chart) {
      if (method !== 'PATCH') return refuse(405, 'method not allowed');
      return this.patchChart(decodeURIComponent(chart[1]), decodeURIComponent(chart[2]), readJson(text));
    }
    const one = DASHBOARD_ONE.exec(pathname);
    if (!one) return undefined;
    const uid = decodeURIComponent(one[1]);
    const stored = this.byUid(uid);
    if (method === 'PUT') return this.upsert(readJson(text), uid);
    if (!stored) return refuse(404, 'dashboard not found', { uid });
    if (method === 'GET') return { status: 200, body: stored };
    if (method === 'DELETE') {
      this.stored.splice(this.stored.indexOf(stored), 1);
      return { status: 204 };
    }
    return refuse(405, 'method not allowed');
  }

  private list(params: URLSearchParams): FakeAnswer {
    const limit = params.has('limit') ? Number(params.get('limit')) : 100;
    const offset = params.has('offset') ? Number(params.get('offset')) : 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return refuse(400, 'limit must be between 1 and 1000');
    if (!Number.isInteger(offset) || offset < 0) return refuse(400, 'offset must not be negative');
    return { status: 200, body: this.stored.slice(offset, offset + limit) };
  }

  /** POST (uid from the body, else one made up) and PUT (uid from the path): create, or update with the version read. */
  private upsert(body: unknown, pathUid: string | undefined): FakeAnswer {
    if (!isObject(body)) return refuse(400, 'invalid JSON body');
    const unknown = Object.keys(body).filter((key) => !UPSERT_KEYS.has(key));
    if (unknown.length) return refuse(400, `invalid request: unknown fields ${unknown.join(', ')}`);
    if (body.version !== undefined && !Number.isInteger(body.version)) return refuse(400, 'version must be an integer');
    if (body.overwrite !== undefined && typeof body.overwrite !== 'boolean')
      return refuse(400, 'overwrite must be a boolean');
    const problem = dashboardDocumentProblem(body.dashboard);
    if (problem) return refuse(400, `invalid dashboard: ${problem}`, { reason: problem });
    const document = body.dashboard as Record<string, unknown>;
    const uid =
      pathUid ?? (typeof body.uid === 'string' ? body.uid : undefined) ?? (document.uid as string | undefined);
    if (uid !== undefined && !/^[A-Za-z0-9_-]{1,128}$/.test(uid)) return refuse(400, 'invalid uid');
    if (document.uid !== undefined && uid !== undefined && document.uid !== uid)
      return refuse(400, `dashboard.uid ${JSON.stringify(document.uid)} is not ${uid}`);
    const stored = uid === undefined ? undefined : this.byUid(uid);
    if (!stored) {
      const created = this.create(document, uid ?? this.newUid(), this.who());
      return { status: 201, body: { status: 'created', dashboard: created } };
    }
    const overwrite = body.overwrite === true;
    if (!overwrite) {
      if (body.version === undefined)
        return pathUid === undefined
          ? refuse(409, 'dashboard already exists', { uid: stored.uid, currentVersion: stored.version })
          : refuse(400, 'version is required when overwrite is false', { uid: stored.uid });
      if (body.version !== stored.version) return conflict(stored);
    }
    this.replace(stored, document);
    return { status: 200, body: { status: 'updated', overwritten: overwrite, dashboard: stored } };
  }

  private patchChart(uid: string, chartId: string, body: unknown): FakeAnswer {
    const stored = this.byUid(uid);
    if (!stored) return refuse(404, 'dashboard not found', { uid });
    if (!isObject(body) || !isObject(body.chart)) return refuse(400, 'chart must be an object');
    const unknown = Object.keys(body).filter((key) => !['chart', 'version', 'overwrite', 'message'].includes(key));
    if (unknown.length) return refuse(400, `invalid request: unknown fields ${unknown.join(', ')}`);
    if (body.chart.id !== undefined && body.chart.id !== chartId)
      return refuse(400, `chart.id ${JSON.stringify(body.chart.id)} does not match ${chartId}`);
    const charts = stored.dashboard.charts as Record<string, unknown>[];
    const index = charts.findIndex((c) => c.id === chartId);
    if (index < 0) return refuse(404, 'chart not found', { uid });
    if (body.overwrite !== true) {
      if (!Number.isInteger(body.version)) return refuse(400, 'version is required when overwrite is false', { uid });
      if (body.version !== stored.version) return conflict(stored);
    }
    const patched = {
      ...stored.dashboard,
      charts: charts.map((c, i) => (i === index ? mergePatch(c, body.chart) : c)),
    };
    const problem = dashboardDocumentProblem(patched);
    if (problem) return refuse(400, `invalid dashboard chart patch: ${problem}`, { reason: problem });
    this.replace(stored, patched);
    return { status: 200, body: { status: 'updated', overwritten: body.overwrite === true, dashboard: stored } };
  }

  private create(document: Record<string, unknown>, uid: string, by: string): FakeDashboard {
    const at = new Date().toISOString();
    const created: FakeDashboard = {
      uid,
      id: `dsh_${String(++this.serial).padStart(6, '0')}`,
      version: 1,
      dashboard: structuredClone(document),
      createdAt: at,
      updatedAt: at,
      createdBy: by,
      updatedBy: by,
    };
    this.stored.push(created);
    return created;
  }

  private replace(stored: FakeDashboard, document: Record<string, unknown>): void {
    stored.dashboard = structuredClone(document);
    stored.version++;
    stored.updatedAt = new Date().toISOString();
    stored.updatedBy = this.who();
  }

  private newUid(): string {
    let uid: string;
    do uid = `dash-${String(++this.serial).padStart(4, '0')}`;
    while (this.byUid(uid));
    return uid;
  }
}

function refuse(status: number, message: string, more: Record<string, unknown> = {}): FakeAnswer {
  return { status, body: { code: String(status), message, ...more } };
}

function conflict(stored: FakeDashboard): FakeAnswer {
  return refuse(412, 'version conflict: the dashboard changed since it was read', {
    code: 'version_conflict',
    uid: stored.uid,
    currentVersion: stored.version,
  });
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
