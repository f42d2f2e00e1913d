// Generated MPL for the property tests (test/unit/mpl/): valid queries of every stage, with
// filters nested at random, and text that looks like MPL but may be anything.
import fc from 'fast-check';

const name = fc.constantFrom('service', 'status_code', '`http.route`', '`k8s.pod.name`', 'env', '`by`');
const source = fc
  .tuple(
    fc.constantFrom('`otel-demo-metrics`', 'metrics', '`my-metrics`'),
    fc.constantFrom('`go.memory.used`', 'http_latency', '`http.server.request.duration`'),
    fc.constantFrom('', '[1h..]', '[2h..5m]', '[-1h..1747077736]', '[2025-03-01T13:00:00Z..+1h]'),
    fc.constantFrom('', ' as mem'),
  )
  .map(([d, m, r, a]) => `${d}:${m}${r}${a}`);
const value = fc.constantFrom(
  '"production"',
  '200',
  '3.14',
  '-1',
  'true',
  'false',
  '#/checkout|payment/',
  '#/[123]../',
);
const comparison = fc
  .tuple(name, fc.constantFrom('==', '!=', '<', '<=', '>', '>='), value)
  .map(([n, op, v]) => `${n} ${op} ${v}`);
const typeTest = fc.tuple(name, fc.constantFrom('string', 'int', 'float', 'bool')).map(([n, t]) => `${n} is ${t}`);
const { filter } = fc.letrec<{ filter: string }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    comparison,
    typeTest,
    fc.tuple(tie('filter'), fc.constantFrom('and', 'or'), tie('filter')).map(([a, op, b]) => `${a} ${op} ${b}`),
    tie('filter').map((f) => `not ${f}`),
    tie('filter').map((f) => `(${f})`),
  ),
}));
const window = fc.constantFrom('5m', '1h', '7d', '$__interval', '30s', '100ms');
const tags = fc.array(name, { minLength: 1, maxLength: 3 }).map((t) => t.join(', '));
const stage = fc.oneof(
  filter.map((f) => `where ${f}`),
  fc.constantFrom(
    'map rate',
    'map increase',
    'map abs',
    'map fill::prev',
    'map fill::const(0)',
    'map interpolate::linear',
    'map + 5',
    'map * 100',
    'map - 1.5',
    'map / 2',
    'map min(0)',
    'map max(10)',
    'map filter::lt(0.4)',
    'map is::gte(1)',
  ),
  fc
    .tuple(
      fc.option(window, { nil: undefined }),
      fc.constantFrom('avg', 'count', 'max', 'min', 'prom::rate', 'sum', 'last'),
    )
    .map(([w, f]) => `align${w ? ` to ${w}` : ''} using ${f}`),
  fc
    .tuple(fc.option(tags, { nil: undefined }), fc.constantFrom('avg', 'sum', 'min', 'max', 'count'))
    .map(([t, f]) => `group${t ? ` by ${t}` : ''} using ${f}`),
  fc
    .tuple(
      fc.option(tags, { nil: undefined }),
      fc.option(window, { nil: undefined }),
      fc.constantFrom(
        'histogram(max)',
        'histogram(0.5, 0.99, avg)',
        'interpolate_cumulative_histogram(rate, 0.9)',
        'interpolate_delta_histogram(0.5)',
      ),
    )
    .map(([t, w, f]) => `bucket${t ? ` by ${t}` : ''}${w ? ` to ${w}` : ''} using ${f}`),
  fc.constantFrom('extend environment = "production"', 'extend url = "http://${host}", n = 1, ok = true'),
);
const pipeline = fc
  .tuple(source, fc.array(stage, { maxLength: 5 }))
  .map(([s, stages]) => [s, ...stages.map((st) => `| ${st}`)].join('\n'));
const computed = fc
  .tuple(fc.array(pipeline, { minLength: 2, maxLength: 3 }), fc.constantFrom('+', '-', '*', '/', 'min', 'max', 'avg'))
  .map(([queries, op]) => `(\n${queries.join(',\n')}\n)\n| compute result using ${op}`);

/** A valid MPL query: a source and stages, or queries joined by compute, maybe after a directive. */
export const mplQuery = fc
  .tuple(
    fc.constantFrom('', 'set custom_unit = "ms";\n'),
    fc.oneof({ weight: 3, arbitrary: pipeline }, { weight: 1, arbitrary: computed }),
  )
  .map(([directive, body]) => directive + body);

/** Text that looks like MPL, cut and joined anyhow: what a person half-way through typing has. */
export const mplLikeText = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc
    .array(
      fc.oneof(
        mplQuery,
        fc.constantFrom('|', '(', ')', '[', ']', '..', ',', ':', '::', '`', '"', '#/', "'", '//', '\n', '=~', '$', '-'),
      ),
      { maxLength: 8 },
    )
    .map((parts) => parts.join(' ')),
  fc
    .tuple(mplQuery, fc.nat(), fc.nat())
    .map(([q, a, b]) => q.slice(0, a % (q.length + 1)) + q.slice(b % (q.length + 1))),
);
