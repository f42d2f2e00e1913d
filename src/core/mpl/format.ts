// Format Document for MPL: only the whitespace between tokens changes, so the tokens (and the
// comments) stay as written and in order. Each query and each stage starts a line (`| where …`), a
// `set` directive has a line of its own, the queries a `compute` joins are indented inside their
// parentheses one per line, and one space separates the words of a stage (none around `:`, `::`,
// `..` and inside brackets). A blank line that separated two lines is kept (one); a comment stays
// where it was, at the end of its line or on its own. Text with an unclosed string is left as it
// is. Formatting twice gives what formatting once gave (a property test says so).
import { lexMpl, type MplToken } from './lexer';
import { KEYWORDS } from './reference';
import { parseMpl } from './syntaxParser';
import type { MplGroup, MplNode } from './syntaxNodes';
import { walkMpl } from './syntaxWalk';

export interface MplFormatOptions {
  /** One level of indentation: two spaces unless told. */
  indent: string;
  /** The line break: '\n' unless told. */
  eol: string;
}

/** A change of the text: what lies in [start, end) becomes `newText`. */
export interface MplEdit {
  start: number;
  end: number;
  newText: string;
}

const DEFAULTS: MplFormatOptions = { indent: '  ', eol: '\n' };
const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=', '=', '=~']);

/** The edits that format the text: one per gap between tokens that changes; none when the text
 *  has an unclosed string, quoted name or regex (its end is not known). */
export function formatMplEdits(text: string, options: Partial<MplFormatOptions> = {}): MplEdit[] {
  const { indent, eol } = { ...DEFAULTS, ...options };
  const parsed = parseMpl(text);
  const tokens = parsed.tokens;
  if (!tokens.length || tokens.some((t) => t.unterminated)) return [];
  const layout = layoutOf(parsed.queries);
  const signs = signsOf(tokens);
  const edits: MplEdit[] = [];
  const gap = (start: number, end: number, newText: string) => {
    if (text.slice(start, end) !== newText) edits.push({ start, end, newText });
  };
  gap(0, tokens[0].start, '');
  let depth = 0;
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k];
    if (layout.opens.has(token.start)) depth++;
    if (layout.closes.has(token.start)) depth = Math.max(0, depth - 1);
    const next = tokens[k + 1];
    if (!next) break;
    const between = text.slice(token.end, next.start);
    const lineBreak = breaksBefore(token, next, between, layout);
    const nextDepth = layout.closes.has(next.start) ? Math.max(0, depth - 1) : depth;
    let separator: string;
    if (lineBreak) {
      const blank = (between.match(/\n/g)?.length ?? 0) >= 2 && !layout.opens.has(token.start);
      separator = (blank ? eol : '') + eol + indent.repeat(nextDepth);
    } else separator = spaced(token, next, between, signs) ? ' ' : '';
    // A separator that would join two tokens into another one is a space.
    if (separator === '' && !staysApart(token, next)) separator = ' ';
    gap(token.end, next.start, separator);
  }
  const last = tokens[tokens.length - 1];
  gap(last.end, text.length, /\n\s*$/.test(text.slice(last.end)) ? eol : '');
  return edits;
}

/** The text formatted. */
export function formatMpl(text: string, options: Partial<MplFormatOptions> = {}): string {
  let out = text;
  for (const edit of formatMplEdits(text, options).reverse())
    out = out.slice(0, edit.start) + edit.newText + out.slice(edit.end);
  return out;
}

interface Layout {
  /** Where each query and each query of a group starts. */
  queryStarts: Set<number>;
  /** A group's opening parenthesis, its commas, its closing parenthesis. */
  opens: Set<number>;
  commas: Set<number>;
  closes: Set<number>;
  /** The pipes of the stages and the semicolons of the directives. */
  pipes: Set<number>;
  directiveEnds: Set<number>;
}

function layoutOf(queries: readonly MplNode[]): Layout {
  const layout: Layout = {
    queryStarts: new Set(),
    opens: new Set(),
    commas: new Set(),
    closes: new Set(),
    pipes: new Set(),
    directiveEnds: new Set(),
  };
  walkMpl({ queries } as Parameters<typeof walkMpl>[0], (node) => {
    if (node.kind === 'query') layout.queryStarts.add(node.start);
    else if (node.kind === 'group') addGroup(layout, node);
    else if (node.kind === 'stage') layout.pipes.add(node.pipe.start);
    else if (node.kind === 'directive') layout.directiveEnds.add(node.end - 1);
  });
  return layout;
}

function addGroup(layout: Layout, group: MplGroup): void {
  layout.opens.add(group.start);
  for (const comma of group.commas) layout.commas.add(comma);
  if (group.close !== undefined) layout.closes.add(group.close);
  for (const query of group.queries) layout.queryStarts.add(query.start);
}

/** Whether a line break separates two tokens. */
function breaksBefore(token: MplToken, next: MplToken, between: string, layout: Layout): boolean {
  if (next.kind === 'comment') return between.includes('\n');
  if (token.kind === 'comment') return true;
  if (layout.opens.has(token.start) || layout.commas.has(token.start)) return true;
  if (token.kind === 'punctuation' && token.text === ';' && layout.directiveEnds.has(token.start)) return true;
  return layout.pipes.has(next.start) || layout.queryStarts.has(next.start) || layout.closes.has(next.start);
}

/** Whether one space (else none) separates two tokens on a line. */
function spaced(token: MplToken, next: MplToken, between: string, signs: ReadonlySet<number>): boolean {
  const a = token.text;
  const b = next.text;
  if (next.kind === 'comment') return true;
  // A name written with . or - (which the checks report) keeps its pieces as they were.
  if (a === '.' || b === '.' || (token.kind === 'operator' && a === '-' && between === '')) return between !== '';
  if (next.kind === 'operator' && b === '-' && between === '' && isNamePiece(token)) return false;
  if (next.kind === 'punctuation' && [',', ';', ')', ']', ':', '::', '..', '['].includes(b)) return false;
  if (token.kind === 'punctuation' && ['(', '[', ':', '::', '..'].includes(a)) return false;
  if (b === '(' && token.kind === 'identifier' && !KEYWORDS.has(a)) return false;
  // A sign: after a comparison, an opening bracket, a comma, `..` or `=`.
  return !(signs.has(token.start) && isSignedValue(next));
}

function isNamePiece(token: MplToken): boolean {
  return token.kind === 'identifier' || token.kind === 'number' || token.kind === 'duration';
}

function isSignedValue(token: MplToken): boolean {
  return token.kind === 'number' || token.kind === 'duration';
}

/** Whether two tokens written with nothing between them are read again as the same two. */
function staysApart(token: MplToken, next: MplToken): boolean {
  const again = lexMpl(token.text + next.text);
  return (
    again.length === 2 &&
    again[0].text === token.text &&
    again[1].text === next.text &&
    again[0].kind === token.kind &&
    again[1].kind === next.kind
  );
}

/** Where the signs are: a - or + right after a comparison, `(`, `[`, `,` or `..` (comments aside). */
function signsOf(tokens: readonly MplToken[]): Set<number> {
  const signs = new Set<number>();
  let before: MplToken | undefined;
  for (const t of tokens) {
    if (t.kind === 'comment') continue;
    if (
      t.kind === 'operator' &&
      (t.text === '-' || t.text === '+') &&
      before &&
      ((before.kind === 'operator' && COMPARISONS.has(before.text)) ||
        (before.kind === 'punctuation' && ['(', '[', ',', '..'].includes(before.text)))
    )
      signs.add(t.start);
    before = t;
  }
  return signs;
}
