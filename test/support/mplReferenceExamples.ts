// Every MPL example of Axiom's MPL reference pages (mpl/introduction, mpl/sample-queries,
// mpl/migrate-metrics), as code: what the parser, the checks, the formatter and the grammar must
// take without a false alarm. A fragment (a stage, a filter, a time range shown alone) is checked
// after a source (`asQuery`); the syntax templates with <placeholders> are left out, and the compute
// templates' <subquery> placeholders are given a source. The PromQL sides are not MPL.

export interface MplExample {
  page: 'introduction' | 'sample-queries' | 'migrate-metrics';
  text: string;
  /** Shown without its source: read after one. */
  fragment?: boolean;
}

const SOURCE = '`otel-demo-metrics`:`http.server.request.duration`';
const ERROR_RATE = `(
  \`otel-demo-metrics\`:\`http.server.request.duration\`
  | where \`http.response.status_code\` >= 500
  | map rate
  | align to 5m using avg
  | group using sum,
  \`otel-demo-metrics\`:\`http.server.request.duration\`
  | map rate
  | align to 5m using avg
  | group using sum
)
| compute error_rate using /`;

export const MPL_EXAMPLES: readonly MplExample[] = [
  {
    page: 'introduction',
    text: '`otel-demo-metrics`:`go.memory.used`\n| where `k8s.deployment.name` == "checkout"\n| align to 5m using avg',
  },
  {
    page: 'introduction',
    text: 'set custom_unit = "ms";\n`otel-demo-metrics`:`http.server.request.duration`\n| align to 5m using avg',
  },
  {
    page: 'introduction',
    text: 'set custom_unit = "1";\n`otel-demo-metrics`:`http.server.request.duration`\n| align to 5m using avg',
  },
  {
    page: 'introduction',
    text: '`otel-demo-metrics`:`go.memory.used`[1h..]\n`otel-demo-metrics`:`go.memory.used`[2h..5m]\n`otel-demo-metrics`:`go.memory.used`[2025-03-01T13:00:00Z..+1h] as mem_usage',
  },
  {
    page: 'introduction',
    fragment: true,
    text: '| where environment == "production" and status_code >= 200 and status_code < 300\n\n| where (environment == "production" or environment == "staging") and not status_code == 500',
  },
  {
    page: 'introduction',
    fragment: true,
    text: '// Calculate rate per second for the metric\n| map rate\n\n// Add 5 to each value\n| map + 5\n\n// Fill empty values with the latest value\n| map fill::prev\n\n// Fill empty values with zeros\n| map fill::const(0)',
  },
  {
    page: 'introduction',
    fragment: true,
    text: '// Remove data points where latency exceeds 400ms\n| map filter::lt(0.4)',
  },
  {
    page: 'introduction',
    fragment: true,
    text: '// Set to 1.0 where latency is within SLO (below 400ms), 0.0 otherwise\n| map is::lt(0.4)',
  },
  {
    page: 'introduction',
    fragment: true,
    text: '// Calculate the average over 5-minute time windows\n| align to 5m using avg\n\n// Count the data points in the last hour\n| align to 1h using count\n\n// Sum over the full query range\n| align using sum',
  },
  {
    page: 'introduction',
    fragment: true,
    text: '// Calculate the number of series\n| group using count\n\n// Sum all series into a single total\n| group using sum\n\n// Group data by the `service` and `namespace` tags using the `sum` aggregation\n| group by service, namespace using sum',
  },
  {
    page: 'introduction',
    fragment: true,
    text: '// Bucket over the `service` and `endpoint` tags using the histogram aggregation\n| bucket by service, endpoint to 5m using histogram(max)\n\n// Compute the 50th and 99th percentiles of request duration for histogram data stored using cumulative temporality\n| bucket by service to 1m using interpolate_cumulative_histogram(rate, 0.50, 0.99)\n\n// Compute the 50th and 99th percentiles of request duration for histogram data stored using delta temporality\n| bucket by service to 1m using interpolate_delta_histogram(0.50, 0.99)',
  },
  {
    page: 'introduction',
    fragment: true,
    text: '// Add a constant string tag\n| extend environment = "production"\n\n// Reference existing tag values\n`my-metrics`:http_latency\n| where host is string and port is int\n| align to 5m using avg\n| extend url = "http://${host}:${port}"',
  },
  {
    page: 'introduction',
    text: `// Use 0 as the default for addition\n(\n  ${SOURCE} | map fill::const(0),\n  ${SOURCE} | map fill::const(0)\n)\n| compute total using +\n\n// Use 1 as the default for multiplication\n(\n  ${SOURCE} | map fill::const(1),\n  ${SOURCE} | map fill::const(1)\n)\n| compute product using *`,
  },
  { page: 'introduction', text: `// Return the average error rate over the past 5 minutes\n${ERROR_RATE}` },
  {
    page: 'introduction',
    text: '`otel-demo-metrics`:`http.server.request.duration`\n| align to $__interval using avg',
  },
  { page: 'introduction', fragment: true, text: '// One hour ago until the current time\n[1h..]' },
  { page: 'introduction', fragment: true, text: '// One hour after a Unix timestamp\n[1747077736..+1h]' },
  { page: 'introduction', fragment: true, text: '// One hour before a Unix timestamp\n[-1h..1747077736]' },
  { page: 'introduction', fragment: true, text: '// One hour before an RFC3339 date\n[-1h..2025-03-01T13:00:00Z]' },
  {
    page: 'sample-queries',
    text: '`otel-demo-metrics`:`http.server.request.duration`\n| where `axiom.histogram` == "count"\n| where `http.response.status_code` < 400\n| align to 5m using prom::rate\n| group by `http.request.method`, `http.route` using sum',
  },
  {
    page: 'sample-queries',
    text: '`otel-demo-metrics`:`http.server.request.duration`\n| where `http.response.status_code` < 400\n| bucket by `service.name` to 5m using interpolate_delta_histogram(0.90, 0.99)',
  },
  {
    page: 'sample-queries',
    text: '`otel-demo-metrics`:`http.server.request.duration`\n| where `http.response.status_code` < 400\n| bucket by `http.request.method`, `http.route` to 5m using interpolate_cumulative_histogram(rate, 0.90, 0.99)',
  },
  { page: 'sample-queries', text: ERROR_RATE },
  {
    page: 'sample-queries',
    text: '`otel-demo-metrics`:`jvm.cpu.recent_utilization`\n| group using max\n| map is::lt(0.8)\n| align to 7d using avg',
  },
  {
    page: 'sample-queries',
    text: '`otel-demo-metrics`:`http.server.request.duration`\n| bucket to 5m using interpolate_cumulative_histogram(rate, 0.99)\n| map is::lt(0.4)\n| align to 7d using avg',
  },
  { page: 'migrate-metrics', fragment: true, text: '// MPL equivalent\n| where service == #/checkout|payment/' },
  {
    page: 'migrate-metrics',
    text: '`otel-demo-metrics`:`jvm.cpu.recent_utilization`\n| group using max\n| map is::lt(0.8)\n| align to 7d using avg',
  },
  { page: 'migrate-metrics', text: '`otel-demo-metrics`:`process.cpu.utilization`\n| map * 100' },
  { page: 'migrate-metrics', text: ERROR_RATE },
  {
    page: 'migrate-metrics',
    text: '`otel-demo-metrics`:`http.server.request.duration`\n| where `http.response.status_code` == #/[123]../\n| map rate\n| align to 5m using avg\n| group by `http.request.method`, `http.route`, `http.response.status_code` using sum',
  },
];

/** An example as a whole query: a fragment after a source (a time range right after it). */
export function asQuery(example: MplExample): string {
  if (!example.fragment) return example.text;
  return example.text.includes('[') && !example.text.includes('|')
    ? `${SOURCE}${example.text.replace(/^\/\/.*\n/, '')}`
    : `${SOURCE}\n${example.text}`;
}
