// Production errors at the line: the last hour's error events, read for the place each was thrown
// at (its top stack frame that is in the workspace, else its `code.*` attributes), and counted per
// place. The query is the setting's, or one made from the dataset's fields that counts on the
// service (a `summarize` by the fields that name places, so that an hour of errors is one small
// answer); rows of any query are read, a `thrown` column counting for as many events. Which place
// is in the workspace is the platform's to say (platform/codeLocations.ts): here, each event's
// candidates come in order, top frame first. Plain data in and out, no `vscode`.
import type { TabularResult } from '../api/tabular';
import { mainStages } from '../apl/aplText';
import { quotedName } from '../apl/names';
import { parseApl } from '../apl/syntaxParser';
import { isFilePathField, placesIn, placesInRow, type CodePlace } from './codePlaces';
import { aplString } from './logActivityQuery';
import { isTraceId } from '../traces/traceQuery';

/** The column the default query counts each group's events in. */
export const THROWN_COLUMN = 'thrown';

/** Fields that name an error's level, in the order they are preferred. */
const LEVEL_FIELDS = ['level', 'severity', 'log.level', 'severity_text', 'levelname', 'attributes.level'];
/** Fields that hold a stack trace, in the order they are preferred. */
const STACK_FIELDS = [
  'exception.stacktrace',
  'attributes.exception.stacktrace',
  'stack',
  'stacktrace',
  'stack_trace',
  'error.stack',
  'exc_info',
  'exception',
];
const CODE_FIELDS = [
  'code.filepath',
  'code.lineno',
  'code.file.path',
  'code.line.number',
  'attributes.code.filepath',
  'attributes.code.lineno',
  'attributes.code.file.path',
  'attributes.code.line.number',
];

/** The default query over a dataset with these fields: its errors (by the first level field it
 *  has), counted by the fields that name places and the message. */
export function defaultErrorQuery(dataset: string, fields: readonly string[], messageField?: string): string {
  const has = new Set(fields);
  const level = LEVEL_FIELDS.find((f) => has.has(f));
  const by = [...STACK_FIELDS, ...CODE_FIELDS].filter((f) => has.has(f));
  if (messageField && has.has(messageField)) by.push(messageField);
  const lines = [quotedName(dataset)];
  if (level) lines.push(`| where ${quotedName(level)} =~ "error"`);
  if (by.length) lines.push(`| summarize ${THROWN_COLUMN} = count() by ${by.map(quotedName).join(', ')}`);
  return lines.join('\n');
}

/** A place an event names, where it was found, and the text that finds it again in a query. */
export interface Candidate {
  readonly place: CodePlace;
  /** The field that held it. */
  readonly field: string;
  /** A test that keeps the events naming this place (`['stack'] contains "/app/x.ts:12"`). */
  readonly test: string;
}

/** One error event (or group of them) as read: its places, top first, how many it stands for, and
 *  one line that says what was thrown. */
export interface ErrorEvent {
  readonly candidates: readonly Candidate[];
  readonly count: number;
  readonly headline: string;
  /** The trace the event was thrown in, when its row names one (a trace id column). */
  readonly trace?: TraceOfEvent;
}

/** A trace an event names: its id, and the event's time (where Open Trace looks first). */
export interface TraceOfEvent {
  readonly traceId: string;
  readonly seenAt?: string;
}

const MAX_HEADLINE = 200;

/** The events of an answer, each with its candidates in order: stack frames (top first: Python's
 *  tracebacks, "most recent call last", are read from their end), then code attributes. */
export function errorEvents(result: TabularResult): ErrorEvent[] {
  const table = result.tables[0];
  if (!table) return [];
  const names = table.fields.map((f) => f.name);
  const thrown = names.indexOf(THROWN_COLUMN);
  // Fields that look like a stack's first, then the others.
  const order = names
    .map((name, index) => ({ name, index, rank: /stack|exception|exc_|error|trace/i.test(name) ? 0 : 1 }))
    .filter((f) => f.index !== thrown && !isFilePathField(f.name))
    .sort((a, b) => a.rank - b.rank || a.index - b.index);
  const events: ErrorEvent[] = [];
  for (let r = 0; r < table.rowCount; r++) {
    const row: Record<string, unknown> = {};
    names.forEach((name, c) => (row[name] = table.columns[c]?.[r]));
    const candidates: Candidate[] = [];
    let headline = '';
    for (const { name } of order) {
      const value = row[name];
      if (typeof value !== 'string' || !value) continue;
      const places = placesIn(value);
      if (places.length === 0) continue;
      const pythonOrder = /most recent call last/i.test(value);
      if (pythonOrder) places.reverse();
      for (const place of places) candidates.push({ place, field: name, test: frameTest(name, value, place) });
      headline ||= headlineOf(value, pythonOrder);
    }
    for (const place of placesInRow(row)) {
      const pathField = names.find((name) => isFilePathField(name) && row[name] === place.path);
      if (pathField) candidates.push({ place, field: pathField, test: attributeTest(pathField, names, place) });
    }
    if (candidates.length === 0) continue;
    const weight = thrown >= 0 ? Number(row[THROWN_COLUMN]) : 1;
    const trace = traceOfRow(row);
    events.push({
      ...(trace && { trace }),
      candidates,
      count: Number.isFinite(weight) && weight > 0 ? weight : 1,
      headline:
        headline ||
        firstTextOf(
          row,
          order.map((f) => f.name),
        ),
    });
  }
  return events;
}

/** The frame's own text in the stack, as a `contains` test: `path:line` (Node, Go, Rust…), or
 *  Python's `"path", line N`, or the path alone. */
function frameTest(field: string, text: string, place: CodePlace): string {
  const needles =
    place.line === undefined ? [] : [`${place.path}:${place.line}`, `"${place.path}", line ${place.line}`];
  const needle = needles.find((n) => text.includes(n)) ?? place.path;
  return `${quotedName(field)} contains ${aplString(needle)}`;
}

/** `code.filepath == path`, and its line when the row has the line's field. */
function attributeTest(pathField: string, names: readonly string[], place: CodePlace): string {
  const prefix = pathField.startsWith('attributes.') ? 'attributes.' : '';
  const lineField = ['code.line.number', 'code.lineno'].map((k) => prefix + k).find((k) => names.includes(k));
  const onPath = `${quotedName(pathField)} == ${aplString(place.path)}`;
  return lineField && place.line !== undefined ? `${onPath} and ${quotedName(lineField)} == ${place.line}` : onPath;
}

/** What a stack says was thrown: its first line (the last, for Python's), when that is not a frame. */
function headlineOf(stack: string, pythonOrder: boolean): string {
  const lines = stack
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const line = (pythonOrder ? lines[lines.length - 1] : lines[0]) ?? '';
  return placesIn(line).length ? '' : oneLine(line);
}

function firstTextOf(row: Record<string, unknown>, fields: readonly string[]): string {
  for (const field of fields) {
    const value = row[field];
    if (typeof value === 'string' && value.trim() && placesIn(value).length === 0) return oneLine(value);
  }
  return '';
}

/** Text from logs on one line, control characters as spaces, cut to MAX_HEADLINE. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > MAX_HEADLINE ? `${flat.slice(0, MAX_HEADLINE - 1)}…` : flat;
}

/** Where errors were thrown in the workspace: a file (as the platform names it), a 1-based line. */
export interface ErrorSpot {
  readonly file: string;
  readonly line: number;
  readonly column?: number;
  readonly count: number;
  /** The most frequent headline of the events thrown here. */
  readonly headline: string;
  /** The base query narrowed to this place's events. */
  readonly test: string;
  /** The stack of the first event thrown here, top first (at most MAX_SPOT_FRAMES places). */
  readonly frames: readonly CodePlace[];
  /** Which of `frames` is this spot's (absent when it is further down the stack than those kept). */
  readonly thrownAt?: number;
  /** A trace one of the events thrown here names. */
  readonly trace?: TraceOfEvent;
}

/** How many places of a stack a spot keeps. */
export const MAX_SPOT_FRAMES = 12;

/** The events counted per workspace line: each at its first candidate that `fileOf` places in the
 *  workspace (and has a line). Most thrown first. */
export function errorSpots(
  events: readonly ErrorEvent[],
  fileOf: (place: CodePlace) => string | undefined,
): ErrorSpot[] {
  const spots = new Map<
    string,
    {
      spot: Omit<ErrorSpot, 'count' | 'headline' | 'trace'>;
      count: number;
      headlines: Map<string, number>;
      trace?: TraceOfEvent;
    }
  >();
  for (const event of events) {
    for (const candidate of event.candidates) {
      const file = candidate.place.line === undefined ? undefined : fileOf(candidate.place);
      if (file === undefined) continue;
      const line = candidate.place.line!;
      const key = `${file}\u0000${line}`;
      let spot = spots.get(key);
      if (!spot)
        spots.set(
          key,
          (spot = {
            spot: {
              file,
              line,
              column: candidate.place.column,
              test: candidate.test,
              ...stackOf(event, candidate.place),
            },
            count: 0,
            headlines: new Map(),
          }),
        );
      spot.count += event.count;
      spot.trace ??= event.trace;
      spot.headlines.set(event.headline, (spot.headlines.get(event.headline) ?? 0) + event.count);
      break;
    }
  }
  return [...spots.values()]
    .map(({ spot, count, headlines, trace }) => ({
      ...spot,
      count,
      ...(trace && { trace }),
      headline: [...headlines].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '',
    }))
    .sort((a, b) => b.count - a.count);
}

/** An event's stack as a spot shows it: its frames (its code attributes' place when it has no
 *  stack), each place once, top first, at most MAX_SPOT_FRAMES; and which of them is `here`. */
function stackOf(event: ErrorEvent, here: CodePlace): { frames: CodePlace[]; thrownAt?: number } {
  const fromStack = event.candidates.filter((c) => !isFilePathField(c.field));
  const seen = new Set<string>();
  const frames: CodePlace[] = [];
  for (const { place } of fromStack.length ? fromStack : event.candidates) {
    const key = placeKey(place);
    if (seen.has(key) || frames.length >= MAX_SPOT_FRAMES) continue;
    seen.add(key);
    frames.push(place);
  }
  const thrownAt = frames.findIndex((place) => placeKey(place) === placeKey(here));
  return { frames, ...(thrownAt >= 0 && { thrownAt }) };
}

const placeKey = (place: CodePlace) => `${place.path}\u0000${place.line ?? ''}\u0000${place.column ?? ''}`;

/** Operators after which a query's rows are no longer its events. */
const AGGREGATING = new Set(['summarize', 'count', 'top', 'distinct', 'make-series']);

/** The query for one spot's events: the base query up to its first aggregation (read from its
 *  syntax tree), narrowed to the spot's events. */
export function spotQuery(baseQuery: string, spot: Pick<ErrorSpot, 'test'>): string {
  const parsed = parseApl(baseQuery);
  const cut = mainStages(parsed).find((stage) => AGGREGATING.has(stage.operator?.text.toLowerCase() ?? ''));
  const events = (cut ? baseQuery.slice(0, cut.start) : baseQuery).trimEnd();
  return `${events}\n| where ${spot.test}\n| order by _time desc`;
}

/** Fields that hold a trace id in a row of events, in the order they are preferred. */
const TRACE_ID_FIELDS = ['trace_id', 'traceId', 'trace.id', 'otel.trace_id', 'attributes.trace_id'];
/** Fields that hold an event's time. */
const TIME_FIELDS = ['_time', 'timestamp', 'time'];

/** The trace a row names (its id, and the row's time when it has one), or undefined. */
export function traceOfRow(row: Readonly<Record<string, unknown>>): TraceOfEvent | undefined {
  const traceId = TRACE_ID_FIELDS.map((f) => row[f]).find(isTraceId);
  if (traceId === undefined) return undefined;
  const seenAt = TIME_FIELDS.map((f) => row[f]).find(
    (t): t is string => typeof t === 'string' && t.length <= 64 && Number.isFinite(Date.parse(t)),
  );
  return { traceId: traceId.trim(), ...(seenAt !== undefined && { seenAt }) };
}
