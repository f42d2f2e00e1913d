import { z } from 'zod';

// Written from the public API description (v2). Tolerant reader: unknown fields are dropped,
// optional fields may be absent, and enum-like fields (type, operator) stay plain strings so
// that a value added by the service later is shown as it is instead of failing the list.

const optionalString = z.string().optional();
const optionalNumber = z.number().optional();
const optionalBoolean = z.boolean().optional();

export const monitorWireSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  description: optionalString,
  aplQuery: optionalString,
  mplQuery: optionalString,
  operator: optionalString,
  threshold: optionalNumber,
  tolerance: optionalNumber,
  columnName: optionalString,
  compareDays: optionalNumber,
  intervalMinutes: optionalNumber,
  rangeMinutes: optionalNumber,
  secondDelay: optionalNumber,
  alertOnNoData: optionalBoolean,
  notifyByGroup: optionalBoolean,
  notifyEveryRun: optionalBoolean,
  resolvable: optionalBoolean,
  skipResolved: optionalBoolean,
  triggerAfterNPositiveResults: optionalNumber,
  triggerFromNRuns: optionalNumber,
  disabled: optionalBoolean,
  disabledUntil: z.string().nullable().optional(),
  createdAt: optionalString,
  createdBy: optionalString,
  updatedAt: optionalString,
  // The spec spells it notifierIds; the Go client notifierIDs. Both are read, one is kept.
  notifierIds: z.array(z.string()).optional(),
  notifierIDs: z.array(z.string()).optional(),
});

/** The one rule for the two spellings: notifierIds wins when both are sent. */
export function mergedNotifierIds(wire: { notifierIds?: string[]; notifierIDs?: string[] }): string[] | undefined {
  return wire.notifierIds ?? wire.notifierIDs;
}

export const monitorSchema = monitorWireSchema.transform(({ notifierIDs, ...rest }) => ({
  ...rest,
  notifierIds: mergedNotifierIds({ notifierIds: rest.notifierIds, notifierIDs }),
}));

export type Monitor = z.output<typeof monitorSchema>;

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

export const starredQuerySchema = z.object({
  id: z.string(),
  kind: z.string(),
  name: z.string(),
  dataset: optionalString,
  who: optionalString,
  query: z.object({ apl: z.string() }),
  metadata: z.record(z.string(), z.string()).optional(),
});

export type StarredQuery = z.output<typeof starredQuerySchema>;

export const datasetListSchema = z.array(z.object({ name: z.string() }).transform((d) => d.name));

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

export const currentUserSchema = z.object({ id: z.string(), name: optionalString, email: optionalString });

export type CurrentUser = z.output<typeof currentUserSchema>;

/** Error bodies are `{code?, message}`; some services in front of the API send other shapes. */
export const errorBodySchema = z.object({ message: z.string().optional(), code: z.union([z.number(), z.string()]).optional() });

/** Names the first thing that failed, as a dotted path a person can find in the JSON. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unknown problem';
  const where = issue.path.length ? issue.path.map(String).join('.') : 'the body';
  return `${where}: ${issue.message}`;
}
