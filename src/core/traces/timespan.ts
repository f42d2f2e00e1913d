// A span's duration as the tabular answer may give it (API-NOTES, traces: `duration` is a
// timespan): a number of nanoseconds, a numeric string of them, a duration string with units
// ("1.5ms", "250µs", "2d", "1h2m3.5s", the APL literal forms "30m", "0.1s", "timespan(15s)"), or
// the clock form ("00:00:01.234", "1.02:03:04.5000000", "-00:00:00.5"). Read as nanoseconds;
// anything else is undefined (shown as an unknown duration, never a thrown error). And a duration
// in words for a person ("1.23 s", "450 µs").

const NS_PER: Readonly<Record<string, number>> = {
  ns: 1,
  us: 1e3,
  µs: 1e3,
  μs: 1e3,
  ms: 1e6,
  s: 1e9,
  sec: 1e9,
  m: 60e9,
  min: 60e9,
  h: 3600e9,
  hr: 3600e9,
  d: 86_400e9,
  w: 604_800e9,
};

/** The longest text read as a duration (a real one is a few dozen characters). */
const MAX_DURATION_CHARS = 64;

/** The units of the most common form, one number and one unit ("12.5ms"). */
const SIMPLE_UNITS: ReadonlyMap<string, number> = new Map(
  ['ns', 'us', 'µs', 'μs', 'ms', 's', 'm', 'h', 'd'].map((unit) => [unit, NS_PER[unit]]),
);
/** SIMPLE_UNITS by character code: the one-character units, and the two-character ones (each a letter
 *  and "s") by their first, so that a unit is found without cutting a string from the text. */
const ONE_CHAR_UNITS = new Map<number, number>();
const BEFORE_S_UNITS = new Map<number, number>();
for (const [unit, ns] of SIMPLE_UNITS)
  if (unit.length === 1) ONE_CHAR_UNITS.set(unit.charCodeAt(0), ns);
  else if (unit.length === 2 && unit[1] === 's') BEFORE_S_UNITS.set(unit.charCodeAt(0), ns);
const LOWER_S = 115;

/** The nanoseconds per unit of the SIMPLE_UNITS unit that `value` ends with from `at`, or undefined. */
function simpleUnitAt(value: string, at: number): number | undefined {
  const rest = value.length - at;
  if (rest === 1) return ONE_CHAR_UNITS.get(value.charCodeAt(at));
  if (rest === 2 && value.charCodeAt(at + 1) === LOWER_S) return BEFORE_S_UNITS.get(value.charCodeAt(at));
  return undefined;
}
const UNIT_PART = /(\d+(?:\.\d*)?|\.\d+)\s*(ns|us|µs|μs|ms|sec|min|hr|s|m|h|d|w)/y;
const CLOCK = /^(?:(\d{1,9})\.)?(\d{1,2}):(\d{1,2}):(\d{1,2}(?:\.\d{1,9})?)$/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

const isDigit = (code: number) => code >= 48 && code <= 57;

/** Digits, a fraction of digits if any, and one unit of SIMPLE_UNITS right after, in nanoseconds;
 *  undefined for any other text. */
function readSimple(value: string): number | undefined {
  let at = 0;
  // The digits as one integer and the places after the point: exact up to 15 digits, where one
  // division gives what Number() gives.
  let digits = 0;
  let places = 0;
  while (at < value.length && isDigit(value.charCodeAt(at))) digits = digits * 10 + value.charCodeAt(at++) - 48;
  if (at === 0) return undefined;
  if (value.charCodeAt(at) === 46) {
    const fraction = ++at;
    while (at < value.length && isDigit(value.charCodeAt(at))) digits = digits * 10 + value.charCodeAt(at++) - 48;
    places = at - fraction;
    if (places === 0) return undefined;
  }
  const perUnit = simpleUnitAt(value, at);
  if (perUnit === undefined) return undefined;
  const number = at - (places ? 1 : 0) <= 15 ? digits / 10 ** places : Number(value.slice(0, at));
  return number * perUnit;
}

/** The duration `value` says, in nanoseconds (negative when it says so), or undefined. Never throws. */
export function readTimespan(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'string' || value.length > MAX_DURATION_CHARS) return undefined;
  // The most common form first: one number and one unit ("12.5ms"), read without a regular
  // expression (a trace reads one for each of up to 10,000 spans).
  const simple = readSimple(value);
  if (simple !== undefined) return simple;
  let text = value.trim();
  const literal = /^timespan\((.*)\)$/i.exec(text);
  if (literal) text = literal[1].trim();
  if (text === '') return undefined;
  if (NUMBER.test(text)) {
    const ns = Number(text);
    return Number.isFinite(ns) ? ns : undefined;
  }
  let sign = 1;
  if (text[0] === '-' || text[0] === '+') {
    sign = text[0] === '-' ? -1 : 1;
    text = text.slice(1).trim();
  }
  const clock = CLOCK.exec(text);
  if (clock) {
    const [, days, hours, minutes, seconds] = clock;
    if (Number(minutes) > 59 || Number(seconds) >= 60) return undefined;
    const total =
      (Number(days ?? 0) * 86_400 + Number(hours) * 3600 + Number(minutes) * 60) * 1e9 + secondsToNs(seconds);
    return sign * total;
  }
  // One or more `number unit` parts, as Go writes durations ("1h2m3.5s") or APL's literals ("1.5h").
  let total = 0;
  let at = 0;
  let parts = 0;
  while (at < text.length) {
    UNIT_PART.lastIndex = at;
    const part = UNIT_PART.exec(text);
    if (!part) return undefined;
    total += Number(part[1]) * NS_PER[part[2]];
    at = UNIT_PART.lastIndex;
    while (text[at] === ' ') at++;
    parts++;
  }
  return parts > 0 && Number.isFinite(total) ? sign * total : undefined;
}

/** "04.123456789" seconds as nanoseconds, without the float error of multiplying a fraction. */
function secondsToNs(seconds: string): number {
  const [whole, fraction = ''] = seconds.split('.');
  return Number(whole) * 1e9 + Number(fraction.padEnd(9, '0').slice(0, 9));
}

/** A duration (ns) in words, three significant figures: "812 ns", "4.5 µs", "1.23 ms", "2.5 s", "3 min 20 s", "2 h 5 min". */
export function durationWords(ns: number): string {
  if (!Number.isFinite(ns)) return '?';
  const sign = ns < 0 ? '−' : '';
  const n = Math.abs(ns);
  const short = (value: number, unit: string) => `${sign}${Number(value.toPrecision(3))} ${unit}`;
  if (n < 1e3) return short(n, 'ns');
  if (n < 1e6) return short(n / 1e3, 'µs');
  if (n < 1e9) return short(n / 1e6, 'ms');
  if (n < 60e9) return short(n / 1e9, 's');
  if (n < 3600e9) {
    const seconds = Math.round(n / 1e9);
    return `${sign}${Math.floor(seconds / 60)} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
  }
  const minutes = Math.round(n / 60e9);
  return `${sign}${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}
