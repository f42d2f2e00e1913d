// Made once: building a date format is far dearer than using one (10,000 rows of a snoozed
// list would otherwise each build their own).
let dateFormat: Intl.DateTimeFormat | undefined;

/** A date in the person's locale and time zone, e.g. "22 Nov 2026, 14:05". */
export function formatDate(date: Date): string {
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateFormat.format(date);
}

let dayFormat: Intl.DateTimeFormat | undefined;

/** A day in the person's locale, e.g. "22 Nov 2026". */
export function formatDay(date: Date): string {
  dayFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
  return dayFormat.format(date);
}

/** formatDate for the rows of one list: a time seen before is not formatted again (monitors
 *  snoozed together share their end, and formatting is the dearest step of a row). Made per list,
 *  so it holds no more than that list's dates. */
export function listDateFormatter(): (date: Date) => string {
  const made = new Map<number, string>();
  return (date) => {
    const time = date.getTime();
    let text = made.get(time);
    if (text === undefined) made.set(time, (text = formatDate(date)));
    return text;
  };
}
