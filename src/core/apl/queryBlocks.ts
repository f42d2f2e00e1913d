// The queries of an APL file, as blocks of its text: blank lines (outside strings and closed
// brackets, not before a `|`) separate them, as the parser's query breaks say. A run sends the block
// at the cursor (run/queryText.ts); completion and the field checks read one block at a time.
import { parseApl } from './syntaxParser';

/** A query block: from the start of its first line to the end of its last (no line break). */
export interface QueryBlock {
  start: number;
  end: number;
}

/**
 * Every query of the text, as the tree reads them: the parser's query breaks (blank lines outside
 * strings and closed brackets, not before a `|`) cut the text into pieces; a piece runs from the
 * start of its first line that is not blank to the end of its last. A piece that only names
 * things (`let …;`, `set …;`) belongs to the query after it; a piece with no statement (only
 * comments) is none.
 */
export function queryBlocks(text: string): QueryBlock[] {
  const parsed = parseApl(text);
  const blocks: QueryBlock[] = [];
  let pending: QueryBlock | undefined;
  let statement = 0;
  let from = 0;
  for (const cut of [...parsed.queryBreaks, { start: text.length, end: text.length }]) {
    const piece = { start: from, end: cut.start };
    from = cut.end;
    let code = false;
    let namesOnly = true;
    const statements = parsed.statements;
    while (statement < statements.length && statements[statement].start < piece.end) {
      code = true;
      namesOnly &&= statements[statement].kind !== 'query';
      statement++;
    }
    if (!code) continue;
    const block = { start: pending?.start ?? lineStart(text, piece.start), end: lineEnd(text, piece.end) };
    if (namesOnly) pending = block;
    else {
      blocks.push(block);
      pending = undefined;
    }
  }
  if (pending) blocks.push(pending);
  return blocks;
}

/** The start of the first line at or after `offset` that is not blank. */
function lineStart(text: string, offset: number): number {
  let at = offset;
  while (at < text.length && /\s/.test(text[at])) at++;
  return text.lastIndexOf('\n', at - 1) + 1;
}

/** The end (before its line break) of the last line before `offset` that is not blank. */
function lineEnd(text: string, offset: number): number {
  let at = offset;
  while (at > 0 && /\s/.test(text[at - 1])) at--;
  const newline = text.indexOf('\n', at);
  const end = newline < 0 ? text.length : newline;
  return end > 0 && text[end - 1] === '\r' ? end - 1 : end;
}

/** The query block the offset is in (its end counts), if any. */
export function blockAt(documentText: string, offset: number): QueryBlock | undefined {
  return queryBlocks(documentText).find((b) => offset >= b.start && offset <= b.end);
}
