// The demo deployment's traces (issue 50): `shop-traces`, a dataset of kind otel:traces:v1 with a
// few hundred traces over the last day across the shop's services (checkout, cart, payments).
// One is slow (the payment provider takes seconds); some fail, and their error spans carry the
// sample app's stack traces and `code.*` attributes (demoShop.ts), so that a newcomer lands on real
// lines. Spans are made once per demo, the same for the same `now`.
//
// It answers the queries the extension sends for traces (core/traces: one trace, the slowest root
// spans, the failing traces, their roots and counts, the services) and a plain look (`take`): the
// `where`s it knows (trace_id ==, trace_id in, service.name ==, roots, errors) and those
// summaries. Not APL: a demo.
import type { AplAnswer, AplRequestBody, FakeAxiom } from './fakeAxiom';
import { readTime } from './demoQueries';
import { DEMO_SHOP_FAILURES, DEMO_SHOP_PLACES, type DemoShopPlace } from './demoShop';

export const DEMO_TRACES_DATASET = 'shop-traces';
const TRACES_KIND = 'otel:traces:v1';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How many traces the last day holds. */
const TRACE_COUNT = 320;

type SpanRow = Record<string, unknown> & { _time: string; trace_id: string; span_id: string; duration: string };

/** The fields GET /v2/datasets/shop-traces/fields lists (flattened, as Axiom stores OTel spans). */
export const DEMO_TRACE_FIELDS = [
  ['_time', 'datetime', 'When the span started'],
  ['trace_id', 'string', 'The trace the span belongs to'],
  ['span_id', 'string', ''],
  ['parent_span_id', 'string', 'Empty at a root span'],
  ['name', 'string', 'The operation'],
  ['kind', 'string', ''],
  ['duration', 'timespan', 'How long the span took'],
  ['error', 'boolean', ''],
  ['status.code', 'string', ''],
  ['status.message', 'string', ''],
  ['service.name', 'string', ''],
  ['attributes.http.method', 'string', ''],
  ['attributes.http.route', 'string', ''],
  ['attributes.http.status_code', 'integer', ''],
  ['attributes.db.system', 'string', ''],
  ['attributes.code.filepath', 'string', ''],
  ['attributes.code.lineno', 'integer', ''],
  ['attributes.code.function', 'string', ''],
  ['events', 'array', 'Span events (exceptions)'],
  ['resource.host.name', 'string', ''],
  ['resource.service.version', 'string', ''],
].map(([name, type, description]) => ({ name, type, description, unit: '', hidden: false }));

/** A small seeded generator (mulberry32): the same traces for the same seed. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (random: () => number, digits: number) =>
  Array.from({ length: digits / 8 }, () =>
    Math.floor(random() * 0x100000000)
      .toString(16)
      .padStart(8, '0'),
  ).join('');

/** A duration as Go writes it (the forms the extension reads: core/traces/timespan.ts). */
function goDuration(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(6)}s` : ms >= 1 ? `${ms.toFixed(6)}ms` : `${(ms * 1000).toFixed(3)}µs`;
}

const codeAttributes = (place: DemoShopPlace) => ({
  'attributes.code.filepath': place.deployedPath,
  'attributes.code.lineno': place.line,
  'attributes.code.function': place.function,
});

type Failure = 'declined' | 'connectionReset' | undefined;

interface Shape {
  name: string;
  service: string;
  kind: string;
  ms: number;
  attributes?: Record<string, unknown>;
  failure?: Failure;
  children?: Shape[];
}

/** One checkout: the order, the cart's reservation, the payment; `failure` marks where it breaks. */
function checkoutShape(random: () => number, failure: Failure, slow: boolean): Shape {
  const provider = slow ? 4200 + random() * 300 : 40 + random() * 160;
  const loads = 1 + Math.floor(random() * 3);
  const products: Shape[] = Array.from({ length: loads }, (_, i) => ({
    name: 'loadProduct',
    service: 'cart',
    kind: 'internal',
    ms: 2 + random() * 12,
    attributes: { 'attributes.db.system': 'redis', ...codeAttributes(DEMO_SHOP_PLACES.loadProductCall) },
    ...(failure === 'connectionReset' && i === loads - 1 ? { failure } : {}),
  }));
  const reserve: Shape = {
    name: 'POST /cart/reserve',
    service: 'cart',
    kind: 'server',
    ms: 0,
    attributes: { 'attributes.http.method': 'POST', 'attributes.http.route': '/cart/reserve' },
    children: [{ name: 'reserveItems', service: 'cart', kind: 'internal', ms: 0, children: products }],
  };
  const payment: Shape = {
    name: 'POST /payments/charge',
    service: 'payments',
    kind: 'server',
    ms: 0,
    attributes: { 'attributes.http.method': 'POST', 'attributes.http.route': '/payments/charge' },
    children: [
      {
        name: 'chargeCard',
        service: 'payments',
        kind: 'internal',
        ms: 0,
        attributes: codeAttributes(DEMO_SHOP_PLACES.chargeCardCall),
        ...(failure === 'declined' ? { failure } : {}),
        children: [
          {
            name: 'POST payments.example/authorize',
            service: 'payments',
            kind: 'client',
            ms: provider,
            attributes: { 'attributes.http.method': 'POST' },
          },
        ],
      },
    ],
  };
  return {
    name: 'POST /checkout',
    service: 'checkout',
    kind: 'server',
    ms: 0,
    attributes: { 'attributes.http.method': 'POST', 'attributes.http.route': '/checkout' },
    children: [
      {
        name: 'placeOrder',
        service: 'checkout',
        kind: 'internal',
        ms: 0,
        attributes: codeAttributes(DEMO_SHOP_PLACES.orderPlacedLog),
        children: failure === 'connectionReset' ? [reserve] : [reserve, payment],
      },
    ],
  };
}

/** A look at the cart alone, or a refund at payments: traces whose root is another service's. */
function smallShape(random: () => number): Shape {
  return random() < 0.5
    ? {
        name: 'GET /cart',
        service: 'cart',
        kind: 'server',
        ms: 0,
        attributes: { 'attributes.http.method': 'GET', 'attributes.http.route': '/cart' },
        children: [
          {
            name: 'redis GET',
            service: 'cart',
            kind: 'client',
            ms: 1 + random() * 8,
            attributes: { 'attributes.db.system': 'redis' },
          },
        ],
      }
    : {
        name: 'POST /payments/refund',
        service: 'payments',
        kind: 'server',
        ms: 0,
        attributes: { 'attributes.http.method': 'POST', 'attributes.http.route': '/payments/refund' },
        children: [
          { name: 'POST payments.example/refund', service: 'payments', kind: 'client', ms: 30 + random() * 90 },
        ],
      };
}

/** The spans of one trace from its shape: children one after another, a parent as long as they take. */
function spansOf(shape: Shape, traceId: string, start: number, random: () => number): SpanRow[] {
  const rows: SpanRow[] = [];
  const place = (s: Shape, parentId: string, at: number): { end: number; failed: boolean } => {
    const spanId = hex(random, 16);
    const row: SpanRow = {
      _time: '',
      trace_id: traceId,
      span_id: spanId,
      parent_span_id: parentId,
      name: s.name,
      kind: s.kind,
      duration: '',
      'service.name': s.service,
      'resource.host.name': `${s.service}-${1 + Math.floor(random() * 3)}`,
      'resource.service.version': '1.4.2',
      ...s.attributes,
    };
    rows.push(row);
    let end = at + 0.2 + random() * 1.5;
    let failed = false;
    for (const child of s.children ?? []) {
      const done = place(child, spanId, end);
      end = done.end + 0.1 + random();
      failed ||= done.failed;
      if (failed) break;
    }
    end = Math.max(end, at + s.ms);
    const own = s.failure !== undefined;
    if (own) {
      const stack = DEMO_SHOP_FAILURES[s.failure!];
      const thrownAt = s.failure === 'declined' ? DEMO_SHOP_PLACES.paymentDeclined : DEMO_SHOP_PLACES.connectionReset;
      Object.assign(row, codeAttributes(thrownAt), {
        events: [
          {
            name: 'exception',
            timestamp: new Date(end).toISOString(),
            attributes: {
              'exception.type': stack.split(':')[0],
              'exception.message': stack.split('\n')[0],
              'exception.stacktrace': stack,
            },
          },
        ],
      });
    }
    if (own || failed) {
      row.error = true;
      row['status.code'] = 'ERROR';
      row['status.message'] = DEMO_SHOP_FAILURES[s.failure ?? 'declined'].split('\n')[0];
      if (s.kind === 'server') row['attributes.http.status_code'] = 500;
    } else {
      row.error = false;
      row['status.code'] = 'OK';
      if (s.kind === 'server') row['attributes.http.status_code'] = 200;
    }
    row._time = new Date(at).toISOString();
    row.duration = goDuration(end - at);
    return { end, failed: own || failed };
  };
  place(shape, '', start);
  return rows;
}

/** The demo's traces over the day before `now`, oldest first; the slow one and some failing ones among them. */
export function demoTraceSpans(now: number): SpanRow[] {
  const random = generator(0x7ace5);
  const spans: SpanRow[] = [];
  for (let i = 0; i < TRACE_COUNT; i++) {
    // Evenly over the day, the last few minutes apart from now; the slow one about 40 minutes ago.
    const start = now - DAY + (i + random() * 0.8) * (DAY / TRACE_COUNT) - 2 * 60_000;
    const traceId = hex(random, 32);
    const slow = i === TRACE_COUNT - 10;
    const roll = random();
    // The last few checkouts fail as the demo's incident does (checkout 5xx from 14 minutes ago).
    const incident = i >= TRACE_COUNT - 3;
    const failure: Failure = slow
      ? undefined
      : incident || roll < 0.06
        ? 'declined'
        : roll < 0.1
          ? 'connectionReset'
          : undefined;
    const shape = random() < 0.75 || slow || failure ? checkoutShape(random, failure, slow) : smallShape(random);
    spans.push(...spansOf(shape, traceId, start, random));
  }
  return spans;
}

/** A failing trace's id (the newest), for the journeys and tests. */
export function demoFailingTraceId(spans: readonly SpanRow[]): string {
  for (let i = spans.length - 1; i >= 0; i--) if (spans[i].error === true) return spans[i].trace_id;
  throw new Error('the demo has no failing trace');
}

const durationMs = (row: SpanRow) => {
  const m = /^([\d.]+)(s|ms|µs)$/.exec(row.duration);
  return m ? Number(m[1]) * ({ s: 1000, ms: 1, µs: 0.001 } as const)[m[2] as 's' | 'ms' | 'µs'] : 0;
};

function table(fields: readonly { name: string; type: string }[], rows: readonly Record<string, unknown>[]) {
  return {
    name: '0',
    sources: [{ name: DEMO_TRACES_DATASET }],
    fields: fields.map(({ name, type }) => ({ name, type })),
    columns: fields.map(({ name }) => rows.map((row) => row[name] ?? null)),
  };
}

const answer = (t: ReturnType<typeof table>, examined: number): AplAnswer => ({
  body: {
    format: 'tabular',
    status: { elapsedTime: 2100, rowsExamined: examined, rowsMatched: t.columns[0]?.length ?? 0, isPartial: false },
    tables: [t],
    datasetNames: [DEMO_TRACES_DATASET],
  },
});

/** The demo's answer to a query of shop-traces, or undefined for a query of another dataset. */
export function answerTraceQuery(
  spans: readonly SpanRow[],
  body: AplRequestBody,
  now = Date.now(),
): AplAnswer | undefined {
  const apl = typeof body.apl === 'string' ? body.apl : '';
  if (!/^\s*\['shop-traces'\]/.test(apl)) return undefined;
  const start = readTime(body.startTime, now) ?? now - HOUR;
  const end = readTime(body.endTime, now) ?? now;
  const strings = (text: string) => [...text.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
  let rows = spans.filter((s) => {
    const t = Date.parse(s._time);
    return t >= start && t < end;
  });
  const where = /\|\s*where\s+([^|]*)/.exec(apl)?.[1] ?? '';
  const oneTrace = /trace_id\s*==\s*('(?:[^'\\]|\\.)*')/.exec(where);
  if (oneTrace) rows = rows.filter((s) => s.trace_id === strings(oneTrace[1])[0]);
  const someTraces = /trace_id\s+in\s*\(([^)]*)\)/.exec(where);
  if (someTraces) {
    const ids = new Set(strings(someTraces[1]));
    rows = rows.filter((s) => ids.has(s.trace_id));
  }
  const service = /\['service\.name'\]\s*==\s*('(?:[^'\\]|\\.)*')/.exec(where);
  if (service) rows = rows.filter((s) => s['service.name'] === strings(service[1])[0]);
  if (/isnull\(parent_span_id\)/.test(where)) rows = rows.filter((s) => !s.parent_span_id);
  if (/error\s*==\s*true/.test(where)) rows = rows.filter((s) => s.error === true);
  const examined = rows.length;

  if (/summarize\s+spans\s*=\s*count\(\),\s*errors/.test(apl)) {
    const counts = new Map<string, { trace_id: string; spans: number; errors: number }>();
    for (const s of rows) {
      const c = counts.get(s.trace_id) ?? { trace_id: s.trace_id, spans: 0, errors: 0 };
      c.spans++;
      if (s.error === true) c.errors++;
      counts.set(s.trace_id, c);
    }
    const fields = [
      { name: 'trace_id', type: 'string' },
      { name: 'spans', type: 'integer' },
      { name: 'errors', type: 'integer' },
    ];
    return answer(table(fields, [...counts.values()]), examined);
  }
  if (/summarize\s+failed_at\s*=\s*max\(_time\)\s+by\s+trace_id/.test(apl)) {
    const latest = new Map<string, string>();
    for (const s of rows) if ((latest.get(s.trace_id) ?? '') < s._time) latest.set(s.trace_id, s._time);
    const found = [...latest].map(([trace_id, failed_at]) => ({ trace_id, failed_at }));
    found.sort((a, b) => b.failed_at.localeCompare(a.failed_at));
    const fields = [
      { name: 'trace_id', type: 'string' },
      { name: 'failed_at', type: 'datetime' },
    ];
    return answer(table(fields, found.slice(0, takeOf(apl))), examined);
  }
  if (/summarize\s+spans\s*=\s*count\(\)\s+by\s+\['service\.name'\]/.test(apl)) {
    const counts = new Map<string, number>();
    for (const s of rows) counts.set(String(s['service.name']), (counts.get(String(s['service.name'])) ?? 0) + 1);
    const found = [...counts].map(([name, n]) => ({ 'service.name': name, spans: n }));
    found.sort((a, b) => b.spans - a.spans);
    const fields = [
      { name: 'service.name', type: 'string' },
      { name: 'spans', type: 'integer' },
    ];
    return answer(table(fields, found), examined);
  }
  if (/sort\s+by\s+duration\s+desc/.test(apl)) rows = [...rows].sort((a, b) => durationMs(b) - durationMs(a));
  else if (/sort\s+by\s+_time\s+desc/.test(apl)) rows = [...rows].reverse();
  rows = rows.slice(0, takeOf(apl));
  const fields = DEMO_TRACE_FIELDS.map(({ name, type }) => ({ name, type }));
  return answer(table(fields, rows), examined);
}

function takeOf(apl: string): number {
  const taken = /\|\s*(?:take|limit)\s+(\d+)/.exec(apl);
  return taken ? Number(taken[1]) : 1000;
}

/** The failing traces' roots: their ids and starts (ms), oldest first. */
function failingRoots(spans: readonly SpanRow[]): { traceId: string; start: number }[] {
  const failing = new Set(spans.filter((s) => s.error === true).map((s) => s.trace_id));
  return spans
    .filter((s) => !s.parent_span_id && failing.has(s.trace_id))
    .map((s) => ({ traceId: s.trace_id, start: Date.parse(s._time) }));
}

/**
 * An answer of another dataset with the trace id of each server error (a row with `status` of 500
 * or more and a `trace_id`) set to the failing trace that started nearest its `_time`: a newcomer
 * who finds the 5xx in http-logs opens the trace of the failure from the result.
 */
export function linkServerErrors(answer: AplAnswer, roots: readonly { traceId: string; start: number }[]): AplAnswer {
  const body = answer.body as { tables?: { fields?: { name?: unknown }[]; columns?: unknown[][] }[] } | undefined;
  if (!roots.length || !body || typeof body !== 'object' || !Array.isArray(body.tables)) return answer;
  for (const table of body.tables) {
    const names = (table.fields ?? []).map((f) => f.name);
    const [status, traceId, time] = ['status', 'trace_id', '_time'].map((n) => names.indexOf(n));
    const columns = table.columns;
    if (status < 0 || traceId < 0 || time < 0 || !Array.isArray(columns)) continue;
    columns[traceId] = columns[traceId].map((id, row) => {
      const code = Number(columns[status][row]);
      const at = Date.parse(String(columns[time][row]));
      if (!(code >= 500) || !Number.isFinite(at)) return id;
      let nearest = roots[0];
      for (const root of roots) if (Math.abs(root.start - at) < Math.abs(nearest.start - at)) nearest = root;
      return nearest.traceId;
    });
  }
  return answer;
}

/** Puts shop-traces into a demo service (loadDemo's last step): its fields, its kind, its answers.
 *  `compileError` is the demo's check of APL, asked first as for every dataset. */
export function loadDemoTraces(
  fake: FakeAxiom,
  now: number,
  compileError: (apl: string) => AplAnswer | undefined,
): void {
  const spans = demoTraceSpans(now);
  fake.datasets = [...fake.datasets, DEMO_TRACES_DATASET];
  fake.fields[DEMO_TRACES_DATASET] = DEMO_TRACE_FIELDS;
  fake.datasetDetails[DEMO_TRACES_DATASET] = {
    kind: TRACES_KIND,
    description: 'Traces of the shop’s services (OpenTelemetry)',
  };
  const roots = failingRoots(spans);
  const others = fake.aplAnswer;
  fake.aplAnswer = (body) =>
    (typeof body.apl === 'string' ? compileError(body.apl) : undefined) ??
    answerTraceQuery(spans, body) ??
    linkServerErrors(others(body), roots);
}
