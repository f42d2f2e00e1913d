// The outline of APL text, read from its syntax tree (syntaxNodes.ts): its statements and stages as
// symbols (a `let` by its name, a query by its source, each stage by its operator, a subquery's
// stages under the stage that holds it), and the spans an editor folds (a statement or a stage
// over several lines, a run of comment lines). Offsets, for the editor to turn into positions.
import type { ParsedApl, Pipeline, Span, Stage, Statement } from './syntaxNodes';
import { walk } from './syntaxWalk';

export type SymbolKind = 'let' | 'function' | 'set' | 'query' | 'stage';

export interface AplSymbol extends Span {
  kind: SymbolKind;
  name: string;
  /** A short reading of the rest: a stage's arguments, a let's value. */
  detail: string;
  /** What to select when the symbol is picked: its name. */
  selection: Span;
  children: AplSymbol[];
}

/** How much of a stage's or a value's text a symbol's detail shows. */
const DETAIL_LENGTH = 60;

export function outlineSymbols(parsed: ParsedApl): AplSymbol[] {
  const symbols: AplSymbol[] = [];
  for (const statement of parsed.statements) {
    const symbol = statementSymbol(parsed, statement);
    if (symbol) symbols.push(symbol);
  }
  return symbols;
}

function statementSymbol(parsed: ParsedApl, statement: Statement): AplSymbol | undefined {
  const span = { start: statement.start, end: statement.end };
  if (statement.kind === 'let' || statement.kind === 'set') {
    if (!statement.name) return undefined;
    const value = statement.value;
    const kind: SymbolKind = statement.kind === 'set' ? 'set' : value?.kind === 'function' ? 'function' : 'let';
    const children: AplSymbol[] = [];
    if (value?.kind === 'pipeline') children.push(...pipelineSymbols(parsed, value));
    if (value?.kind === 'function')
      for (const inner of value.body) {
        // A body's scalar value (`x * 2`) is no symbol; its lets and its queries are.
        if (inner.kind === 'query' && !inner.body.stages.length && inner.body.source?.kind !== 'stage') continue;
        const symbol = statementSymbol(parsed, inner);
        if (symbol) children.push(symbol);
      }
    return {
      kind,
      name: statement.name.text,
      detail: value ? shortened(parsed.text.slice(value.start, value.end)) : '',
      ...span,
      selection: { start: statement.name.start, end: statement.name.end },
      children,
    };
  }
  const pipeline = statement.body;
  const source = pipeline.source;
  const head = source?.kind === 'stage' ? source.operator : source;
  if (!head && !pipeline.stages.length) return undefined;
  const selection = head ? { start: head.start, end: head.end } : { start: pipeline.start, end: pipeline.start };
  return {
    kind: 'query',
    name: head ? shortened(parsed.text.slice(head.start, head.end)) : '|',
    detail: '',
    ...span,
    selection,
    children: pipelineSymbols(parsed, pipeline),
  };
}

/** A pipeline's stages (a head operator such as `print` among them), each with its subqueries' stages under it. */
function pipelineSymbols(parsed: ParsedApl, pipeline: Pipeline): AplSymbol[] {
  const stages = pipeline.source?.kind === 'stage' ? [pipeline.source, ...pipeline.stages] : pipeline.stages;
  return stages.map((stage) => stageSymbol(parsed, stage));
}

function stageSymbol(parsed: ParsedApl, stage: Stage): AplSymbol {
  const operator = stage.operator;
  const afterName = operator?.end ?? stage.pipe?.end ?? stage.start;
  const children: AplSymbol[] = [];
  // The subqueries right inside the stage (join's, union's): their stages under this one.
  walk(stage, (node) => {
    if (node === stage) return true;
    if (node.kind !== 'pipeline') return true;
    if (!node.stages.length) return true;
    const source = node.source;
    children.push({
      kind: 'query',
      name: source ? shortened(parsed.text.slice(source.start, source.end)) : '|',
      detail: '',
      start: node.start,
      end: node.end,
      selection: source ? { start: source.start, end: source.end } : { start: node.start, end: node.start },
      children: pipelineSymbols(parsed, node),
    });
    return false;
  });
  return {
    kind: 'stage',
    name: operator?.text ?? '|',
    detail: shortened(parsed.text.slice(afterName, stage.end)),
    start: stage.start,
    end: stage.end,
    selection: operator ? { start: operator.start, end: operator.end } : { start: stage.start, end: afterName },
    children,
  };
}

/** Text on one line, cut to a length. */
function shortened(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > DETAIL_LENGTH ? `${line.slice(0, DETAIL_LENGTH - 1)}…` : line;
}

export interface FoldingSpan extends Span {
  kind: 'code' | 'comment';
}

/** What folds: each statement and each stage over several lines (a subquery's stages too), and
 *  each run of two or more lines holding only a comment. Offsets of the first and last character. */
export function foldingSpans(parsed: ParsedApl): FoldingSpan[] {
  const text = parsed.text;
  const spans: FoldingSpan[] = [];
  const multiLine = (span: Span) => text.slice(span.start, span.end).includes('\n');
  walk(parsed, (node) => {
    if (
      (node.kind === 'let' || node.kind === 'query' || node.kind === 'set' || node.kind === 'stage') &&
      multiLine(node)
    )
      spans.push({ kind: 'code', start: node.start, end: node.end });
    return true;
  });
  // Comment lines one after another: a comment alone on its line, its line next to the last one's.
  let run: Span | undefined;
  let runLines = 0;
  let lastLineEnd = -1;
  for (const comment of parsed.comments) {
    const lineStart = text.lastIndexOf('\n', comment.start - 1) + 1;
    const alone = text.slice(lineStart, comment.start).trim() === '';
    const next = alone && run !== undefined && lineStart === lastLineEnd + 1;
    if (next && run) {
      run.end = comment.end;
      runLines++;
    } else {
      if (run && runLines > 1) spans.push({ kind: 'comment', ...run });
      run = alone ? { start: comment.start, end: comment.end } : undefined;
      runLines = alone ? 1 : 0;
    }
    const newline = text.indexOf('\n', comment.end);
    lastLineEnd = newline < 0 ? text.length : newline;
  }
  if (run && runLines > 1) spans.push({ kind: 'comment', ...run });
  return spans.sort((a, b) => a.start - b.start);
}
