// Starred queries as the service sends them, read tolerantly (see API-NOTES, Starred queries).
// Only an id, a name and the APL are needed to show one; an optional field that is null, absent or
// not of its type is left out. Unknown fields are kept, and a record read to be written back is
// kept as the service sent it (`raw`), so that writing it back loses nothing.
import { z } from 'zod';
import { isJsonObject, type JsonObject } from '../json';
import { phrase } from '../phrase';
import { AxiomError } from './errors';
import { describeJsonType, invalidResponse, parseBody } from './parse';
import { describeIssue, optionalField as optional, starredQueryInputSchema, type StarredQueryInput } from './schemas';

export const starredQuerySchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().min(1),
  kind: optional(z.string()),
  dataset: optional(z.string()),
  /** The owner's user id. */
  who: optional(z.string()),
  query: z.looseObject({
    apl: z.string(),
    startTime: optional(z.string()),
    endTime: optional(z.string()),
    queryOptions: optional(z.record(z.string(), z.unknown())),
  }),
  metadata: optional(z.record(z.string(), z.string())),
});

/** A starred query as the extension reads it. */
export type StarredQuery = z.output<typeof starredQuerySchema>;

/** JSON as the service sent it. */
export type { JsonObject };

/** One starred query read to be changed: what the extension reads of it, and the record as sent. */
export interface StarredRecord {
  query: StarredQuery;
  raw: JsonObject;
}

/** What a PUT must carry: what a POST does; anything else in the body goes along as it is. */
export const starredBodySchema = starredQueryInputSchema
  .extend({ query: starredQueryInputSchema.shape.query.loose() })
  .loose();

/** The filters of GET /v2/apl-starred-queries. `who`: absent = the caller's, `team` = the team's
 *  but the caller's, `all` = everyone's. */
export interface StarredPageRequest {
  limit: number;
  offset: number;
  who?: 'team' | 'all';
  dataset?: string;
  qs?: string;
}

export interface StarredList {
  queries: StarredQuery[];
  /** Entries that were not starred queries the extension can read, with the reason; the rest still show. */
  skipped: { index: number; reason: string }[];
}

const absentOrString = (value: unknown) => value === undefined || typeof value === 'string';

/**
 * Whether zod would read the entry as it is: each field of the schema in its own type or absent
 * (not null). Most entries are, and are kept as JSON.parse made them, with no copy: zod's copy of
 * 2,000 of them cost more than their JSON.parse (see test/bench/README.md). A property test holds
 * this to zod's verdict.
 */
export function plainStarredQuery(value: unknown): value is StarredQuery {
  // A key `__proto__` of its own (JSON.parse makes one) is one zod's copy does not keep.
  if (!isJsonObject(value) || Object.hasOwn(value, '__proto__')) return false;
  const { id, name, kind, dataset, who, query, metadata } = value;
  if (typeof id !== 'string' || !id || typeof name !== 'string' || !name) return false;
  if (!absentOrString(kind) || !absentOrString(dataset) || !absentOrString(who)) return false;
  if (
    !isJsonObject(query) ||
    typeof query.apl !== 'string' ||
    !absentOrString(query.startTime) ||
    !absentOrString(query.endTime)
  )
    return false;
  if (query.queryOptions !== undefined && !isJsonObject(query.queryOptions)) return false;
  return (
    metadata === undefined || (isJsonObject(metadata) && Object.values(metadata).every((v) => typeof v === 'string'))
  );
}

export function parseStarredList(body: unknown): StarredList {
  if (!Array.isArray(body))
    throw invalidResponse(phrase('expected a list of starred queries, got {0}', describeJsonType(body)));
  const queries: StarredQuery[] = [];
  const skipped: StarredList['skipped'] = [];
  body.forEach((item: unknown, index) => {
    if (plainStarredQuery(item)) {
      queries.push(item);
      return;
    }
    const parsed = starredQuerySchema.safeParse(item);
    if (parsed.success) queries.push(parsed.data);
    else skipped.push({ index, reason: describeIssue(parsed.error) });
  });
  return { queries, skipped };
}

/** One starred query the service answered with: as it is when zod would read it so (most are), else
 *  zod's reading, which has the last word. On a star's round trip zod's two readings cost about a
 *  fourteenth of the whole (see test/bench/README.md). */
export function readStarredRecord(body: unknown): StarredRecord {
  const query = plainStarredQuery(body) ? body : parseBody(starredQuerySchema, body, phrase('starred query'));
  return { query, raw: body as JsonObject };
}

const INPUT_KEYS = new Set(Object.keys(starredQueryInputSchema.shape));

/**
 * Whether zod would send the input as it is: only its own fields, each of its type (what the
 * extension builds). A property test holds this to zod's verdict and output.
 */
export function plainStarredInput(value: unknown): value is StarredQueryInput {
  if (!isJsonObject(value) || !Object.keys(value).every((key) => INPUT_KEYS.has(key))) return false;
  const { kind, name, dataset, who, query, metadata } = value;
  if (kind !== 'apl' || typeof name !== 'string' || !name || !absentOrString(dataset) || typeof who !== 'string')
    return false;
  if (!isJsonObject(query) || typeof query.apl !== 'string' || !query.apl) return false;
  if (Object.keys(query).some((key) => key !== 'apl')) return false;
  return (
    isJsonObject(metadata) &&
    !Object.hasOwn(metadata, '__proto__') &&
    Object.values(metadata).every((v) => typeof v === 'string')
  );
}

/** The body of a POST: the input as it is when zod would send it unchanged, else zod's reading of
 *  it, which refuses what the API would. */
export function starredInputBody(input: StarredQueryInput): StarredQueryInput {
  return plainStarredInput(input) ? input : starredQueryInputSchema.parse(input);
}

/** Refuses a body the API would refuse, before it is sent. */
export function checkStarredBody(body: JsonObject): void {
  const parsed = starredBodySchema.safeParse(body);
  if (!parsed.success)
    throw new AxiomError('badRequest', phrase('The starred query cannot be saved: {0}.', describeIssue(parsed.error)));
}
