// What a list view's filter text matches: the same rule in every view that filters by a text.

/** Whether a text (as typed into a view's filter) is in a value, case aside. */
export function matchesText(value: string | undefined, text: string): boolean {
  return value !== undefined && value.toLowerCase().includes(text.toLowerCase());
}
