// Metrics (MetricsDB, datasets of kind otel:metrics:v1) through the edge query API
// (reference: restapi--versions--v1-edge-query.json): an MPL query (`POST /v1/query/_mpl`) and the
// metrics info endpoints (`GET /v1/query/metrics/info/datasets/{dataset}/…`). Each call takes the
// base URL of the edge that holds the dataset (`https://eu-central-1.aws.edge.axiom.co`); until a
// deployment knows its datasets' edges, callers pass `ownEdgeUrl`, the deployment's own address.
// Sending is the HTTP engine's (http.ts). Reading is tolerant: a metric whose details cannot be
// read is still listed by its name; a list entry that is no string is left out and counted; a body
// of the wrong shape is an `invalid response` error naming where it went wrong.
import { z } from 'zod';
import { phrase } from '../phrase';
import { isJsonObject } from '../json';
import { AxiomError } from './errors';
import type { ApiHttp } from './http';
import { describeJsonType, invalidResponse } from './parse';
import { readTabular, type ResultTable } from './tabular';

/** A time range as the info endpoints take it: both RFC 3339. */
export interface MetricsRange {
  start: string;
  end: string;
}

/** A query's range as `_mpl` takes it: RFC 3339 or relative (`now-1h`). */
export interface MplRange {
  startTime: string;
  endTime: string;
}

/** One metric of a dataset, as the metrics list describes it. */
export interface MetricInfo {
  name: string;
  /** The metric's type (`counter`, `gauge`, `histogram`, `Mixed`, …), shown as sent. */
  type?: string;
  temporality?: string;
  unit?: string;
}

/** A dataset's metrics, by name, and how many entries could not be read at all. */
export interface MetricList {
  metrics: MetricInfo[];
  /** Entries whose details were not an object: listed by name without details. */
  unreadable: number;
}

/** Tag names or tag values, and how many entries were no text (left out). */
export interface NameList {
  names: string[];
  unreadable: number;
}

/** One series of an MPL answer: a metric's values over time for one set of tags. */
export interface MplSeries {
  metric: string;
  tags: Record<string, string>;
  /** Milliseconds since the epoch of the first value. */
  start: number;
  /** Milliseconds between two values. */
  resolution: number;
  /** One value per step from `start`; null where there is none. */
  data: (number | null)[];
}

/** What `_mpl` answered: its series, or (in the tabular format) tables as APL's answer has them. */
export interface MplResult {
  series: MplSeries[];
  tables: ResultTable[];
  /** What did not fit and was left out or shown empty, one line each, for the log. */
  repairs: string[];
}

// The edge query description's MetricsError: `error` and a formatted `message`, both optional.
export const metricsErrorSchema = z.looseObject({
  error: z.string().optional(),
  message: z.string().optional(),
});

// getDatasetMetrics: an object of metric name → { type, temporality, unit } (unit null when none).
export const metricDetailsSchema = z.looseObject({
  type: z.string().nullish(),
  temporality: z.string().nullish(),
  unit: z.string().nullish(),
});

/** Whether details certainly pass metricDetailsSchema, checked without allocating (a list may
 *  hold thousands of metrics: zod's result objects would cost more than the JSON.parse); zod reads
 *  the others, and has the last word. */
function certainlyDetails(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { type, temporality, unit } = value as Record<string, unknown>;
  return textOrNone(type) && textOrNone(temporality) && textOrNone(unit);
}

function textOrNone(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'string';
}

// The body `_mpl` takes (MetricsRequestWithOptions).
export const mplRequestSchema = z.object({
  mpl: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});

/** The calls of the edge query API, through one deployment's HTTP engine. */
export class MetricsApi {
  constructor(private readonly http: ApiHttp) {}

  /** The deployment's own address as an edge base URL: `https://host/prefix` of `https://host/prefix/v2`. */
  get ownEdgeUrl(): string {
    return this.http.endpoint.base.slice(0, -'/v2'.length);
  }

  /** The metrics of a dataset seen within the range, by name as the service lists them. */
  async listMetrics(edgeUrl: string, dataset: string, range: MetricsRange, signal?: AbortSignal): Promise<MetricList> {
    return readMetricList(await this.get(edgeUrl, infoPath(dataset), range, signal));
  }

  /** The tags of one metric of a dataset within the range. */
  async metricTags(
    edgeUrl: string,
    dataset: string,
    metric: string,
    range: MetricsRange,
    signal?: AbortSignal,
  ): Promise<NameList> {
    return readNameList(await this.get(edgeUrl, infoPath(dataset, metric), range, signal), phrase('tag list'));
  }

  /** The values of one tag of one metric within the range. */
  async metricTagValues(
    edgeUrl: string,
    dataset: string,
    metric: string,
    tag: string,
    range: MetricsRange,
    signal?: AbortSignal,
  ): Promise<NameList> {
    return readNameList(
      await this.get(edgeUrl, infoPath(dataset, metric, tag), range, signal),
      phrase('tag value list'),
    );
  }

  /** The tags of every metric of a dataset within the range. */
  async datasetTags(edgeUrl: string, dataset: string, range: MetricsRange, signal?: AbortSignal): Promise<NameList> {
    return readNameList(await this.get(edgeUrl, datasetTagsPath(dataset), range, signal), phrase('tag list'));
  }

  /** The values of one tag across a dataset's metrics within the range. */
  async datasetTagValues(
    edgeUrl: string,
    dataset: string,
    tag: string,
    range: MetricsRange,
    signal?: AbortSignal,
  ): Promise<NameList> {
    return readNameList(
      await this.get(edgeUrl, datasetTagsPath(dataset, tag), range, signal),
      phrase('tag value list'),
    );
  }

  /**
   * Runs MPL over the range on the edge. Sent once, never repeated. A query the service refuses
   * with a place in its words (line and column) rejects as a `badRequest` error carrying `compile`,
   * as APL's do.
   */
  async runMpl(edgeUrl: string, mpl: string, range: MplRange, signal?: AbortSignal): Promise<MplResult> {
    const body = mplRequestSchema.parse({ mpl, startTime: range.startTime, endTime: range.endTime });
    const answer = await this.http.send('POST', '/query/_mpl', body, signal, {
      root: `${trimSlash(edgeUrl)}/v1`,
      timeoutMs: QUERY_TIMEOUT_FLOOR_MS,
      refusal: mplRefusal,
    });
    return readMplResult(answer);
  }

  private get(edgeUrl: string, path: string, range: MetricsRange, signal?: AbortSignal): Promise<unknown> {
    const query = `start=${encodeURIComponent(range.start)}&end=${encodeURIComponent(range.end)}`;
    return this.http.send('GET', `${path}?${query}`, undefined, signal, { root: `${trimSlash(edgeUrl)}/v1` });
  }
}

/** How long an MPL query may run: as APL's (client.ts's QUERY_TIMEOUT_MS). */
const QUERY_TIMEOUT_FLOOR_MS = 5 * 60_000;

function trimSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

function segment(name: string): string {
  return encodeURIComponent(name);
}

/** `/query/metrics/info/datasets/{dataset}/metrics[/{metric}/tags[/{tag}/values]]`. */
export function infoPath(dataset: string, metric?: string, tag?: string): string {
  let path = `/query/metrics/info/datasets/${segment(dataset)}/metrics`;
  if (metric !== undefined) path += `/${segment(metric)}/tags`;
  if (metric !== undefined && tag !== undefined) path += `/${segment(tag)}/values`;
  return path;
}

/** `/query/metrics/info/datasets/{dataset}/tags[/{tag}/values]`. */
function datasetTagsPath(dataset: string, tag?: string): string {
  const path = `/query/metrics/info/datasets/${segment(dataset)}/tags`;
  return tag === undefined ? path : `${path}/${segment(tag)}/values`;
}

/** The metrics list's body: an object of name → details. Details that cannot be read leave the name. */
export function readMetricList(body: unknown): MetricList {
  if (!isJsonObject(body))
    throw invalidResponse(
      phrase('the {0} is not in the expected shape ({1})', phrase('metric list'), describeJsonType(body)),
    );
  const metrics: MetricInfo[] = [];
  let unreadable = 0;
  for (const name in body) {
    const details = body[name];
    if (certainlyDetails(details)) {
      const d = details as { type?: string; temporality?: string; unit?: string };
      metrics.push({
        name,
        type: d.type || undefined,
        temporality: d.temporality || undefined,
        unit: d.unit || undefined,
      });
      continue;
    }
    const read = metricDetailsSchema.safeParse(details);
    if (!read.success) unreadable++;
    const d = read.success ? read.data : {};
    metrics.push({
      name,
      type: d.type || undefined,
      temporality: d.temporality || undefined,
      unit: d.unit || undefined,
    });
  }
  return { metrics, unreadable };
}

/** A list of names (tags, tag values): text entries kept in order; others counted. `null` is empty. */
export function readNameList(body: unknown, what: ReturnType<typeof phrase>): NameList {
  if (body === null) return { names: [], unreadable: 0 };
  if (!Array.isArray(body))
    throw invalidResponse(phrase('the {0} is not in the expected shape ({1})', what, describeJsonType(body)));
  const names: string[] = [];
  let unreadable = 0;
  for (const entry of body as unknown[]) {
    if (typeof entry === 'string') names.push(entry);
    else if (typeof entry === 'number' || typeof entry === 'boolean') names.push(String(entry));
    else unreadable++;
  }
  return { names, unreadable };
}

/** A time as `_mpl` may send it: milliseconds since the epoch, or RFC 3339 text. */
function readInstant(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}

/** `_mpl`'s answer: `series` (the metrics formats) and/or `tables` (a tabular one). */
export function readMplResult(body: unknown): MplResult {
  if (!isJsonObject(body))
    throw invalidResponse(
      phrase('the {0} is not in the expected shape ({1})', phrase('metrics result'), describeJsonType(body)),
    );
  const repairs: string[] = [];
  const series: MplSeries[] = [];
  const raw = body.series ?? [];
  if (!Array.isArray(raw))
    throw invalidResponse(
      phrase(
        'the {0} is not in the expected shape ({1})',
        phrase('metrics result'),
        `series: ${describeJsonType(raw) as string}`,
      ),
    );
  raw.forEach((entry: unknown, index) => {
    const read = readSeries(entry, index, repairs);
    if (read) series.push(read);
  });
  const tables = Array.isArray(body.tables) ? readTabular({ tables: body.tables, status: body.status }) : undefined;
  if (tables) repairs.push(...tables.repairs);
  return { series, tables: tables?.tables ?? [], repairs };
}

function readSeries(entry: unknown, index: number, repairs: string[]): MplSeries | undefined {
  if (!isJsonObject(entry)) {
    repairs.push(`series ${index}: not an object, left out`);
    return undefined;
  }
  const start = readInstant(entry.start);
  const resolution = typeof entry.resolution === 'number' && entry.resolution > 0 ? entry.resolution : undefined;
  if (start === undefined || resolution === undefined || !Array.isArray(entry.data)) {
    repairs.push(`series ${index}: no start, resolution or data, left out`);
    return undefined;
  }
  let odd = 0;
  const data = (entry.data as unknown[]).map((v) => {
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (v !== null) odd++;
    return null;
  });
  if (odd) repairs.push(`series ${index}: ${odd} values that are no numbers, shown empty`);
  const tags: Record<string, string> = {};
  if (isJsonObject(entry.tags))
    for (const [key, value] of Object.entries(entry.tags))
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        tags[key] = String(value);
  return { metric: typeof entry.metric === 'string' ? entry.metric : '', tags, start, resolution, data };
}

/** Where in the query the service's words put a problem: "line 2, column 5" (1-based). */
const PLACE_IN_WORDS = /\bline (\d+),? col(?:umn)? (\d+)/i;

/**
 * A refusal of MPL in its MetricsError's words (`message`, else `error`); a 400 whose words name a
 * line and column is a compile error there (the engine reads `detail.line`/`column` when sent).
 */
function mplRefusal(status: number, body: unknown, error: AxiomError): AxiomError {
  if (error.compile) return error;
  const read = metricsErrorSchema.safeParse(body);
  const words = read.success ? (read.data.message ?? read.data.error) : undefined;
  if (!words) return error;
  const place = status === 400 ? PLACE_IN_WORDS.exec(words) : null;
  if (!place && error.serviceMessage !== undefined) return error;
  return new AxiomError(error.kind, phrase('{0}: {1}', status, words), {
    status,
    serviceMessage: words,
    traceId: error.traceId,
    retryAt: error.retryAt,
    compile: place ? { line: Number(place[1]), column: Number(place[2]), message: words } : undefined,
  });
}
