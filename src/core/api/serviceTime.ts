// Times as the service writes them: RFC 3339 text. The service is written in Go, and Go writes a
// time that was never set as its zero time, 0001-01-01T00:00:00Z, where the API description says
// null. So a time before 1970 is read as "never", like null; text that is no time at all cannot be
// read. What counts as a time is what Date.parse reads: the code that shows a time parses it so.

export type TimeReading = 'time' | 'never' | 'unreadable';

const ZERO = 48;
const NINE = 57;

/** The two digits at `at` as a number, or -1. */
function twoDigits(text: string, at: number): number {
  const a = text.charCodeAt(at) - ZERO;
  const b = text.charCodeAt(at + 1) - ZERO;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * Whether the text is certainly a time from 1970 on in the form the service writes,
 * `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, read without parsing it: a large list carries two or three
 * times per monitor, and Date.parse costs about 0.2 µs each where this costs a few
 * nanoseconds. Anything else (an offset, another form, the zero time) goes to Date.parse.
 */
function plainRecentUtc(text: string): boolean {
  const length = text.length;
  if (length < 20 || length > 30) return false;
  const century = twoDigits(text, 0);
  const ofCentury = twoDigits(text, 2);
  if (century < 0 || ofCentury < 0 || century * 100 + ofCentury < 1970) return false;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return false;
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = twoDigits(text, 17);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return false;
  if (text.charCodeAt(length - 1) !== 90) return false; // Z
  if (length === 20) return true;
  // A fraction: a dot and one to nine digits before the Z.
  if (text.charCodeAt(19) !== 46 || length === 21) return false;
  for (let i = 20; i < length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c < ZERO || c > NINE) return false;
  }
  return true;
}

/** What a time field's text means: a time, never (null's other spelling), or nothing readable. */
export function readTime(text: string): TimeReading {
  if (plainRecentUtc(text)) return 'time';
  const time = Date.parse(text);
  if (Number.isNaN(time)) return 'unreadable';
  return time < 0 ? 'never' : 'time';
}
