// From JSON the service sent to typed values, or the one `invalid response` error: nothing else
// escapes from here, whatever the body holds (property-tested in test/unit/properties.test.ts).
import type { z } from 'zod';
import { phrase, type Phrase } from '../phrase';
import { AxiomError } from './errors';
import { describeIssue, mergedNotifierIds, monitorSchema, monitorWireSchema, type Monitor } from './schemas';
import { compileShapeCheck } from './shapeCheck';

export interface MonitorList {
  monitors: Monitor[];
  /** Entries that were not monitors the extension can read, with the reason; the rest still show. */
  skipped: { index: number; reason: string }[];
}

const certainlyMonitor = compileShapeCheck(monitorWireSchema);

/**
 * A list whose single bad entries are skipped and counted, so one odd monitor cannot blank the
 * view. Entries the shape check vouches for are kept as JSON.parse made them (unknown fields
 * stay, unread), with the notifier list under its one name; zod reads all the others. While every
 * entry is kept as it is, the parsed list itself is the result: no copy of it is made.
 */
export function parseMonitorList(body: unknown): MonitorList {
  if (!Array.isArray(body)) throw invalidResponse(phrase('expected a list of monitors, got {0}', describeJsonType(body)));
  // Made at the first entry that is replaced or skipped, from the entries before it.
  let copy: Monitor[] | undefined;
  const skipped: MonitorList['skipped'] = [];
  for (let index = 0; index < body.length; index++) {
    const item: unknown = body[index];
    if (certainlyMonitor(item)) {
      const monitor = item as Monitor & { notifierIDs?: string[] };
      if ('notifierIDs' in monitor) {
        monitor.notifierIds = mergedNotifierIds(monitor);
        delete monitor.notifierIDs;
      }
      copy?.push(monitor);
      continue;
    }
    copy ??= body.slice(0, index) as Monitor[];
    const parsed = monitorSchema.safeParse(item);
    if (parsed.success) copy.push(parsed.data);
    else skipped.push({ index, reason: describeIssue(parsed.error) });
  }
  return { monitors: copy ?? (body as Monitor[]), skipped };
}

export function parseBody<T extends z.ZodType>(schema: T, body: unknown, what: Phrase | string): z.output<T> {
  const parsed = schema.safeParse(body);
  // zod's own words for the issue stay as they are: they name the JSON, not the person's task.
  if (!parsed.success) throw invalidResponse(phrase('the {0} is not in the expected shape ({1})', what, describeIssue(parsed.error)));
  return parsed.data;
}

export function invalidResponse(detail: Phrase, status?: number, traceId?: string): AxiomError {
  return new AxiomError('invalidResponse', phrase('Invalid response: {0}.', detail), { status, traceId });
}

export function describeJsonType(value: unknown): Phrase | string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return phrase('a list');
  if (typeof value === 'object') return phrase('an object');
  return typeof value === 'string' ? phrase('a string') : typeof value === 'number' ? phrase('a number') : typeof value === 'boolean' ? phrase('a boolean') : typeof value;
}
