// The time range a query runs over: a preset ("Last hour") or a custom start and end, each an
// instant or a time relative to now. As the API takes it, as a person reads it, and as a workspace
// remembers it.
import { formatDate } from '../format';
import { phrase, type Phrase } from '../phrase';

export const PRESET_IDS = ['15m', '1h', '6h', '24h', '7d', '30d'] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export type TimeRange =
  | { kind: 'preset'; preset: PresetId }
  /** Each end is RFC 3339 (`2026-01-02T03:04:05.000Z`) or relative (`now`, `now-2h`), as parseRangeInput gives it. */
  | { kind: 'custom'; start: string; end: string };

export const DEFAULT_RANGE: TimeRange = { kind: 'preset', preset: '1h' };

const PRESET_LABELS: Record<PresetId, Phrase> = {
  '15m': phrase('Last 15 minutes'),
  '1h': phrase('Last hour'),
  '6h': phrase('Last 6 hours'),
  '24h': phrase('Last 24 hours'),
  '7d': phrase('Last 7 days'),
  '30d': phrase('Last 30 days'),
};

export function isPresetId(value: unknown): value is PresetId {
  return typeof value === 'string' && (PRESET_IDS as readonly string[]).includes(value);
}

/** The range as the query API takes it. */
export function rangeRequest(range: TimeRange): { startTime: string; endTime: string } {
  return range.kind === 'preset'
    ? { startTime: `now-${range.preset}`, endTime: 'now' }
    : { startTime: range.start, endTime: range.end };
}

/** "Last hour", or "<start> – <end>" with instants in the person's locale and relative ends as typed. */
export function rangeLabel(range: TimeRange): Phrase {
  if (range.kind === 'preset') return PRESET_LABELS[range.preset];
  return phrase('{0} – {1}', endLabel(range.start), endLabel(range.end));
}

function endLabel(end: string): string {
  return RELATIVE.test(end) ? end : formatDate(new Date(end));
}

const RELATIVE = /^now(?:-(\d+)([mhd]))?$/;
const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A start or end as milliseconds since the epoch, `now` being the time given. */
export function resolveRangeEnd(end: string, now = Date.now()): number {
  const relative = RELATIVE.exec(end);
  if (relative) return relative[1] === undefined ? now : now - Number(relative[1]) * UNIT_MS[relative[2]];
  return Date.parse(end);
}

export type RangeInput = { ok: true; value: string } | { ok: false; problem: Phrase };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * What a person typed as a start or an end: an ISO 8601 date (local midnight) or date-time (local
 * time unless it names its offset), or `now`, `now-30m`, `now-2h`, `now-7d`. Instants come back as
 * RFC 3339 in UTC; relative times in the API's own spelling.
 */
export function parseRangeInput(text: string): RangeInput {
  const input = text.trim();
  if (!input)
    return {
      ok: false,
      problem: phrase(
        'Enter a date (2026-01-31), a date and time (2026-01-31T14:30), or a time relative to now (now-2h).',
      ),
    };
  const relative = /^now\s*(?:-\s*(\d+)\s*([a-z]+))?$/i.exec(input);
  if (relative) {
    if (relative[1] === undefined) return { ok: true, value: 'now' };
    const unit = relative[2].toLowerCase();
    if (!(unit in UNIT_MS))
      return {
        ok: false,
        problem: phrase('“{0}” is not a unit: use m (minutes), h (hours) or d (days), as in now-30m.', relative[2]),
      };
    const amount = Number(relative[1]);
    if (!Number.isSafeInteger(amount) || amount * UNIT_MS[unit] > 100 * 365 * UNIT_MS.d)
      return { ok: false, problem: phrase('{0} reaches too far back.', input) };
    return { ok: true, value: `now-${amount}${unit}` };
  }
  const date = DATE.exec(input);
  const dateTime = date ? undefined : DATE_TIME.exec(input);
  const parts = date ?? dateTime;
  if (!parts)
    return {
      ok: false,
      problem: phrase(
        '“{0}” is not a date or time. Use 2026-01-31, 2026-01-31T14:30, 2026-01-31T14:30:00Z, now or now-2h.',
        input,
      ),
    };
  const [year, month, day, hour = 0, minute = 0, second = 0] = parts
    .slice(1, 7)
    .map((p) => (p === undefined ? undefined : Number(p)));
  const fraction = dateTime?.[7] ? Math.floor(Number(dateTime[7]) * 1000) : 0;
  const zone = dateTime?.[8];
  const bad: RangeInput = { ok: false, problem: phrase('“{0}” is not a real date or time.', input) };
  // Fields read back unchanged, or the date does not exist (31 April, 25:00; in local time also a
  // time that a change to summer time skips).
  let time: number;
  if (zone) {
    const utc = new Date(Date.UTC(year!, month! - 1, day, hour, minute, second));
    if (
      utc.getUTCFullYear() !== year ||
      utc.getUTCMonth() !== month! - 1 ||
      utc.getUTCDate() !== day ||
      utc.getUTCHours() !== hour ||
      utc.getUTCMinutes() !== minute ||
      utc.getUTCSeconds() !== second
    )
      return bad;
    const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
    const offsetMinutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
    if (offset && (Number(offset[2]) > 23 || Number(offset[3]) > 59)) return bad;
    time = utc.getTime() - offsetMinutes * 60_000 + fraction;
  } else {
    const local = new Date(year!, month! - 1, day, hour, minute, second);
    if (
      local.getFullYear() !== year ||
      local.getMonth() !== month! - 1 ||
      local.getDate() !== day ||
      local.getHours() !== hour ||
      local.getMinutes() !== minute ||
      local.getSeconds() !== second
    )
      return bad;
    time = local.getTime() + fraction;
  }
  if (!Number.isFinite(time)) return bad;
  return { ok: true, value: new Date(time).toISOString() };
}

/** A custom range from two inputs, or what is wrong with it (either end, or their order). */
export function customRange(
  startText: string,
  endText: string,
  now = Date.now(),
): { ok: true; range: TimeRange } | { ok: false; problem: Phrase } {
  const start = parseRangeInput(startText);
  if (!start.ok) return { ok: false, problem: phrase('Start: {0}', start.problem) };
  const end = parseRangeInput(endText);
  if (!end.ok) return { ok: false, problem: phrase('End: {0}', end.problem) };
  if (resolveRangeEnd(start.value, now) >= resolveRangeEnd(end.value, now))
    return { ok: false, problem: phrase('The start must be before the end.') };
  return { ok: true, range: { kind: 'custom', start: start.value, end: end.value } };
}

/** What a workspace stores; plain JSON. */
export type StoredRange = { version: 1; preset: PresetId } | { version: 1; start: string; end: string };

export function storeRange(range: TimeRange): StoredRange {
  return range.kind === 'preset'
    ? { version: 1, preset: range.preset }
    : { version: 1, start: range.start, end: range.end };
}

/** A stored range, or undefined for anything that is not one exactly as storeRange writes it. */
export function readStoredRange(value: unknown): TimeRange | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const stored = value as Record<string, unknown>;
  if (stored.version !== 1) return undefined;
  if ('preset' in stored)
    return isPresetId(stored.preset) && Object.keys(stored).length === 2
      ? { kind: 'preset', preset: stored.preset }
      : undefined;
  if (typeof stored.start !== 'string' || typeof stored.end !== 'string' || Object.keys(stored).length !== 3)
    return undefined;
  const start = parseRangeInput(stored.start);
  const end = parseRangeInput(stored.end);
  // Only the spelling storeRange writes is read back: a stored end that parsing would change is not.
  if (!start.ok || !end.ok || start.value !== stored.start || end.value !== stored.end) return undefined;
  return resolveRangeEnd(start.value) < resolveRangeEnd(end.value)
    ? { kind: 'custom', start: start.value, end: end.value }
    : undefined;
}
