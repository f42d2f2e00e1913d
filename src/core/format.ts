/** A date in the person's locale and time zone, e.g. "22 Nov 2026, 14:05". */
export function formatDate(date: Date): string {
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
