// How one value of a result shows as text: in a cell, in a copy, in the filter. No DOM here: the
// unit tests run it in plain Node.

/** What a value is, for the cell's style: null is dimmed, nested values are compact JSON. */
export type CellKind = 'null' | 'number' | 'boolean' | 'string' | 'json';

/** The longest text a cell puts in the DOM; the rest is in its title (or the details pane). */
export const MAX_CELL_CHARS = 500;

export function cellKind(value: unknown): CellKind {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    default:
      return 'json';
  }
}

function json(value: unknown, space?: number): string {
  try {
    return JSON.stringify(value, null, space) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The value's whole text: what a copy puts on the clipboard and what the filter searches. Null is empty. */
export function valueText(value: unknown): string {
  switch (cellKind(value)) {
    case 'null':
      return '';
    case 'json':
      return json(value);
    default:
      return String(value);
  }
}

/** The text a cell shows: "null" for null (styled apart), compact JSON for nested values, cut at MAX_CELL_CHARS. */
export function cellText(value: unknown): string {
  const text = cellKind(value) === 'null' ? 'null' : valueText(value);
  return text.length > MAX_CELL_CHARS ? `${text.slice(0, MAX_CELL_CHARS)}…` : text;
}

/** Pretty JSON of a nested value (its tooltip and details pane), cut at `max` characters. */
export function prettyJson(value: unknown, max = 20_000): string {
  const text = json(value, 2);
  return text.length > max ? `${text.slice(0, max)}\n…` : text;
}

/** One field of a tab-separated line: tabs and line breaks inside a value become spaces. */
export function tsvField(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ');
}

/** A row's values, tab-separated, in the order of the columns. */
export function rowText(columns: readonly (readonly unknown[])[], row: number): string {
  return columns.map((column) => tsvField(valueText(column[row]))).join('\t');
}

/** A column as lines: its name, then its values in the order shown. */
export function columnText(name: string, column: readonly unknown[], order: ArrayLike<number>): string {
  const lines = [tsvField(name)];
  for (let i = 0; i < order.length; i++) lines.push(tsvField(valueText(column[order[i]])));
  return lines.join('\n');
}
