// A notebook as Markdown, for a wiki page or an incident report: Markdown cells as written, queries
// as ```axiom-apl fences, results as Markdown tables cut to a number of rows (and each value to a
// length). Values are data: every character Markdown or HTML could read as syntax is escaped, `|`
// included, and line breaks inside a value become <br> so that the row stays one line.
import { escapeMarkdown, fencedCode } from '../markdown';
import { phrase, render, type Phrase } from '../phrase';
import type { ResultTable } from '../api/tabular';
import type { NotebookDoc, NotebookOutput } from './notebookFile';

export interface MarkdownOptions {
  /** Rows of each table written (default 20). */
  maxRows?: number;
  /** Characters of each value written (default 120). */
  maxValueChars?: number;
  /** Puts a phrase into words (translated on the VS Code side; English by default). */
  say?: (text: Phrase) => string;
  /** Counts as the person reads them (default en-US). */
  locale?: string;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value) ?? '';
  return String(value); // eslint-disable-line @typescript-eslint/no-base-to-string -- a number, text or true/false: objects are JSON above
}

/** One value as a table cell: cut, escaped, its line breaks as <br>. */
export function tableCell(value: unknown, maxChars = 120): string {
  let text = valueText(value);
  if (text.length > maxChars) text = `${text.slice(0, maxChars)}…`;
  return text
    .split(/\r\n?|\n/)
    .map((line) => escapeMarkdown(line))
    .join('<br>');
}

function markdownTable(
  table: ResultTable,
  total: number | null | undefined,
  options: Required<MarkdownOptions>,
): string {
  if (!table.fields.length) return '';
  const shown = Math.min(table.rowCount, options.maxRows);
  const all = Math.max(table.rowCount, total ?? 0);
  const lines = [
    `| ${table.fields.map((f) => tableCell(f.name, options.maxValueChars)).join(' | ')} |`,
    `|${table.fields.map(() => ' --- |').join('')}`,
  ];
  for (let r = 0; r < shown; r++)
    lines.push(`| ${table.columns.map((c) => tableCell(c[r], options.maxValueChars)).join(' | ')} |`);
  const count = (n: number) => n.toLocaleString(options.locale);
  if (shown < all) lines.push('', `_${options.say(phrase('The first {0} of {1} rows.', count(shown), count(all)))}_`);
  else if (all === 0) lines.push('', `_${options.say(phrase('No rows.'))}_`);
  return lines.join('\n');
}

function outputMarkdown(output: NotebookOutput, options: Required<MarkdownOptions>): string {
  switch (output.kind) {
    case 'result': {
      const r = output.result;
      const tables = r.tables.map((t, i) => {
        const heading =
          r.tables.length > 1
            ? `**${escapeMarkdown(/^\d+$/.test(t.name) ? options.say(phrase('Table {0}', Number(t.name) + 1)) : t.name)}**\n\n`
            : '';
        return heading + markdownTable(t, r.totalRows?.[i], options);
      });
      const facts = [
        r.rangeLabel && options.say(phrase('Time range: {0}', r.rangeLabel)),
        r.ranAt && options.say(phrase('ran at {0}', r.ranAt)),
      ].filter(Boolean) as string[];
      return [...tables, ...(facts.length ? [`_${escapeMarkdown(facts.join(', '))}_`] : [])].join('\n\n');
    }
    case 'problem':
      return `> ${escapeMarkdown(output.problem.message)}`;
    case 'error':
      return `> **${escapeMarkdown(output.name)}**: ${escapeMarkdown(output.message)}`;
  }
}

/** The notebook as one Markdown document. */
export function notebookMarkdown(doc: NotebookDoc, options: MarkdownOptions = {}): string {
  const o: Required<MarkdownOptions> = {
    maxRows: 20,
    maxValueChars: 120,
    say: (p) => render(p),
    locale: 'en-US',
    ...options,
  };
  const parts: string[] = [];
  for (const cell of doc.cells) {
    if (cell.kind === 'markdown') {
      if (cell.source.trim()) parts.push(cell.source.trim());
      continue;
    }
    parts.push(fencedCode(cell.source.replace(/\s+$/, ''), 'axiom-apl'));
    for (const output of cell.outputs) parts.push(outputMarkdown(output, o));
  }
  return `${parts.filter((p) => p).join('\n\n')}\n`;
}
