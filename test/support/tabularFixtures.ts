// Answers of POST /v1/datasets/_apl?format=tabular, shaped after the public API description and
// the official Go client's tests (see API-NOTES, Running APL), for the fake service and the readers.
import type { AplAnswer } from './fakeAxiom';

/** Typed columns with nulls, a nested object, an array and an odd composite type name. */
export const TYPED_TABULAR = {
  format: 'tabular',
  status: {
    elapsedTime: 2345,
    blocksExamined: 4,
    rowsExamined: 1200,
    rowsMatched: 3,
    numGroups: 0,
    isPartial: false,
    cacheStatus: 1,
    minBlockTime: '2026-01-01T00:00:00Z',
    maxBlockTime: '2026-01-01T01:00:00Z',
    messages: [],
  },
  tables: [
    {
      name: '0',
      sources: [{ name: 'http-logs' }],
      fields: [
        { name: '_time', type: 'datetime' },
        { name: 'status', type: 'integer' },
        { name: 'duration', type: 'float' },
        { name: 'ok', type: 'boolean' },
        { name: 'method', type: 'string' },
        { name: 'attrs', type: 'map[string]any|null' },
        { name: 'tags', type: 'array' },
      ],
      order: [{ field: '_time', desc: true }],
      groups: [],
      range: { field: '_time', start: '2026-01-01T00:00:00Z', end: '2026-01-01T01:00:00Z' },
      columns: [
        ['2026-01-01T00:00:03Z', '2026-01-01T00:00:02Z', '2026-01-01T00:00:01Z'],
        [200, null, 503],
        [1.5, 0.25, null],
        [true, false, null],
        ['GET', 'POST', null],
        [{ user: { id: 7, name: 'Zoë' } }, null, { 'a,b': 'x"y' }],
        [['a', 'b'], [], null],
      ],
    },
  ],
  datasetNames: ['http-logs'],
  fieldsMetaMap: {
    'http-logs': [{ name: 'status', type: 'integer', unit: '', hidden: false, description: 'HTTP status' }],
  },
};

/** A summarize: its groups in table "0", the totals in "_totals". */
export const WITH_TOTALS = {
  format: 'tabular',
  status: { elapsedTime: 900, rowsExamined: 50, rowsMatched: 50, isPartial: false },
  tables: [
    {
      name: '0',
      fields: [
        { name: 'method', type: 'string' },
        { name: 'count_', type: 'integer', agg: { name: 'count' } },
      ],
      groups: [{ name: 'method' }],
      columns: [
        ['GET', 'POST'],
        [40, 10],
      ],
    },
    { name: '_totals', fields: [{ name: 'count_', type: 'integer', agg: 'count' }], columns: [[50]] },
  ],
};

/** summarize … by bin(_time, 1m): a `_time` bucket column and numeric aggregates. */
export const TIME_SERIES = {
  format: 'tabular',
  status: { elapsedTime: 12_000, rowsExamined: 9000, rowsMatched: 9000, isPartial: false },
  tables: [
    {
      name: '0',
      fields: [
        { name: '_time', type: 'datetime' },
        { name: 'count_', type: 'integer', agg: { name: 'count' } },
        { name: 'avg_duration', type: 'float', agg: { name: 'avg', fields: ['duration'] } },
      ],
      buckets: { field: '_time', size: 60_000_000_000 },
      columns: [
        ['2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z', '2026-01-01T00:02:00Z'],
        [3000, 2500, 3500],
        [12.5, 11.0, 14.25],
      ],
    },
  ],
};

/** The service gave up part of the way: isPartial and messages saying why. */
export const PARTIAL = {
  format: 'tabular',
  status: {
    elapsedTime: 30_000_000,
    rowsExamined: 1_000_000,
    rowsMatched: 10,
    isPartial: true,
    messages: [
      { priority: 'warn', count: 2, code: 'query_partial', msg: 'query timed out, results are partial' },
      { priority: 'info', count: 1, code: 'default_limit', msg: 'results limited to 1000 rows' },
    ],
  },
  tables: [{ name: '0', fields: [{ name: 'n', type: 'integer' }], columns: [[1, 2]] }],
};

/** As the official Go client's tests send it: no format, a minimal status, `string` also for _time. */
export const GO_SDK_TABULAR = {
  status: {
    minCursor: '0d3wo7v7e1oii-075a8c41710018b9-0000ecc5',
    maxCursor: '0d3wo7v7e1oii-075a8c41710018b9-0000ecc6',
    elapsedTime: 542114,
    rowsExamined: 142655,
    rowsMatched: 142655,
  },
  tables: [
    {
      name: '0',
      sources: [{ name: 'test' }],
      fields: [
        { name: '_time', type: 'string' },
        { name: 'severity', type: 'string' },
        { name: 'duration', type: 'float64' },
      ],
      order: [{ field: '_time', desc: true }],
      groups: [],
      range: { field: '_time', start: '2023-03-21T13:38:51.735448191Z', end: '2023-03-28T13:38:51.735448191Z' },
      columns: [
        ['2023-03-28T13:38:51.735448191Z', '2023-03-28T13:38:51.735448192Z'],
        ['info', 'error'],
        [1.5, 2.25],
      ],
    },
  ],
};

/** A query that does not compile: where (line, column) and the compiler's own words. */
export function compileErrorBody(
  line: number,
  column: number,
  message = 'syntax error: unexpected token "|"',
): unknown {
  return {
    code: 400,
    message: `invalid query: ${message}`,
    detail: { errorType: 1, compileErrorCode: 1, line, column, message },
  };
}

/** 429 with the reset time (X-RateLimit-Reset, UTC epoch seconds). */
export function rateLimitedAnswer(resetEpochSeconds: number): AplAnswer {
  return {
    status: 429,
    body: { message: 'rate limit exceeded' },
    headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(resetEpochSeconds) },
  };
}

/** 430: the organisation's query limit is reached. */
export function queryLimitedAnswer(resetEpochSeconds?: number): AplAnswer {
  const headers: Record<string, string> = { 'x-querylimit-limit': '1000', 'x-querylimit-remaining': '0' };
  if (resetEpochSeconds !== undefined) headers['x-querylimit-reset'] = String(resetEpochSeconds);
  return { status: 430, body: { code: 430, message: 'query limit exceeded' }, headers };
}

/** Column names as a log dataset has them, in the order of hugeTabular's kinds (time, integer, float, text, boolean, object). */
const HUGE_NAMES = [
  '_time',
  'status',
  'duration_ms',
  'path',
  'cached',
  'attributes',
  'ingested_at',
  'bytes',
  'cpu_ms',
  'user_agent',
  'sampled',
  'labels',
];

/**
 * A table of `rows` × `columns` cells of mixed kinds (time, numbers, text, null, a nested
 * object), for speed: built column by column, as the service sends it.
 */
export function hugeTabular(rows: number, columns = 12): { tables: unknown[]; status: unknown } {
  const fields: { name: string; type: string }[] = [];
  const data: unknown[][] = [];
  const start = Date.UTC(2026, 0, 1);
  for (let c = 0; c < columns; c++) {
    const kind = c % 6;
    fields.push({
      name: c < HUGE_NAMES.length ? HUGE_NAMES[c] : `field_${c}`,
      type: ['datetime', 'integer', 'float', 'string', 'boolean', 'map'][kind],
    });
    const column: unknown[] = new Array<unknown>(rows);
    for (let r = 0; r < rows; r++) {
      column[r] =
        kind === 0
          ? new Date(start + r * 1000).toISOString()
          : kind === 1
            ? r * 7
            : kind === 2
              ? r / 3
              : kind === 3
                ? r % 10 === 0
                  ? null
                  : `value ${r}, "quoted"`
                : kind === 4
                  ? r % 2 === 0
                  : { id: r, path: ['a', 'b'] };
    }
    data.push(column);
  }
  return {
    status: { elapsedTime: 123_456, rowsExamined: rows * 2, rowsMatched: rows, isPartial: false },
    tables: [{ name: '0', fields, columns: data }],
  };
}

/**
 * `summarize count() by bin(_time, 1m), service` over `minutes` minutes: one row per minute and
 * service, rows in time order, counts that rise and fall as traffic does (for the chart).
 */
export function countsByService(
  minutes = 60,
  services = ['checkout', 'cart', 'search'],
): { status: unknown; tables: unknown[] } {
  const start = Date.UTC(2026, 10, 23, 7, 0);
  const times: string[] = [];
  const names: string[] = [];
  const counts: number[] = [];
  for (let m = 0; m < minutes; m++) {
    services.forEach((service, s) => {
      times.push(new Date(start + m * 60_000).toISOString());
      names.push(service);
      counts.push(Math.round(400 + 150 * (s + 1) + 120 * Math.sin((m + 7 * s) / 6) + ((m * 37 + s * 11) % 23) * 4));
    });
  }
  return {
    status: { elapsedTime: 48_000, rowsExamined: 1_250_000, rowsMatched: 96_400, isPartial: false },
    tables: [
      {
        name: '0',
        fields: [
          { name: '_time', type: 'datetime' },
          { name: 'service', type: 'string' },
          { name: 'count_', type: 'integer', agg: { name: 'count' } },
        ],
        columns: [times, names, counts],
      },
    ],
  };
}
