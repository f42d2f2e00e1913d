// An instant as events carry it in `_time` (RFC 3339, up to nanoseconds, or ms since the epoch),
// in ms since the epoch with its fraction. The form the service sends (UTC, "Z") is read digit by
// digit, without a regular expression or the engine's date parser: a live tail reads one per new
// event, a trace one per span. Other forms (an offset, a space for the T, out-of-range fields) go
// the long way, with the same result as before this fast path.

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,12}))?(Z|[+-]\d{2}:?\d{2})$/i;

/** The longest text read as an instant (a real one is about 30 characters). */
const MAX_INSTANT_CHARS = 64;

const DASH = 45;
const COLON = 58;
const DOT = 46;
const UPPER_T = 84;
const UPPER_Z = 90;

/** The number written by `count` digits of `text` from `at`; -1 when one is not a digit. */
function digitsAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** `YYYY-MM-DDTHH:MM:SS[.fraction]Z` with every field in its range, in ms; NaN for any other text. */
function readUtcInstant(text: string): number {
  const length = text.length;
  if (length < 20 || length > 33 || text.charCodeAt(length - 1) !== UPPER_Z) return NaN;
  if (
    text.charCodeAt(4) !== DASH ||
    text.charCodeAt(7) !== DASH ||
    text.charCodeAt(10) !== UPPER_T ||
    text.charCodeAt(13) !== COLON ||
    text.charCodeAt(16) !== COLON
  )
    return NaN;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  // Years before 100 are left to the long way, as Date.UTC reads them as 19xx.
  if (year < 100 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return NaN;
  let fraction = 0;
  if (length > 20) {
    const places = length - 21;
    if (text.charCodeAt(19) !== DOT || places < 1) return NaN;
    // The first three places are whole ms, the rest their fraction.
    const whole = Math.min(3, places);
    const ms = digitsAt(text, 20, whole);
    const below = places > 3 ? digitsAt(text, 23, places - 3) : 0;
    if (ms < 0 || below < 0) return NaN;
    fraction = ms * 10 ** (3 - whole) + (places > 3 ? below / 10 ** (places - 3) : 0);
  }
  // A day past its month's end (the 31st of April) is left to the long way too.
  if (day > daysIn(year, month)) return NaN;
  return Date.UTC(year, month - 1, day, hour, minute, second) + fraction;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** An instant (RFC 3339 with up to nanoseconds, or ms since the epoch) in ms with its fraction; NaN otherwise. */
export function readInstant(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  if (typeof value !== 'string' || value.length > MAX_INSTANT_CHARS) return NaN;
  const fast = readUtcInstant(value);
  if (!Number.isNaN(fast)) return fast;
  // To the millisecond in UTC, as JavaScript writes times (2026-03-01T12:00:00.123Z): the engine's own reader.
  if (value.length === 24 && value[23] === 'Z' && value[19] === '.') return Date.parse(value);
  const m = ISO.exec(value);
  if (!m) return Date.parse(value);
  const [, y, mo, d, h, mi, sec, fraction = '', zone] = m;
  const offset =
    zone.toUpperCase() === 'Z'
      ? 0
      : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2))) * 60_000;
  const whole = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec)) - offset;
  return fraction ? whole + Number(`0.${fraction}`) * 1000 : whole;
}
