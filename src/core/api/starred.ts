// Starred queries as the service sends them, read tolerantly (see API-NOTES, Starred queries).
// Only an id, a name and the APL are needed to show one; an optional field that is null, absent or
// not of its type is left out. Unknown fields are kept, and a record read to be written back is
// kept as the service sent it (`raw`), so that writing it back loses nothing.
import { z } from 'zod';
import { isJsonObject, type JsonObject } from '../json';
import { phrase } from '../phrase';
import { AxiomError } from './errors';
import { describeJsonType, invalidResponse, parseBody } from './parse';
import { describeIssue, optionalField as optional, starredQueryInputSchema } from './schemas';

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
  if (!isJsonObject(value)) return false;
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

export function readStarredRecord(body: unknown): StarredRecord {
  const query = parseBody(starredQuerySchema, body, phrase('starred query'));
  return { query, raw: body as JsonObject };
}

/** Refuses a body the API would refuse, before it is sent. */
export function checkStarredBody(body: JsonObject): void {
  const parsed = starredBodySchema.safeParse(body);
  if (!parsed.success)
    throw new AxiomError('badRequest', phrase('The starred query cannot be saved: {0}.', describeIssue(parsed.error)));
}
