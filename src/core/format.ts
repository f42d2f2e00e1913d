// Made once: building a date format is far dearer than using one (10,000 rows of a snoozed
// list would otherwise each build their own).
let dateFormat: Intl.DateTimeFormat | undefined;

/** A date in the person's locale and time zone, e.g. "22 Nov 2026, 14:05". */
export function formatDate(date: Date): string {
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateFormat.format(date);
}
