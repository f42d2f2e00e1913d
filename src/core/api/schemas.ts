import { z } from 'zod';
import { readTime } from './serviceTime';

// Written from the public API description (v2) and from what the service really sends (see
// API-NOTES, Monitors). Tolerant reader: unknown fields are dropped, optional fields may be absent,
// and enum-like fields (type, operator) stay plain strings so that a value added by the service
// later is shown as it is instead of failing the list.

const optionalString = z.string().optional();

/** Each optional field optionalField made, with the type it reads (for the shape check). */
const optionalFieldTypes = new WeakMap<z.ZodType, z.ZodType>();

/** A tolerant reader's optional field: null (a Go nil), absent, or not of its type all read as absent. */
export function optionalField<T extends z.ZodType>(type: T) {
  const field = type
    .nullish()
    .transform((value) => value ?? undefined)
    .catch(undefined);
  optionalFieldTypes.set(field, type);
  return field;
}

/** The type an optional field made by optionalField reads, or undefined for any other schema. */
export function optionalFieldType(schema: z.ZodType): z.ZodType | undefined {
  return optionalFieldTypes.get(schema);
}

/** A time field's text: readable by Date.parse. A time before 1970 (Go's zero time) means never. */
export const serviceTime = z.string().refine((text) => readTime(text) !== 'unreadable', { message: 'expected a time' });

// A monitor's optional fields as the service writes them: null (a Go nil slice, an unset value)
// means absent. Reading a monitor (parse.ts) turns null and never-times into absent fields, and
// drops an optional field it cannot read rather than the monitor: only id and name are needed.
const maybeString = z.string().nullish();
const maybeNumber = z.number().nullish();
const maybeBoolean = z.boolean().nullish();
const maybeTime = serviceTime.nullish();
const maybeStrings = z.array(z.string()).nullish();

export const monitorWireSchema = z.object({
  id: z.string(),
  name: z.string(),
  // Required by the API description, yet absent in the service's own Go SDK tests: shown as unknown.
  type: maybeString,
  description: maybeString,
  aplQuery: maybeString,
  mplQuery: maybeString,
  operator: maybeString,
  threshold: maybeNumber,
  tolerance: maybeNumber,
  columnName: maybeString,
  compareDays: maybeNumber,
  intervalMinutes: maybeNumber,
  rangeMinutes: maybeNumber,
  secondDelay: maybeNumber,
  alertOnNoData: maybeBoolean,
  notifyByGroup: maybeBoolean,
  notifyEveryRun: maybeBoolean,
  resolvable: maybeBoolean,
  skipResolved: maybeBoolean,
  triggerAfterNPositiveResults: maybeNumber,
  triggerFromNRuns: maybeNumber,
  disabled: maybeBoolean,
  disabledUntil: maybeTime,
  createdAt: maybeTime,
  createdBy: maybeString,
  updatedAt: maybeTime,
  // The spec spells it notifierIds; the Go client notifierIDs. Both are read, one is kept.
  notifierIds: maybeStrings,
  notifierIDs: maybeStrings,
});

export type MonitorWire = z.output<typeof monitorWireSchema>;

type WithoutNulls<T> = { [K in keyof T]: Exclude<T[K], null> };

/** A monitor as the extension reads it: no nulls, no never-times, the notifiers under one name. */
export type Monitor = WithoutNulls<Omit<MonitorWire, 'notifierIDs'>>;

/** The fields of a monitor without which it is not listed. */
export const REQUIRED_MONITOR_FIELDS: ReadonlySet<string> = new Set(
  Object.entries(monitorWireSchema.shape).flatMap(([key, field]) => (field.safeParse(undefined).success ? [] : [key])),
);

/** The one rule for the two spellings: notifierIds wins when both are sent. */
export function mergedNotifierIds(wire: {
  notifierIds?: string[] | null;
  notifierIDs?: string[] | null;
}): string[] | undefined {
  return wire.notifierIds ?? wire.notifierIDs ?? undefined;
}

/**
 * A monitor zod read, as the extension reads it: null and never-times left out, the notifiers
 * under one name. The shape check in parse.ts does the same in place for the entries it vouches
 * for; a property test holds the two to the same result.
 */
export function tidyMonitor(wire: MonitorWire): Monitor {
  const monitor: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wire)) {
    if (value === null || value === undefined || key === 'notifierIds' || key === 'notifierIDs') continue;
    if (monitorWireSchema.shape[key as keyof MonitorWire] === maybeTime && readTime(value as string) === 'never')
      continue;
    monitor[key] = value;
  }
  const notifierIds = mergedNotifierIds(wire);
  if (notifierIds) monitor.notifierIds = notifierIds;
  return monitor as Monitor;
}

/** A starred query as posted. `who` and `metadata` are required by the API. */
export const starredQueryInputSchema = z.object({
  kind: z.literal('apl'),
  name: z.string().min(1),
  dataset: z.string().optional(),
  who: z.string(),
  query: z.object({ apl: z.string().min(1) }),
  metadata: z.record(z.string(), z.string()),
});

export type StarredQueryInput = z.output<typeof starredQueryInputSchema>;

/** A dataset as GET /v2/datasets sends it: only the name is needed; the kind (`axiom:events:v1`,
 *  `otel:logs:v1`, …, kept as sent) and description are shown when they are there. */
export const datasetSchema = z.object({
  name: z.string(),
  kind: z
    .string()
    .nullish()
    .transform((v) => v || undefined),
  description: z
    .string()
    .nullish()
    .transform((v) => v || undefined),
  /** The edge deployment the dataset is stored and queried in (`cloud.eu-central-1.aws`), and its address. */
  edgeDeployment: optionalField(z.string()),
  edgeDeploymentUrl: optionalField(z.string()),
});

export type Dataset = z.output<typeof datasetSchema>;

export const datasetListSchema = z.array(datasetSchema);

/** A dataset's field as GET /v2/datasets/{id}/fields sends it: the type stays a plain string (string, integer, float, boolean, datetime, …, or several joined with |). */
export const datasetFieldSchema = z.object({
  name: z.string(),
  type: z.string().optional(),
  description: z.string().nullable().optional(),
  unit: z.string().nullable().optional(),
  hidden: z.boolean().optional(),
});

export type DatasetField = z.output<typeof datasetFieldSchema>;

export const datasetFieldListSchema = z.array(datasetFieldSchema);

/** A virtual field as GET /v2/vfields?dataset= sends it: a field computed by an APL expression. */
export const virtualFieldSchema = z.object({
  name: z.string(),
  expression: z.string().nullish(),
  description: z.string().nullish(),
  type: z.string().nullish(),
  unit: z.string().nullish(),
});

export type VirtualField = z.output<typeof virtualFieldSchema>;

/** Go's nil slice (null) is an empty list. */
export const virtualFieldListSchema = z
  .array(virtualFieldSchema)
  .nullable()
  .transform((list) => list ?? []);

export const currentUserSchema = z.object({ id: z.string(), name: optionalString, email: optionalString });

export type CurrentUser = z.output<typeof currentUserSchema>;

/** GET /v2/orgs: the orgs a token can act in (only id is needed; the name is shown when there). */
export const orgListSchema = z.array(
  z.object({
    id: z.string().min(1),
    name: optionalString.nullable().transform((n) => n ?? undefined),
    defaultEdgeDeployment: optionalString.nullable().transform((n) => n ?? undefined),
    edgeDeployments: optionalField(z.array(z.string())),
  }),
);

export type Org = z.output<typeof orgListSchema>[number];

/** Error bodies are `{code?, message}`; some services in front of the API send other shapes. */
export const errorBodySchema = z.object({
  message: z.string().optional(),
  code: z.union([z.number(), z.string()]).optional(),
});

/** Names the first thing that failed, as a dotted path a person can find in the JSON. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? describeOneIssue(issue) : 'unknown problem';
}

/** One thing that failed, named as describeIssue names the first. */
export function describeOneIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length ? issue.path.map(String).join('.') : 'the body';
  return `${where}: ${issue.message}`;
}
