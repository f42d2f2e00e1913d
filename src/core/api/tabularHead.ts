// The first rows of a tabular answer, read from its text before the whole of it is parsed, so that
// the results panel can paint them while the rest is parsed: a tabular answer is column-major, so
// the first rows of the last column lie near the end of the body, and JSON.parse of all of it
// (about 100 ms for 100,000 × 12) would come first. This reads the structure, skipping each
// column's values without building them (counting them), and parses only the first rows and the
// small parts (names, fields, status). Anything it does not expect gives undefined: the answer is
// then shown as before, once parsed whole. What it returns is what readTabular makes of the whole
// body, with each column cut to its first rows.
import { readTabular, type TabularResult } from './tabular';

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;

/** Whether the character code ends a number, true, false or null: a comma, a closing bracket,
 *  white space, or the end of the text (NaN). */
function endsScalar(c: number): boolean {
  return (
    c === COMMA ||
    c === CLOSE_ARRAY ||
    c === CLOSE_OBJECT ||
    c === 32 ||
    c === 10 ||
    c === 13 ||
    c === 9 ||
    Number.isNaN(c)
  );
}

class NotAsExpected extends Error {}

class Scanner {
  i = 0;
  constructor(private readonly text: string) {}

  at(): number {
    return this.text.charCodeAt(this.i);
  }

  space(): void {
    let c = this.text.charCodeAt(this.i);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = this.text.charCodeAt(++this.i);
  }

  expect(code: number): void {
    this.space();
    if (this.text.charCodeAt(this.i) !== code) throw new NotAsExpected();
    this.i++;
    this.space();
  }

  /** Past a string (at its opening quote). */
  string(): void {
    let j = this.i + 1;
    for (;;) {
      j = this.text.indexOf('"', j);
      if (j < 0) throw new NotAsExpected();
      let slashes = 0;
      while (this.text.charCodeAt(j - 1 - slashes) === BACKSLASH) slashes++;
      if (slashes % 2 === 0) break;
      j++;
    }
    this.i = j + 1;
  }

  /** Past any value, building nothing. */
  value(): void {
    const text = this.text;
    let c = text.charCodeAt(this.i);
    if (c === QUOTE) return this.string();
    if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      let depth = 0;
      for (;;) {
        c = text.charCodeAt(this.i);
        if (c === QUOTE) {
          this.string();
          continue;
        }
        if (c === OPEN_ARRAY || c === OPEN_OBJECT) depth++;
        else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
          if (--depth === 0) {
            this.i++;
            return;
          }
        } else if (Number.isNaN(c)) throw new NotAsExpected();
        this.i++;
      }
    }
    // A number, true, false or null: up to what ends it.
    const start = this.i;
    while (!endsScalar(c)) c = text.charCodeAt(++this.i);
    if (this.i === start) throw new NotAsExpected();
  }

  /** A value parsed (for the small parts). */
  parsed(): unknown {
    const start = this.i;
    this.value();
    return JSON.parse(this.text.slice(start, this.i));
  }

  /** The members of an object (at its brace), each value read by `member`, which must move past it. */
  object(member: (key: string) => void): void {
    this.expect(OPEN_OBJECT);
    if (this.at() === CLOSE_OBJECT) {
      this.i++;
      return;
    }
    for (;;) {
      if (this.at() !== QUOTE) throw new NotAsExpected();
      const start = this.i;
      this.string();
      const key = JSON.parse(this.text.slice(start, this.i)) as string;
      this.expect(COLON);
      member(key);
      this.space();
      const c = this.at();
      this.i++;
      if (c === CLOSE_OBJECT) return;
      if (c !== COMMA) throw new NotAsExpected();
      this.space();
    }
  }

  /** The elements of an array (at its bracket), each read by `element`, which must move past it. */
  array(element: (index: number) => void): void {
    this.expect(OPEN_ARRAY);
    if (this.at() === CLOSE_ARRAY) {
      this.i++;
      return;
    }
    for (let index = 0; ; index++) {
      element(index);
      this.space();
      const c = this.at();
      this.i++;
      if (c === CLOSE_ARRAY) return;
      if (c !== COMMA) throw new NotAsExpected();
      this.space();
    }
  }

  /** A column (at its bracket): its first `keep` values parsed, the rest counted. One loop, the
   *  hot path: most of the body is columns of plain values. */
  column(keep: number): { head: unknown[]; count: number } {
    const text = this.text;
    const start = this.i;
    let i = start + 1;
    let count = 0;
    let headEnd = keep === 0 ? start + 1 : -1;
    let c = text.charCodeAt(i);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++i);
    if (c !== CLOSE_ARRAY) {
      for (;;) {
        if (c === QUOTE) {
          this.i = i;
          this.string();
          i = this.i;
        } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
          this.i = i;
          this.value();
          i = this.i;
        } else {
          const first = i;
          while (!endsScalar(c)) c = text.charCodeAt(++i);
          if (i === first) throw new NotAsExpected();
        }
        if (++count === keep) headEnd = i;
        c = text.charCodeAt(i);
        while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++i);
        if (c === CLOSE_ARRAY) break;
        if (c !== COMMA) throw new NotAsExpected();
        c = text.charCodeAt(++i);
        while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++i);
      }
    }
    this.i = i + 1;
    const head = headEnd < 0 ? text.slice(start, this.i) : `${text.slice(start, headEnd)}]`;
    return { head: JSON.parse(head) as unknown[], count };
  }
}

/** readTabular of the body, with each table's columns cut to their first `rows` values (rowCount
 *  stays the whole table's), or undefined when the text is not a tabular answer as expected. */
export function readTabularHead(text: string, rows: number): TabularResult | undefined {
  try {
    const s = new Scanner(text);
    const body: Record<string, unknown> = {};
    const counts: number[][] = [];
    s.object((key) => {
      if (key !== 'tables' || s.at() !== OPEN_ARRAY) {
        body[key] = s.parsed();
        return;
      }
      const tables: Record<string, unknown>[] = [];
      s.array((t) => {
        const table: Record<string, unknown> = {};
        counts[t] = [];
        s.object((member) => {
          if (member !== 'columns' || s.at() !== OPEN_ARRAY) {
            table[member] = s.parsed();
            return;
          }
          const columns: unknown[] = [];
          s.array(() => {
            if (s.at() !== OPEN_ARRAY) {
              columns.push(s.parsed());
              return;
            }
            const { head, count } = s.column(rows);
            columns.push(head);
            counts[t].push(count);
          });
          table.columns = columns;
        });
        tables.push(table);
      });
      body.tables = tables;
    });
    s.space();
    if (s.i !== text.length) return undefined;
    const result = readTabular(body);
    // Every table was an object (anything else threw), so readTabular kept them all, in order.
    result.tables.forEach((table, t) => {
      const fields = table.fields.length;
      table.rowCount = Math.max(table.rowCount, ...counts[t].slice(0, fields), 0);
    });
    return result;
  } catch {
    return undefined;
  }
}
