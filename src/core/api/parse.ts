// From JSON the service sent to typed values, or the one `invalid response` error: nothing else
// escapes from here, whatever the body holds (property-tested in test/unit/api/parse.test.ts).
import type { z } from 'zod';
import { phrase, type Phrase } from '../phrase';
import { AxiomError } from './errors';
import {
  datasetFieldListSchema,
  datasetFieldSchema,
  describeIssue,
  describeOneIssue,
  mergedNotifierIds,
  monitorWireSchema,
  REQUIRED_MONITOR_FIELDS,
  serviceTime,
  tidyMonitor,
  type DatasetField,
  type Monitor,
  virtualFieldListSchema,
  virtualFieldSchema,
  type VirtualField,
} from './schemas';
import { compileShapeCheck, type ShapeCheck } from './shapeCheck';

export interface MonitorList {
  monitors: Monitor[];
  /** Entries that were not monitors the extension can read, with the reason; the rest still show. */
  skipped: { index: number; reason: string }[];
  /** Optional fields that could not be read, left out of monitors that still show. */
  dropped: { index: number; field: string; reason: string }[];
}

const certainlyMonitor = compileShapeCheck(monitorWireSchema, { time: serviceTime });

/**
 * A list whose single bad entries are skipped and counted, so one odd monitor cannot blank the
 * view, and whose monitors show without the optional fields that could not be read (counted too):
 * only an id and a name are needed. Entries the shape check vouches for are kept as JSON.parse
 * made them (unknown fields stay, unread), tidied in place by the check (null and never-times set
 * to undefined), with the notifier list under its one name; zod reads all the others. The parsed
 * list itself is the result, compacted in place where entries are skipped: no copy of it is made.
 * `check` is for tests, which compare the two ways of reading an entry.
 */
export function parseMonitorList(body: unknown, check: ShapeCheck = certainlyMonitor): MonitorList {
  if (!Array.isArray(body))
    throw invalidResponse(phrase('expected a list of monitors, got {0}', describeJsonType(body)));
  const list: unknown[] = body;
  const skipped: MonitorList['skipped'] = [];
  const dropped: MonitorList['dropped'] = [];
  const length = list.length;
  let kept = 0;
  for (let index = 0; index < length; index++) {
    const item: unknown = list[index];
    let monitor: Monitor;
    if (check(item)) {
      monitor = item as Monitor;
      const wire = item as { notifierIds?: string[]; notifierIDs?: string[] };
      // Null there is undefined by now: only a list sent under the Go spelling is moved.
      if (wire.notifierIDs !== undefined) {
        wire.notifierIds = mergedNotifierIds(wire);
        delete wire.notifierIDs;
      }
    } else {
      const read = readWithZod(item, index, dropped);
      if (typeof read === 'string') {
        skipped.push({ index, reason: read });
        continue;
      }
      monitor = read;
    }
    if (kept !== index) list[kept] = monitor;
    else if (monitor !== item) list[index] = monitor;
    kept++;
  }
  if (kept !== length) list.length = kept;
  return { monitors: list as Monitor[], skipped, dropped };
}

/**
 * One entry read by zod: the monitor, with every optional field that failed left out and
 * recorded in `dropped`, or why it is no monitor (it is not an object, or lacks an id or name).
 */
function readWithZod(item: unknown, index: number, dropped: MonitorList['dropped']): Monitor | string {
  let parsed = monitorWireSchema.safeParse(item);
  if (!parsed.success) {
    const { issues } = parsed.error;
    const fatal = issues.find((issue) => issue.path.length === 0 || REQUIRED_MONITOR_FIELDS.has(String(issue.path[0])));
    if (fatal) return describeOneIssue(fatal);
    const without: Record<string, unknown> = { ...(item as object) };
    for (const issue of issues) {
      const field = String(issue.path[0]);
      if (!Object.hasOwn(without, field)) continue; // a second issue in the same field
      delete without[field];
      dropped.push({ index, field, reason: describeOneIssue(issue) });
    }
    parsed = monitorWireSchema.safeParse(without);
    if (!parsed.success) return describeIssue(parsed.error);
  }
  return tidyMonitor(parsed.data);
}

/**
 * One monitor (GET /v2/monitors/{id}, the answer of a PUT or POST), read as an entry of the list
 * is: only an id and a name are needed, optional fields that cannot be read are left out. `body`
 * itself is not changed (the record is kept as sent, to be written back).
 */
export function parseMonitor(body: unknown): Monitor {
  const dropped: MonitorList['dropped'] = [];
  const item = typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body } : body;
  const read = readWithZod(item, 0, dropped);
  if (typeof read === 'string')
    throw invalidResponse(phrase('the {0} is not in the expected shape ({1})', phrase('monitor'), read));
  return read;
}

/** One change of a monitor's check, as the history call answers it. */
export interface StateChange {
  checkId: string;
  /** Milliseconds since the epoch. */
  time: number;
  state: 'open' | 'closed';
}

export interface HistoryList {
  changes: StateChange[];
  /** Entries without a check, a readable time or a known state: left out, counted. */
  unreadable: number;
}

const certainlyField = compileShapeCheck(datasetFieldSchema);

/** A dataset's fields (thousands, in a wide dataset): a list whose every entry the shape check
 *  vouches for is the list as JSON.parse made it (null descriptions and units read as absent);
 *  any other is read by zod, whose reason names what is wrong. */
export function parseFieldList(body: unknown): DatasetField[] {
  if (Array.isArray(body) && body.every(certainlyField)) return body as DatasetField[];
  return parseBody(datasetFieldListSchema, body, phrase('field list'));
}

const certainlyVirtualField = compileShapeCheck(virtualFieldSchema);

/** A dataset's virtual fields, read as its fields are (asked for beside them at every expand: zod
 *  read even a list of two in about 0.15 ms); null (a Go nil slice) is none. */
export function parseVirtualFieldList(body: unknown): VirtualField[] {
  if (body === null) return [];
  if (Array.isArray(body) && body.every(certainlyVirtualField)) return body as VirtualField[];
  return parseBody(virtualFieldListSchema, body, phrase('virtual field list'));
}

/** A monitor's history. `null` is an empty list (a Go nil slice); entries are read one by one. */
export function parseHistory(body: unknown): HistoryList {
  if (body === null) return { changes: [], unreadable: 0 };
  if (!Array.isArray(body))
    throw invalidResponse(phrase('expected a list of state changes, got {0}', describeJsonType(body)));
  const changes: StateChange[] = [];
  let unreadable = 0;
  for (const entry of body as unknown[]) {
    const record = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const checkId =
      typeof record.checkId === 'string' || typeof record.checkId === 'number' ? String(record.checkId) : undefined;
    const time = typeof record.timestamp === 'string' ? Date.parse(record.timestamp) : NaN;
    const state = record.state === 'open' || record.state === 'closed' ? record.state : undefined;
    if (checkId === undefined || !Number.isFinite(time) || !state) unreadable++;
    else changes.push({ checkId, time, state });
  }
  return { changes, unreadable };
}

export function parseBody<T extends z.ZodType>(schema: T, body: unknown, what: Phrase | string): z.output<T> {
  const parsed = schema.safeParse(body);
  // zod's own words for the issue stay as they are: they name the JSON, not the person's task.
  if (!parsed.success)
    throw invalidResponse(phrase('the {0} is not in the expected shape ({1})', what, describeIssue(parsed.error)));
  return parsed.data;
}

export function invalidResponse(detail: Phrase, status?: number, traceId?: string): AxiomError {
  return new AxiomError('invalidResponse', phrase('Invalid response: {0}.', detail), { status, traceId });
}

export function describeJsonType(value: unknown): Phrase | string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return phrase('a list');
  if (typeof value === 'object') return phrase('an object');
  return typeof value === 'string'
    ? phrase('a string')
    : typeof value === 'number'
      ? phrase('a number')
      : typeof value === 'boolean'
        ? phrase('a boolean')
        : typeof value;
}
