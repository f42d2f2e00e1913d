// The APL formatter: Format Document and Format Selection, read from the syntax tree (syntaxNodes.ts).
//
// The style, one rule each:
//   - Each statement starts on its own line; `let` and `set` statements end with their `;`.
//   - A query is its source (the dataset, or a head operator such as `print` or `union`) on the
//     first line, then one stage per line, each starting `| `. A `let` whose value is a tabular
//     expression keeps its source on the `let` line and indents its stages one level.
//   - One space around binary operators (`==`, `+`, `and`, `has`, `in`, `between`, `..`) and around
//     the `=` of an assignment (`x = 1`); none in an operator's named parameter (`kind=inner`), a
//     type (`x:long`), a member (`a.b`), an index (`a[1]`), after a unary sign (`-1`), or between a
//     function and its parenthesis (`count()`). One space after each comma, none before.
//   - A stage longer than the line width (`axiom.format.lineWidth`) breaks: first at its clauses
//     (`by`, `on`, … one level deeper on their own lines), then its lists (one item per line), a
//     chain of `and`/`or` before each operator, then argument lists (one argument per line, the
//     closing parenthesis back on the level of the line that opened it). A subquery in brackets
//     stays on one line when it fits, and is otherwise one stage per line inside its brackets.
//     Function bodies (`(x:long) { … }`) follow the same rules inside their braces.
//   - Indentation is the editor's (its tab size, spaces or tabs).
//   - Comments stay where they were: one at the end of a line stays at the end of its line, one on a
//     line of its own stays on a line of its own. One blank line is kept where there were some.
//   - Literals that hold their own syntax (`datetime(…)`, `dynamic(…)`, strings written one after
//     another), field patterns (`geo.*`) and every stage or statement with a syntax problem are
//     kept exactly as written: formatting never changes what is broken, only what parses.
//
// Only whitespace between tokens changes: the tokens and comments stay as written, in order (the
// formatter checks its own output, and makes no edit when that would not hold), so the formatted
// query parses to the same tree. The edits are the changed gaps between tokens, so that a
// selection takes the edits inside it. Idempotent: formatting formatted text changes nothing.
import { lex, type Token } from './lexer';
import type {
  Binary,
  Call,
  Expression,
  FunctionDefinition,
  List,
  ParsedApl,
  Pipeline,
  Stage,
  Statement,
  SyntaxNode,
} from './syntaxNodes';
import { parseApl } from './syntaxParser';
import { childrenOf } from './syntaxWalk';

export interface FormatOptions {
  /** The line width stages are broken at (columns). */
  lineWidth?: number;
  /** One level of indentation: spaces, or a tab. */
  indent?: string;
  /** How wide a tab counts, for the line width. */
  tabSize?: number;
  /** The line break to write: the document's. */
  eol?: '\n' | '\r\n';
}

export const DEFAULT_LINE_WIDTH = 100;

/** A change of text: replace [start, end) by `newText`. */
export interface TextEdit {
  start: number;
  end: number;
  newText: string;
}

/** The formatted text (the text itself when it cannot be formatted without changing its tokens). */
export function formatApl(text: string, options: FormatOptions = {}): string {
  return joinGaps(text, formatEdits(text, options));
}

/** The edits that format the text, in order and without overlap: only whitespace between tokens
 *  changes. With `range`, only the gaps that touch it. None when the text has brackets that do not
 *  pair up (its structure is not known) or when formatting could not keep its tokens. */
export function formatEdits(
  text: string,
  options: FormatOptions = {},
  range?: { start: number; end: number },
): TextEdit[] {
  const layout = formatLayout(text, options);
  if (!layout) return [];
  const edits: TextEdit[] = [];
  for (const gap of layout) {
    if (gap.newText === text.slice(gap.start, gap.end)) continue;
    if (range && (gap.end < range.start || gap.start > range.end)) continue;
    edits.push(gap);
  }
  return edits;
}

/** Every gap between atoms (tokens, comments, and runs kept as written) with its new whitespace. */
function formatLayout(text: string, options: FormatOptions): TextEdit[] | undefined {
  const parsed = parseApl(text);
  if (parsed.problems.some((p) => p.code === 'unclosed-bracket' || p.code === 'unmatched-bracket')) return undefined;
  const all = lex(text);
  const tokens = all.filter((t) => t.kind !== 'comment');
  if (!tokens.length && !parsed.comments.length) return undefined;
  const settings: Settings = {
    width: options.lineWidth && options.lineWidth > 0 ? options.lineWidth : DEFAULT_LINE_WIDTH,
    indent: options.indent ?? '    ',
    tabSize: options.tabSize ?? 4,
    eol: options.eol ?? '\n',
  };
  const keep = new Set<number>();
  // A tight gap may join two tokens into another one (`[` `'a'` `]` is a bracketed name): each
  // such gap is kept as written, and the layout made again.
  for (let attempt = 0; attempt < 8; attempt++) {
    const doc = new Builder(parsed, tokens).build();
    const gaps = new Printer(parsed, tokens, doc, settings, keep).print();
    const out = joinGaps(text, gaps);
    const wrong = firstChangedToken(all, lex(out));
    if (wrong === undefined) return nonBlank(out) === nonBlank(text) ? gaps : undefined;
    if (wrong < 0) return undefined;
    const before = keep.size;
    for (let i = Math.max(0, wrong - 1); i <= Math.min(tokens.length - 1, wrong + 2); i++) keep.add(i);
    if (keep.size === before) return undefined;
  }
  return undefined;
}

function joinGaps(text: string, gaps: readonly TextEdit[]): string {
  let out = '';
  let at = 0;
  for (const gap of gaps) {
    out += text.slice(at, gap.start) + gap.newText;
    at = gap.end;
  }
  return out + text.slice(at);
}

const nonBlank = (text: string) => text.replace(/\s+/g, '');

/** The index (among significant tokens) of the first token the output lexes otherwise; -1 when
 *  the difference is in comments; undefined when all are the same. */
function firstChangedToken(before: readonly Token[], after: readonly Token[]): number | undefined {
  let significant = 0;
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const a = before[i];
    const b = after[i];
    if (!a || !b) return a && a.kind !== 'comment' ? significant : -1;
    if (a.kind === 'comment' || b.kind === 'comment') {
      if (a.kind !== b.kind || a.text.trimEnd() !== b.text.trimEnd()) return a.kind === 'comment' ? -1 : significant;
      continue;
    }
    if (a.kind !== b.kind || a.text !== b.text) return significant;
    significant++;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The layout: a document of pieces (one token, or a run of tokens kept as written) and line
// breaks, in groups that break together when they do not fit (Wadler's "prettier printer").

interface Piece {
  kind: 'piece';
  first: number;
  last: number;
}
interface Line {
  kind: 'line';
  /** `line` is a space when its group is flat, `soft` nothing, `hard` always a break. */
  mode: 'line' | 'soft' | 'hard';
}
interface Group {
  kind: 'group';
  items: Doc[];
  breaks: boolean;
}
interface Indent {
  kind: 'indent';
  items: Doc[];
}
type Doc = Piece | Line | Group | Indent;

const INDENTING_PIPELINE = 'pipeline-indented';

class Builder {
  private cursor = 0;
  private readonly root: Doc[] = [];
  private container: Doc[] = this.root;
  /** Token indices with no space after them / before them, whatever the default. */
  readonly tightAfter = new Set<number>();
  readonly tightBefore = new Set<number>();
  private readonly starts: number[];

  constructor(
    private readonly parsed: ParsedApl,
    private readonly tokens: readonly Token[],
  ) {
    this.starts = tokens.map((t) => t.start);
  }

  build(): BuiltDoc {
    this.statements(this.parsed.statements, this.parsed.text.length);
    this.until(Infinity);
    return { items: this.root, tightAfter: this.tightAfter, tightBefore: this.tightBefore };
  }

  // --- emitting ---------------------------------------------------------------------------------

  /** Each token not emitted yet that starts before `offset`, as a piece of its own. */
  private until(offset: number): void {
    while (this.cursor < this.tokens.length && this.tokens[this.cursor].start < offset) {
      this.container.push({ kind: 'piece', first: this.cursor, last: this.cursor });
      this.cursor++;
    }
  }

  /** The tokens of a node (and what lies between them) as one piece, as written. */
  private asWritten(node: { start: number; end: number }): void {
    this.until(node.start);
    const first = this.cursor;
    while (this.cursor < this.tokens.length && this.tokens[this.cursor].end <= node.end) this.cursor++;
    if (this.cursor > first) this.container.push({ kind: 'piece', first, last: this.cursor - 1 });
  }

  private line(mode: Line['mode']): void {
    this.container.push({ kind: 'line', mode });
  }

  private nest(kind: 'group' | 'indent', fill: () => void): void {
    const outer = this.container;
    const items: Doc[] = [];
    this.container = items;
    try {
      fill();
    } finally {
      this.container = outer;
    }
    outer.push(kind === 'group' ? { kind, items, breaks: false } : { kind, items });
  }

  private group(fill: () => void): void {
    this.nest('group', fill);
  }

  private indent(fill: () => void): void {
    this.nest('indent', fill);
  }

  /** The index of the first token at or after an offset. */
  private tokenAt(offset: number): number {
    let low = 0;
    let high = this.starts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.starts[mid] < offset) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private hasProblem(node: { start: number; end: number }): boolean {
    return this.parsed.problems.some((p) => p.start < node.end && p.end > node.start);
  }

  // --- statements -------------------------------------------------------------------------------

  /** Statements one per line, each with the `;` after it. */
  private statements(list: readonly Statement[], end: number): void {
    list.forEach((statement, i) => {
      if (i > 0) this.line('hard');
      this.statement(statement);
      this.until(list[i + 1]?.start ?? end);
    });
  }

  private statement(statement: Statement): void {
    if (this.brokenOutsideStages(statement)) return this.asWritten(statement);
    if (statement.kind === 'query') return this.pipeline(statement.body, 'statement');
    if (statement.kind === 'let' && statement.value) {
      const value = statement.value;
      this.until(value.start);
      if (value.kind === 'pipeline') return this.pipeline(value, INDENTING_PIPELINE);
      if (value.kind === 'function') return this.functionDefinition(value);
      return this.node(value);
    }
    this.generic(statement);
  }

  /** Whether a statement has a problem that no stage of its own pipeline holds (it is then kept as written). */
  private brokenOutsideStages(statement: Statement): boolean {
    const pipeline =
      statement.kind === 'query' ? statement.body : statement.value?.kind === 'pipeline' ? statement.value : undefined;
    return this.parsed.problems.some(
      (p) =>
        p.start < statement.end &&
        p.end > statement.start &&
        !pipeline?.stages.some((s) => p.start >= s.start && p.end <= s.end),
    );
  }

  // --- pipelines and stages ---------------------------------------------------------------------

  /** A statement's pipeline breaks before every stage; a subquery's stages break together, when it does not fit. */
  private pipeline(pipeline: Pipeline, level: 'statement' | typeof INDENTING_PIPELINE | 'nested'): void {
    const source = pipeline.source;
    if (source) {
      if (source.kind === 'stage') this.stage(source);
      else this.node(source);
    }
    const stages = () => {
      for (const stage of pipeline.stages) {
        this.line(level === 'nested' ? 'line' : 'hard');
        this.stage(stage);
      }
    };
    if (level === INDENTING_PIPELINE) this.indent(stages);
    else stages();
    this.until(pipeline.end);
  }

  private stage(stage: Stage): void {
    if (!stage.known || !stage.operator || this.hasProblem(stage)) return this.asWritten(stage);
    const operator = stage.operator;
    this.group(() => {
      this.until(operator.end);
      if (operator.text === 'datatable' || operator.text === 'externaldata') {
        // Their schema and rows read best as written in one run: spaced by the defaults.
        this.indent(() => this.children(stage));
        return;
      }
      this.indent(() => {
        for (const parameter of stage.parameters) {
          this.until(parameter.start);
          this.parameter(parameter);
        }
        const leading = stage.clauses.filter((c) => !c.keyword);
        const single = leading.length === 1 && leading[0].items.length === 1;
        for (const clause of stage.clauses) {
          this.until(clause.start);
          if (clause.keyword) {
            this.line('line');
            this.until(clause.keyword.end);
            if (clause.keyword.text === 'default') this.tightenEquals(clause.keyword.end);
          } else if (!single && clause.items.length) this.line('line');
          this.items(clause.items, clause.end, !clause.keyword && !single ? 'flat-indent' : 'indent');
        }
      });
      this.until(stage.end);
    });
  }

  /** A comma list: in a group of its own, one item per line when it does not fit. */
  private items(items: readonly Expression[], end: number, style: 'indent' | 'flat-indent'): void {
    if (!items.length) return this.until(end);
    const list = () =>
      items.forEach((item, i) => {
        this.until(item.start);
        if (i > 0) this.line('line');
        this.node(item);
      });
    this.group(() => (style === 'indent' && items.length > 1 ? this.indent(list) : list()));
    this.until(end);
  }

  private parameter(parameter: { name: { end: number }; end: number; value?: Expression; start: number }): void {
    this.tightenEquals(parameter.name.end);
    if (parameter.value) {
      this.until(parameter.value.start);
      this.node(parameter.value);
    }
    this.until(parameter.end);
  }

  /** `kind=inner`, `default=0`: no space around the `=` after an offset. */
  private tightenEquals(after: number): void {
    const index = this.tokenAt(after);
    const equals = this.tokens[index];
    if (equals?.kind === 'operator' && equals.text === '=') {
      this.tightBefore.add(index);
      this.tightAfter.add(index);
    }
  }

  // --- expressions ------------------------------------------------------------------------------

  private node(node: SyntaxNode): void {
    switch (node.kind) {
      case 'name':
      case 'literal':
      case 'wildcard':
        return this.asWritten(node);
      case 'sorted':
        // `nulls last` is two words the tree keeps as one name: spaced as words, not as written.
        this.node(node.expression);
        if (node.order) {
          this.until(node.order.start);
          this.asWritten(node.order);
        }
        return this.until(node.end);
      case 'call':
        return this.call(node);
      case 'list':
        return this.list(node);
      case 'paren':
        if (node.inner?.kind === 'pipeline' && node.inner.stages.length) return this.subquery(node, node.inner);
        return this.generic(node);
      case 'binary':
        if (node.operator === 'and' || node.operator === 'or') return this.chain(node);
        return this.generic(node);
      case 'unary':
        this.tightAfter.add(this.tokenAt(node.start));
        return this.generic(node);
      case 'index':
        if (node.index) {
          // a[1], and ['a']['b'] when written so (['a'] ['b'] reads the same, and stays).
          const open = this.tokenAt(node.object.end);
          const token = this.tokens[open];
          if (token?.text === '[' || (token?.kind === 'quotedName' && token.start === node.object.end))
            this.tightBefore.add(open);
        }
        return this.generic(node);
      case 'pipeline':
        if (!node.stages.length) return this.generic(node);
        return this.group(() => this.pipeline(node, 'nested'));
      case 'function':
        return this.functionDefinition(node);
      case 'stage':
        return this.stage(node);
      case 'parameter':
        return this.parameter(node);
      default:
        return this.generic(node);
    }
  }

  /** A node's children in order, with the tokens between them spaced by the defaults. */
  private generic(node: SyntaxNode): void {
    this.children(node);
    this.until(node.end);
  }

  private children(node: SyntaxNode): void {
    for (const child of childrenOf(node)) {
      this.until(child.start);
      this.node(child);
    }
  }

  private call(call: Call): void {
    this.node(call.callee);
    const open = this.tokenAt(call.callee.end);
    if (this.tokens[open]?.text === '(') this.tightBefore.add(open);
    this.bracketed(call.args, call.end);
  }

  private list(list: List): void {
    this.bracketed(list.items, list.end);
  }

  /** `(a, b, c)`: one line, or one item per line inside the brackets. */
  private bracketed(items: readonly Expression[], end: number): void {
    if (!items.length) return this.until(end);
    this.group(() => {
      this.until(items[0].start);
      this.indent(() => {
        this.line('soft');
        items.forEach((item, i) => {
          this.until(item.start);
          if (i > 0) this.line('line');
          this.node(item);
        });
      });
      this.line('soft');
      this.until(end);
    });
  }

  /** `( T | where … )`: on one line, or the subquery's stages one per line inside the brackets. */
  private subquery(paren: { start: number; end: number }, inner: Pipeline): void {
    this.group(() => {
      this.until(inner.start);
      this.indent(() => {
        this.line('soft');
        this.pipeline(inner, 'nested');
      });
      this.line('soft');
      this.until(paren.end);
    });
  }

  /** `a and b and c`: one line, or a line per operand after the first. */
  private chain(binary: Binary): void {
    const operands: Expression[] = [];
    const collect = (e: Expression | undefined) => {
      if (!e) return;
      if (e.kind === 'binary' && e.operator === binary.operator && !this.hasProblem(e)) {
        collect(e.left);
        operands.push(e);
        collect(e.right);
      } else operands.push(e);
    };
    collect(binary);
    this.group(() => {
      for (const operand of operands) {
        if (operand.kind === 'binary' && operand.operator === binary.operator) {
          // The operator itself: a line before it.
          this.until(operand.operatorSpan.start);
          this.line('line');
          this.until(operand.operatorSpan.end);
        } else {
          this.until(operand.start);
          this.node(operand);
        }
      }
    });
    this.until(binary.end);
  }

  private functionDefinition(fn: FunctionDefinition): void {
    const afterParameters = fn.parameters.at(-1)?.end ?? fn.start;
    let brace = this.tokenAt(afterParameters);
    while (brace < this.tokens.length && this.tokens[brace].text !== '{') brace++;
    const braceStart = this.tokens[brace]?.start ?? fn.end;
    for (const parameter of fn.parameters) {
      this.until(parameter.start);
      this.node(parameter);
    }
    this.until(braceStart + 1);
    const close = fn.end - 1;
    this.group(() => {
      this.indent(() => {
        this.line('line');
        this.statements(fn.body, close);
      });
      this.line('line');
      this.until(fn.end);
    });
  }
}

interface BuiltDoc {
  items: Doc[];
  tightAfter: ReadonlySet<number>;
  tightBefore: ReadonlySet<number>;
}

interface Settings {
  width: number;
  indent: string;
  tabSize: number;
  eol: string;
}

// ---------------------------------------------------------------------------------------------
// The printer: the gaps between atoms (pieces and comments) as the layout makes them.

interface Atom {
  start: number;
  end: number;
  text: string;
  piece?: Piece;
}

type Pending = { kind: 'pair' } | { kind: 'tight' } | { kind: 'space' } | { kind: 'break'; indent: number };

interface Command {
  indent: number;
  flat: boolean;
  doc: Doc;
}

class Printer {
  private readonly gaps: TextEdit[] = [];
  private column = 0;
  private pending: Pending = { kind: 'pair' };
  private previous: Atom | undefined;
  private lastToken = -1;
  private commentIndex = 0;
  private readonly comments: Atom[];

  constructor(
    private readonly parsed: ParsedApl,
    private readonly tokens: readonly Token[],
    private readonly doc: BuiltDoc,
    private readonly settings: Settings,
    private readonly keep: ReadonlySet<number>,
  ) {
    this.comments = parsed.comments.map((c) => {
      const text = c.text.trimEnd();
      return { start: c.start, end: c.start + text.length, text };
    });
  }

  print(): TextEdit[] {
    const root: Group = { kind: 'group', items: this.doc.items, breaks: true };
    this.markBreaks(root);
    const stack: Command[] = [{ indent: 0, flat: false, doc: root }];
    while (stack.length) {
      const command = stack.pop()!;
      const { doc, indent, flat } = command;
      switch (doc.kind) {
        case 'piece':
          this.piece(doc, indent);
          break;
        case 'line':
          if (doc.mode === 'hard' || !flat) this.want({ kind: 'break', indent });
          else this.want(doc.mode === 'line' ? { kind: 'space' } : { kind: 'tight' });
          break;
        case 'indent':
          for (let i = doc.items.length - 1; i >= 0; i--) stack.push({ indent: indent + 1, flat, doc: doc.items[i] });
          break;
        case 'group': {
          const fits = flat || (!doc.breaks && this.fits({ indent, flat: true, doc }, stack));
          for (let i = doc.items.length - 1; i >= 0; i--) stack.push({ indent, flat: fits, doc: doc.items[i] });
          break;
        }
      }
    }
    // Comments after the last token, and the end: one line break when the text ended with one.
    this.commentsBefore(Infinity, 0, true);
    const text = this.parsed.text;
    const tail = this.previous ? text.slice(this.previous.end) : text;
    this.gaps.push({
      start: this.previous?.end ?? 0,
      end: text.length,
      newText: this.previous && tail.includes('\n') ? this.settings.eol : '',
    });
    return this.gaps;
  }

  /** A separator: the strongest one asked for between two atoms wins. */
  private want(next: Pending): void {
    const rank = { pair: 0, tight: 1, space: 2, break: 3 } as const;
    if (rank[next.kind] >= rank[this.pending.kind]) this.pending = next;
  }

  private piece(piece: Piece, indent: number): void {
    const first = this.tokens[piece.first];
    const last = this.tokens[piece.last];
    this.commentsBefore(first.start, indent);
    const text = this.parsed.text.slice(first.start, last.end);
    this.write({ start: first.start, end: last.end, text, piece });
    this.lastToken = piece.last;
  }

  /** The comments before an offset: one that followed code on its line stays there; one on its own line stays so. */
  private commentsBefore(offset: number, indent: number, atEnd = false): void {
    while (this.commentIndex < this.comments.length && this.comments[this.commentIndex].start < offset) {
      const comment = this.comments[this.commentIndex++];
      if (this.previous && comment.start < this.previous.end) continue; // inside a run kept as written
      // On a line of its own: where the next line starts, or one level deeper inside a line of code.
      const breakIndent =
        this.pending.kind === 'break' ? this.pending.indent : this.previous && !atEnd ? indent + 1 : indent;
      const trailing = this.previous !== undefined && !this.between(comment).includes('\n');
      const after: Pending = this.pending.kind === 'break' ? this.pending : { kind: 'break', indent: breakIndent };
      this.pending = trailing ? { kind: 'space' } : { kind: 'break', indent: breakIndent };
      this.write(comment);
      this.pending = after;
    }
  }

  private between(atom: Atom): string {
    return this.parsed.text.slice(this.previous?.end ?? 0, atom.start);
  }

  private write(atom: Atom): void {
    const original = this.between(atom);
    let gap: string;
    if (!this.previous) gap = '';
    else if (atom.piece && this.keep.has(atom.piece.first)) gap = original;
    else if (this.pending.kind === 'break') {
      const blank = (original.match(/\n/g)?.length ?? 0) >= 2;
      gap = (blank ? this.settings.eol : '') + this.settings.eol + this.settings.indent.repeat(this.pending.indent);
    } else if (this.pending.kind === 'space') gap = ' ';
    else if (this.pending.kind === 'tight') gap = this.fuses(atom) ? ' ' : '';
    else gap = this.pairSpace(atom);
    this.gaps.push({ start: this.previous?.end ?? 0, end: atom.start, newText: gap });
    this.advance(gap);
    this.advance(atom.text);
    this.previous = atom;
    this.pending = { kind: 'pair' };
  }

  private advance(text: string): void {
    const newline = text.lastIndexOf('\n');
    const tail = newline >= 0 ? text.slice(newline + 1) : text;
    const width = tail.length + (this.settings.tabSize - 1) * (tail.match(/\t/g)?.length ?? 0);
    this.column = newline >= 0 ? width : this.column + width;
  }

  /** The default space between the previous token and the next atom. */
  private pairSpace(atom: Atom): string {
    if (!atom.piece || this.lastToken < 0 || !this.previous?.piece) return ' ';
    return this.spaceBetween(this.lastToken, atom.piece.first) === '' && !this.fuses(atom) ? '' : ' ';
  }

  private spaceBetween(left: number, right: number): '' | ' ' {
    const a = this.tokens[left];
    const b = this.tokens[right];
    if (this.doc.tightAfter.has(left) || this.doc.tightBefore.has(right)) return '';
    if (b.kind === 'punctuation' && (b.text === ',' || b.text === ';' || b.text === ')' || b.text === ']')) return '';
    if (a.kind === 'punctuation' && (a.text === '(' || a.text === '[')) return '';
    if (
      (a.kind === 'punctuation' && (a.text === '.' || a.text === ':')) ||
      (b.kind === 'punctuation' && (b.text === '.' || b.text === ':'))
    )
      return '';
    return ' ';
  }

  /** Whether the previous token and the next atom, written together, would lex as other tokens. */
  private fuses(atom: Atom): boolean {
    if (!atom.piece || this.lastToken < 0) return false;
    const a = this.tokens[this.lastToken];
    const b = this.tokens[atom.piece.first];
    // A bracket, a comma or a semicolon is a token of its own whatever touches it.
    if ((a.kind === 'punctuation' && !'.:'.includes(a.text)) || (b.kind === 'punctuation' && !'.:(['.includes(b.text)))
      return false;
    const joined = lex(a.text + b.text);
    return joined.length !== 2 || joined[0].text !== a.text || joined[1].text !== b.text;
  }

  /** Whether a group fits flat on the rest of the line, with what follows it up to the next line break. */
  private fits(next: Command, rest: readonly Command[]): boolean {
    // A line break asked for and not written yet: the group starts on the next line.
    const column = this.pending.kind === 'break' ? this.pending.indent * this.indentWidth() : this.column;
    let width = this.settings.width - column;
    let lastToken = this.lastToken;
    let pending: '' | ' ' | 'pair' = this.pending.kind === 'space' ? ' ' : this.pending.kind === 'pair' ? 'pair' : '';
    const stack: Command[] = [next];
    let restIndex = rest.length - 1;
    while (width >= 0) {
      let command = stack.pop();
      if (!command) {
        if (restIndex < 0) return true;
        command = rest[restIndex--];
      }
      const { doc, flat } = command;
      switch (doc.kind) {
        case 'piece': {
          const first = this.tokens[doc.first];
          const text = this.parsed.text.slice(first.start, this.tokens[doc.last].end);
          if (lastToken >= 0)
            width -= pending === 'pair' ? this.spaceBetween(lastToken, doc.first).length : pending.length;
          const newline = text.indexOf('\n');
          if (newline >= 0) return width - newline >= 0;
          width -= text.length;
          lastToken = doc.last;
          pending = 'pair';
          break;
        }
        case 'line':
          if (doc.mode === 'hard' || !flat) return true;
          if (doc.mode === 'line') pending = ' ';
          else if (pending === 'pair') pending = '';
          break;
        case 'indent':
          for (let i = doc.items.length - 1; i >= 0; i--)
            stack.push({ indent: command.indent + 1, flat, doc: doc.items[i] });
          break;
        case 'group':
          if (doc.breaks && !flat) return true;
          for (let i = doc.items.length - 1; i >= 0; i--)
            stack.push({ indent: command.indent, flat: doc.breaks ? false : flat, doc: doc.items[i] });
          break;
      }
    }
    return false;
  }

  private indentWidth(): number {
    return this.settings.indent === '\t' ? this.settings.tabSize : this.settings.indent.length;
  }

  /** A group breaks when it holds a hard line, a piece written over several lines, or a comment. */
  private markBreaks(doc: Doc): { breaks: boolean; start: number; end: number } {
    if (doc.kind === 'piece') {
      const start = this.tokens[doc.first].start;
      const end = this.tokens[doc.last].end;
      return { breaks: this.parsed.text.slice(start, end).includes('\n'), start, end };
    }
    if (doc.kind === 'line') return { breaks: doc.mode === 'hard', start: Infinity, end: -Infinity };
    let breaks = false;
    let start = Infinity;
    let end = -Infinity;
    for (const item of doc.items) {
      const inner = this.markBreaks(item);
      breaks ||= inner.breaks;
      start = Math.min(start, inner.start);
      end = Math.max(end, inner.end);
    }
    if (!breaks && start < end) breaks = this.parsed.comments.some((c) => c.start > start && c.start < end);
    if (doc.kind === 'group') doc.breaks ||= breaks;
    return { breaks, start, end };
  }
}
