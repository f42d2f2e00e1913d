// The fake service's metrics (fakeAxiom.ts hands it every request under /v1/query/): the edge query
// API's `_mpl` and metrics info endpoints with the shapes of the edge OpenAPI
// (restapi--versions--v1-edge-query.json), refusing what it refuses: info calls without `start` and
// `end` (RFC 3339), a `_mpl` body without `startTime`/`endTime` or `mpl`, an unknown `format`, an
// unknown dataset, metric or tag (404), each in the MetricsError shape `{ error, message }`. `_mpl`
// answers the series shape Axiom's SDKs read (`{ series: [{ metric, tags, start, resolution,
// data }] }`), made from the held metrics by a small reading of MPL: the source, `where tag ==
// "value"` filters, `align to <span>`, `group by …`/`group using`; an operator it does not know is
// refused with its line and column, as a parse error would be.

/** One metric a fake dataset holds: its details as the metrics list sends them, its tags' values,
 *  and the size of its values (they wave around `base` over the day). */
export interface FakeMetric {
  type: string;
  temporality: string;
  unit: string | null;
  tags: Record<string, string[]>;
  base: number;
}

export interface FakeMetricsAnswer {
  status: number;
  body: unknown;
}

const INFO =
  /^\/v1\/query\/metrics\/info\/datasets\/([^/]+)\/(metrics|tags)(?:\/([^/]+)(?:\/(tags|values)(?:\/([^/]+)\/(values))?)?)?$/;
const OPERATORS = new Set(['where', 'map', 'align', 'group', 'bucket', 'compute', 'filter']);
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
/** The most values one `_mpl` answer holds per series before the service asks for a coarser step. */
export const MAX_POINTS = 5000;
/** The most series one answer holds. */
export const MAX_SERIES = 100;

function refusal(status: number, error: string, message: string): FakeMetricsAnswer {
  return { status, body: { error, message } };
}

/** RFC 3339, as the info endpoints require. */
function rfc3339(text: string | null): number | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/** RFC 3339 or a relative time (`now`, `now-1h`), as `_mpl` takes them. */
function queryTime(text: unknown, now: number): number | undefined {
  if (typeof text !== 'string') return undefined;
  const relative = /^now(?:-(\d+)([smhdw]))?$/.exec(text.trim());
  if (relative) return relative[1] ? now - Number(relative[1]) * UNIT_MS[relative[2]] : now;
  return rfc3339(text);
}

function unquote(name: string): string {
  return name.startsWith('`') && name.endsWith('`') ? name.slice(1, -1) : name;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) / 4294967296;
}

/** The `|` that start operators: outside quotes, backticks and parentheses, with their offsets. */
function pipes(text: string): number[] {
  const at: number[] = [];
  let quote: string | undefined;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth <= 0) at.push(i);
  }
  return at;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

export class FakeMetrics {
  /** Metrics datasets by name: metric name → metric. */
  readonly datasets = new Map<string, Record<string, FakeMetric>>();
  /** The bodies `_mpl` received, as sent. */
  readonly queries: unknown[] = [];

  reset(): void {
    this.datasets.clear();
    this.queries.length = 0;
  }

  /** The answer to a request under /v1/query/ that is the metrics', or undefined when it is none. */
  answer(method: string, url: string, body: string, now = Date.now()): FakeMetricsAnswer | undefined {
    const [path, search = ''] = url.split('?');
    if (path === '/v1/query/_mpl') return method === 'POST' ? this.mpl(search, body, now) : undefined;
    const info = INFO.exec(path);
    if (!info) return undefined;
    const params = new URLSearchParams(search);
    const start = rfc3339(params.get('start'));
    const end = rfc3339(params.get('end'));
    if (start === undefined || end === undefined)
      return refusal(400, 'bad request', 'start and end are required, as RFC3339 times');
    if (end < start) return refusal(400, 'bad request', 'end is before start');
    const metrics = this.datasets.get(decodeURIComponent(info[1]));
    if (!metrics) return refusal(404, 'not found', 'dataset not found');
    const [, , level, first, next, second] = info;
    const name = first === undefined ? undefined : decodeURIComponent(first);
    const tagName = second === undefined ? undefined : decodeURIComponent(second);
    if (level === 'metrics' && name === undefined) {
      if (method === 'POST') return this.findMetrics(metrics, body);
      if (method !== 'GET') return undefined;
      return {
        status: 200,
        body: Object.fromEntries(
          Object.entries(metrics).map(([n, m]) => [n, { type: m.type, temporality: m.temporality, unit: m.unit }]),
        ),
      };
    }
    if (method !== 'GET') return undefined;
    if (level === 'tags') {
      // /tags or /tags/{tag}/values across the dataset's metrics.
      const all: Record<string, Set<string>> = {};
      for (const metric of Object.values(metrics))
        for (const [tag, values] of Object.entries(metric.tags))
          for (const v of values) (all[tag] ??= new Set()).add(v);
      if (name === undefined) return { status: 200, body: Object.keys(all) };
      if (next !== 'values') return undefined;
      const values = all[name];
      return values ? { status: 200, body: [...values] } : refusal(404, 'not found', 'tag not found');
    }
    if (name === undefined || next !== 'tags') return undefined;
    const metric = metrics[name];
    if (!metric) return refusal(404, 'not found', 'metric not found');
    if (tagName === undefined) return { status: 200, body: Object.keys(metric.tags) };
    const values = metric.tags[tagName];
    return values ? { status: 200, body: values } : refusal(404, 'not found', 'tag not found');
  }

  private findMetrics(metrics: Record<string, FakeMetric>, body: string): FakeMetricsAnswer {
    let value: unknown;
    try {
      value = (JSON.parse(body) as { value?: unknown }).value;
    } catch {
      return refusal(400, 'bad request', 'invalid JSON body');
    }
    if (typeof value !== 'string') return refusal(400, 'bad request', 'value is required');
    return {
      status: 200,
      body: Object.entries(metrics)
        .filter(([, m]) => Object.values(m.tags).some((values) => values.includes(value)))
        .map(([n]) => n),
    };
  }

  private mpl(search: string, text: string, now: number): FakeMetricsAnswer {
    const format = new URLSearchParams(search).get('format');
    if (format !== null && format !== 'metrics-v1' && format !== 'metrics-v2')
      return refusal(400, 'bad request', `unknown format ${format}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refusal(400, 'bad request', 'invalid JSON body');
    }
    this.queries.push(body);
    const request = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const start = queryTime(request.startTime, now);
    const end = queryTime(request.endTime, now);
    if (start === undefined || end === undefined)
      return refusal(400, 'bad request', 'startTime and endTime are required (RFC3339 or relative, such as now-1h)');
    if (typeof request.mpl !== 'string' || !request.mpl.trim()) return refusal(400, 'bad request', 'mpl is required');
    if (end <= start) return refusal(400, 'bad request', 'endTime must be after startTime');
    return this.run(request.mpl, start, end);
  }

  /** A small reading of MPL: enough to answer the queries the demo and the tests send. */
  private run(mpl: string, start: number, end: number): FakeMetricsAnswer {
    // Comments and `set` directives are blanked (offsets kept, for the places of errors).
    const text = mpl.replace(/\/\/[^\n]*/g, (c) => ' '.repeat(c.length));
    const body = text.replace(/^(\s*set\s+[\w.]+\s*=\s*[^;]*;)+/, (d) => d.replace(/[^\n]/g, ' '));
    const source = /^[\s(]*(`[^`]+`|[A-Za-z_][\w.-]*)\s*:\s*(`[^`]+`|[A-Za-z_][\w.]*)/.exec(body);
    if (!source) {
      const at = lineAndColumn(mpl, body.length - body.trimStart().length);
      return refusal(400, 'parse error', `expected a source (dataset:metric) at line ${at.line}, column ${at.column}`);
    }
    const cuts = pipes(body);
    let resolution: number | undefined;
    let groupBy: string[] | undefined;
    const filters: [string, string][] = [];
    for (const cut of cuts) {
      const rest = body.slice(cut + 1);
      const word = /^\s*([A-Za-z_:]+)/.exec(rest);
      const name = word?.[1] ?? '';
      if (!OPERATORS.has(name)) {
        const at = lineAndColumn(mpl, cut + 1 + (rest.length - rest.trimStart().length));
        return refusal(400, 'parse error', `unknown operator '${name}' at line ${at.line}, column ${at.column}`);
      }
      const part = rest.slice(0, pipes(rest)[0] ?? rest.length);
      if (name === 'where')
        for (const m of part.matchAll(/(`[^`]+`|[\w.]+)\s*==\s*"([^"]*)"/g)) filters.push([unquote(m[1]), m[2]]);
      const align = name === 'align' || name === 'bucket' ? /\bto\s+(\d+)([smhdw])\b/.exec(part) : null;
      if (align) resolution = Number(align[1]) * UNIT_MS[align[2]];
      if (name === 'group' || name === 'bucket') {
        const by = /\bby\s+(.*?)\s*(?:\bto\b|\busing\b|$)/s.exec(part);
        groupBy = by ? by[1].split(',').map((t) => unquote(t.trim())) : [];
      }
    }
    const datasetName = unquote(source[1]);
    const metrics = this.datasets.get(datasetName);
    if (!metrics) return refusal(404, 'not found', `dataset ${datasetName} not found`);
    const metricName = unquote(source[2]);
    const metric = metrics[metricName];
    if (!metric) return { status: 200, body: { series: [] } };
    const step = resolution ?? Math.max(60_000, Math.ceil((end - start) / 120 / 60_000) * 60_000);
    const first = Math.floor(start / step) * step;
    const points = Math.ceil((end - first) / step);
    if (points > MAX_POINTS)
      return refusal(400, 'bad request', `too many points (${points}); align to a coarser interval`);
    const tagNames = groupBy ?? Object.keys(metric.tags);
    let combos: Record<string, string>[] = [{}];
    for (const tag of tagNames) {
      const values = (metric.tags[tag] ?? []).filter((v) => filters.every(([t, want]) => t !== tag || v === want));
      combos = combos.flatMap((c) => values.map((v) => ({ ...c, [tag]: v }))).slice(0, MAX_SERIES);
    }
    // A filter on a tag not grouped by still narrows: an unknown value leaves nothing.
    if (filters.some(([tag, want]) => !tagNames.includes(tag) && !(metric.tags[tag] ?? []).includes(want))) combos = [];
    const series = combos.map((tags) => {
      const seed = hash(`${metricName}|${JSON.stringify(tags)}`);
      const data: (number | null)[] = [];
      for (let i = 0; i < points; i++) {
        const t = first + i * step;
        const wave = Math.sin((t / 86_400_000) * 2 * Math.PI + seed * 6) * 0.3;
        const noise = (hash(`${seed}|${t}`) - 0.5) * 0.1;
        data.push(Math.round(metric.base * (1 + wave + noise + seed * 0.5) * 1000) / 1000);
      }
      return { metric: metricName, tags, start: first, resolution: step, data };
    });
    return { status: 200, body: { series } };
  }
}
