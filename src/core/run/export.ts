// A result table as CSV (RFC 4180) or JSON, for Export. Built a row at a time into a list of
// parts joined once: 100,000 rows make no row objects and no quadratic string growth.
import type { ResultTable } from '../api/tabular';

/** Text a spreadsheet would run as a formula when it opens the file. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function csvText(text: string): string {
  // A leading apostrophe makes a spreadsheet show the text as text instead of running it.
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (typeof value) {
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    case 'string':
      return csvText(value);
    default:
      return csvText(JSON.stringify(value) ?? String(value)); // eslint-disable-line @typescript-eslint/no-base-to-string -- what JSON cannot write (a symbol, a function): its text
  }
}

/** The header row of field names, then one line per row; lines end in CRLF, as RFC 4180 has it. */
export function toCsv(table: ResultTable): string {
  const { columns, rowCount } = table;
  const width = columns.length;
  const lines: string[] = new Array<string>(rowCount + 1);
  lines[0] = table.fields.map((f) => csvText(f.name)).join(',');
  const cells: string[] = new Array<string>(width);
  for (let r = 0; r < rowCount; r++) {
    for (let f = 0; f < width; f++) cells[f] = csvCell(columns[f][r]);
    lines[r + 1] = cells.join(',');
  }
  return lines.join('\r\n') + '\r\n';
}

/** Field names made unique for use as keys: a repeated name gets _2, _3, … (never one that exists). */
export function uniqueKeys(names: readonly string[]): string[] {
  const taken = new Set(names);
  const seen = new Set<string>();
  return names.map((name) => {
    if (!seen.has(name)) {
      seen.add(name);
      return name;
    }
    let n = 2;
    while (taken.has(`${name}_${n}`) || seen.has(`${name}_${n}`)) n++;
    const key = `${name}_${n}`;
    seen.add(key);
    return key;
  });
}

/** A list of row objects keyed by field name, as JSON.stringify(rows, null, 2) would write it. */
export function toJson(table: ResultTable): string {
  const { columns, rowCount } = table;
  if (rowCount === 0) return '[]';
  const width = columns.length;
  const keys = uniqueKeys(table.fields.map((f) => f.name)).map((k) => `\n    ${JSON.stringify(k)}: `);
  const rows: string[] = new Array<string>(rowCount);
  const members: string[] = new Array<string>(width);
  for (let r = 0; r < rowCount; r++) {
    for (let f = 0; f < width; f++) members[f] = keys[f] + jsonValue(columns[f][r]);
    rows[r] = width ? `  {${members.join(',')}\n  }` : '  {}';
  }
  return `[\n${rows.join(',\n')}\n]`;
}

function jsonValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'object':
      break;
    default:
      return 'null';
  }
  if (value === null) return 'null';
  // Nested values indented to sit under their key.
  return JSON.stringify(value, null, 2).replace(/\n/g, '\n    ');
}
