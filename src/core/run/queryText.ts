// Which text of a document a run sends, and where in the document a compile error of it lies.
// Offsets are string indexes (UTF-16 code units), as VS Code's document offsets are. Lines end in
// \n or \r\n; a line of only whitespace is blank.
import { blockAt } from '../apl/queryBlocks';

/** What a run sends, and where it starts in the document (to place errors). */
export interface RunText {
  text: string;
  startOffset: number;
}

/** The text to run and what it was taken from: the selection, the block at the cursor, or (neither) the whole document. */
export interface ChosenText extends RunText {
  source: 'selection' | 'block' | 'document';
}

interface Line {
  start: number;
  /** Before the line break. */
  end: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (;;) {
    const newline = text.indexOf('\n', start);
    if (newline < 0) {
      lines.push({ start, end: text.length });
      return lines;
    }
    lines.push({ start, end: newline > start && text[newline - 1] === '\r' ? newline - 1 : newline });
    start = newline + 1;
  }
}

/**
 * The text to run: the selection when it holds more than whitespace; else the query block the
 * cursor is in (at its end counts); else the whole document.
 */
export function queryToRun(
  documentText: string,
  selection: { start: number; end: number },
  cursor: number,
): ChosenText {
  const start = Math.min(selection.start, selection.end);
  const end = Math.max(selection.start, selection.end);
  const selected = documentText.slice(start, end);
  if (selected.trim()) return { text: selected, startOffset: start, source: 'selection' };
  const block = blockAt(documentText, cursor);
  if (block) return { text: documentText.slice(block.start, block.end), startOffset: block.start, source: 'block' };
  return { text: documentText, startOffset: 0, source: 'document' };
}

/** Where the service starts counting lines and columns. */
export interface PositionBase {
  line: 0 | 1;
  column: 0 | 1;
}

/**
 * Lines and columns of a compile error, counted from 1 unless said otherwise. The service's
 * documentation does not say: its API description calls them "the line/column associated with
 * this compile type error", and no example with numbers was found in its docs, its OpenAPI files,
 * or the official Go, JS and MCP clients. Counting from 1 is what a person reads and what the
 * usual Go parsers report; a 0 seen in either number can only mean that one counts from 0.
 */
export const DEFAULT_POSITION_BASE: PositionBase = { line: 1, column: 1 };

const WORD = /[\p{L}\p{N}_$]/u;

/**
 * The document range of a compile error: the token at the service's line and column of the run
 * text (a word whole, else one character), at least one character long and inside the run text
 * (a place past a line's end falls back to the line's last character). Columns count UTF-16 code
 * units from the line's start, or from the run's start on its first line (a selection may begin
 * mid-line).
 */
export function compileErrorRange(
  detail: { line: number; column: number },
  run: RunText,
  documentText: string,
  base: PositionBase = DEFAULT_POSITION_BASE,
): { start: number; end: number } {
  const runEnd = Math.min(run.startOffset + run.text.length, documentText.length);
  const runStart = Math.min(run.startOffset, runEnd);
  const text = documentText.slice(runStart, runEnd);
  const lineBase = detail.line === 0 ? 0 : base.line;
  const columnBase = detail.column === 0 ? 0 : base.column;
  const lines = linesOf(text);
  const line = lines[clamp(detail.line - lineBase, 0, lines.length - 1)];
  let at = line.start + clamp(detail.column - columnBase, 0, line.end - line.start);
  // Past the line's end, or on space: the nearest character of the line that is not space.
  while (at < line.end && /\s/.test(text[at])) at++;
  if (at >= line.end) {
    at = line.end - 1;
    while (at > line.start && /\s/.test(text[at])) at--;
  }
  if (at < line.start) {
    // An empty line: its line break (or the text's last character) is the one character.
    at = Math.min(line.start, Math.max(text.length - 1, 0));
  }
  let start = at;
  let end = Math.min(at + 1, text.length);
  if (WORD.test(text[at] ?? '')) {
    while (start > line.start && WORD.test(text[start - 1])) start--;
    while (end < line.end && WORD.test(text[end])) end++;
  }
  return { start: runStart + start, end: runStart + end };
}

function clamp(n: number, low: number, high: number): number {
  return Math.max(low, Math.min(high, n));
}
