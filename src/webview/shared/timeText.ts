// Times as the panel shows them: in the zone the person chose (the setting axiom.timeZone: local
// or UTC), the table and the chart alike; a cell's hover gives the other zone. Pure: the unit
// tests run it in plain Node.

export type TimeZoneChoice = 'local' | 'utc';

/** The zone a page was given, or local for anything else. */
export function readTimeZone(value: unknown): TimeZoneChoice {
  return value === 'utc' ? 'utc' : 'local';
}

const two = (n: number) => String(n).padStart(2, '0');

/** A time as "2026-11-27 00:35:30.000" in the zone (no letter T, no Z: the zone is said once,
 *  in the hover and the setting). Milliseconds since the epoch in; NaN gives ''. */
export function timeText(ms: number, zone: TimeZoneChoice): string {
  if (!Number.isFinite(ms)) return '';
  const d = new Date(ms);
  const utc = zone === 'utc';
  const year = utc ? d.getUTCFullYear() : d.getFullYear();
  const month = utc ? d.getUTCMonth() : d.getMonth();
  const day = utc ? d.getUTCDate() : d.getDate();
  const hours = utc ? d.getUTCHours() : d.getHours();
  const minutes = utc ? d.getUTCMinutes() : d.getMinutes();
  const seconds = utc ? d.getUTCSeconds() : d.getSeconds();
  const millis = utc ? d.getUTCMilliseconds() : d.getMilliseconds();
  return `${String(year).padStart(4, '0')}-${two(month + 1)}-${two(day)} ${two(hours)}:${two(minutes)}:${two(seconds)}.${String(millis).padStart(3, '0')}`;
}

/** The zone that is not the one chosen: the hover's. */
export function otherZone(zone: TimeZoneChoice): TimeZoneChoice {
  return zone === 'utc' ? 'local' : 'utc';
}

/** Dates and times as the language writes them (`options`: which parts), in the zone chosen. */
export function dateFormat(
  locale: string,
  zone: TimeZoneChoice,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { ...options, ...(zone === 'utc' ? { timeZone: 'UTC' } : {}) });
}
