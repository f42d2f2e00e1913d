// Dashboards (v2) as the service sends them, read tolerantly (see API-NOTES, Dashboards). Only a
// uid, a version and a document with a name are needed to show one; every other field is optional
// and kept as sent, unknown ones included: a document read to be written back is written back whole.
//
// Learnt from the fake's refusals, which follow the spec (axiom-openapi-v2.json) where the spec
// speaks: the document itself (`Dashboard`) and every chart refuse keys the spec does not name, so a
// document is sent as it was read or written, never with fields of the resource (`version`,
// `createdAt`, …) mixed in; relative times are written `qr-now-7d` and `qr-now`; with an API token
// `owner` is "" (a third party's probing, not the spec).
import { z } from 'zod';
import { isJsonObject, type JsonObject } from '../json';
import { phrase } from '../phrase';
import { AxiomError, isAxiomError } from './errors';
import { describeJsonType, invalidResponse, parseBody } from './parse';
import { describeIssue } from './schemas';
import { idSegment } from './idSegment';

/** An optional field: null (a Go nil), absent, or not of its type all read as absent. */
function optional<T extends z.ZodType>(type: T) {
  return type
    .nullish()
    .transform((value) => value ?? undefined)
    .catch(undefined);
}

/** One chart as the extension reads it: an id and a kind; its APL when it has one. */
export const dashboardChartSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string(),
  name: optional(z.string()),
  query: optional(z.looseObject({ apl: optional(z.string()) })),
});

export type DashboardChart = z.output<typeof dashboardChartSchema>;

/** The document (`Dashboard`): a name; the rest as sent. Charts that cannot be read are left out
 *  of what the extension reads (the raw document keeps them). */
export const dashboardDocumentSchema = z.looseObject({
  name: z.string(),
  owner: optional(z.string()),
  description: optional(z.string()),
  charts: z
    .array(z.unknown())
    .nullish()
    .catch(undefined)
    .transform((charts) =>
      (charts ?? []).flatMap((chart) => {
        const read = dashboardChartSchema.safeParse(chart);
        return read.success ? [read.data] : [];
      }),
    ),
  uid: optional(z.string()),
});

export type DashboardDocument = z.output<typeof dashboardDocumentSchema>;

/** `DashboardResource`: the document with what Axiom keeps beside it. */
export const dashboardResourceSchema = z.looseObject({
  uid: z.string().min(1),
  id: optional(z.string()),
  version: z.number().int(),
  dashboard: dashboardDocumentSchema,
  createdAt: optional(z.string()),
  updatedAt: optional(z.string()),
  createdBy: optional(z.string()),
  updatedBy: optional(z.string()),
});

export type DashboardResource = z.output<typeof dashboardResourceSchema>;

/** What Axiom sets on a dashboard: the resource's own fields, never part of a document sent back. */
export const RESOURCE_FIELDS = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const;

/** One dashboard read to be changed: what the extension reads of it, and what the service sent. */
export interface DashboardRecord {
  resource: DashboardResource;
  /** The resource exactly as the service sent it. */
  raw: JsonObject;
  /** Its `dashboard` document exactly as the service sent it. */
  document: JsonObject;
}

/** The answer of a write (`DashboardWriteResponse`). */
export interface DashboardWrite {
  /** `created` or `updated` (another word, should the service add one, is kept as it came). */
  status: string;
  overwritten: boolean;
  record: DashboardRecord;
}

export interface DashboardList {
  dashboards: DashboardResource[];
  /** Entries that were not dashboards the extension can read, with the reason; the rest still show. */
  skipped: { index: number; reason: string }[];
}

/** A write's body (`DashboardUpsertRequest`). An update carries the `version` it was read at, unless
 *  it overwrites (only when the person chose to). */
export type DashboardUpdate =
  | { dashboard: JsonObject; version: number; message?: string }
  | { dashboard: JsonObject; overwrite: true; message?: string };

export interface DashboardCreate {
  dashboard: JsonObject;
  /** The uid to create it under (org-wide unique); the service chooses one when absent. */
  uid?: string;
  message?: string;
}

/** One chart's change: a JSON merge patch (RFC 7396) of the chart, with the version it was read at. */
export interface DashboardChartPatch {
  chart: JsonObject;
  version: number;
  message?: string;
}

/** Absent, or text: what an optional text field must be for zod to read it as it is. */
const absentOrText = (value: unknown) => value === undefined || typeof value === 'string';

/** A chart zod reads as it is: nothing of it left out, nothing set to absent. */
function certainlyChart(chart: unknown): boolean {
  if (!isJsonObject(chart)) return false;
  const { query } = chart;
  return (
    typeof chart.id === 'string' &&
    chart.id !== '' &&
    typeof chart.type === 'string' &&
    absentOrText(chart.name) &&
    (query === undefined || (isJsonObject(query) && absentOrText(query.apl)))
  );
}

/**
 * Whether zod would read `value` as a dashboard resource equal to it, field for field: the exact
 * shape, every chart readable, and no optional field null or of another type (those zod reads as
 * absent, and it leaves out the charts it cannot read). Such a body is the resource as JSON.parse
 * made it, and nothing is copied; zod reads any other, and its reason names what is wrong.
 * A dashboard of 200 charts: zod took 0.5 ms of its read inside VS Code, this check 6 µs.
 */
export function certainlyDashboardResource(value: unknown): value is DashboardResource {
  if (!isJsonObject(value)) return false;
  const { dashboard } = value;
  return (
    typeof value.uid === 'string' &&
    value.uid !== '' &&
    Number.isSafeInteger(value.version) &&
    absentOrText(value.id) &&
    absentOrText(value.createdAt) &&
    absentOrText(value.updatedAt) &&
    absentOrText(value.createdBy) &&
    absentOrText(value.updatedBy) &&
    isJsonObject(dashboard) &&
    typeof dashboard.name === 'string' &&
    absentOrText(dashboard.owner) &&
    absentOrText(dashboard.description) &&
    absentOrText(dashboard.uid) &&
    Array.isArray(dashboard.charts) &&
    dashboard.charts.every(certainlyChart)
  );
}

export function parseDashboardList(body: unknown): DashboardList {
  if (!Array.isArray(body))
    throw invalidResponse(phrase('expected a list of dashboards, got {0}', describeJsonType(body)));
  const dashboards: DashboardResource[] = [];
  const skipped: DashboardList['skipped'] = [];
  body.forEach((item: unknown, index) => {
    if (certainlyDashboardResource(item)) {
      dashboards.push(item);
      return;
    }
    const parsed = dashboardResourceSchema.safeParse(item);
    if (parsed.success) dashboards.push(parsed.data);
    else skipped.push({ index, reason: describeIssue(parsed.error) });
  });
  return { dashboards, skipped };
}

/** One dashboard: the resource is the body itself when the check vouches for it (the record's
 *  `raw` and `resource` are then one object, which nothing changes), else zod's reading of it. */
export function readDashboardRecord(body: unknown): DashboardRecord {
  const resource = certainlyDashboardResource(body)
    ? body
    : parseBody(dashboardResourceSchema, body, phrase('dashboard'));
  const raw = body as JsonObject;
  return { resource, raw, document: raw.dashboard as JsonObject };
}

const writeAnswerSchema = z.looseObject({
  status: z.string(),
  overwritten: optional(z.boolean()),
  dashboard: z.unknown(),
});

export function readDashboardWrite(body: unknown): DashboardWrite {
  const answer = parseBody(writeAnswerSchema, body, phrase('dashboard write answer'));
  return {
    status: answer.status,
    overwritten: answer.overwritten ?? false,
    record: readDashboardRecord(answer.dashboard),
  };
}

/** What a refused dashboard write says (`DashboardError`), as far as it can be read. */
const dashboardErrorSchema = z.looseObject({
  code: optional(z.union([z.string(), z.number()])),
  message: optional(z.string()),
  reason: optional(z.string()),
  uid: optional(z.string()),
  currentVersion: optional(z.number().int()),
});

/** A write refused because the dashboard changed since it was read (412), or because one with that
 *  uid exists already (409). `currentVersion`: the version Axiom holds now, when it said. */
export class DashboardConflictError extends AxiomError {
  readonly currentVersion?: number;
  readonly reason?: string;

  constructor(base: AxiomError, currentVersion: number | undefined, reason: string | undefined) {
    super('conflict', base.phrase, {
      status: base.status,
      serviceMessage: base.serviceMessage,
      traceId: base.traceId,
      code: base.code,
    });
    this.currentVersion = currentVersion;
    this.reason = reason;
  }
}

export function isDashboardConflict(error: unknown): error is DashboardConflictError {
  return isAxiomError(error) && error.kind === 'conflict';
}

/** A refusal of a dashboard request, in the terms callers tell apart: a conflict, or the client's error as it was. */
export function dashboardRefusal(status: number, body: unknown, error: AxiomError): AxiomError {
  const said = dashboardErrorSchema.safeParse(body);
  const details = said.success ? said.data : undefined;
  if (status === 409 || status === 412 || details?.currentVersion !== undefined)
    return new DashboardConflictError(error, details?.currentVersion, details?.reason);
  return error;
}

/** The document as it is sent: an object with a name. Refuses, before sending, what the service surely would. */
export function checkDashboardDocument(document: unknown): asserts document is JsonObject {
  if (!isJsonObject(document))
    throw new AxiomError('badRequest', phrase('The dashboard cannot be saved: the document is not a JSON object.'));
  if (typeof document.name !== 'string' || !document.name)
    throw new AxiomError('badRequest', phrase('The dashboard cannot be saved: it needs a name.'));
}

export function dashboardPath(uid: string): string {
  return `/dashboards/uid/${idSegment(uid)}`;
}
