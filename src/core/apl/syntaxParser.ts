// APL's parser: text to a syntax tree (syntaxNodes.ts), the one reading of a query that checks,
// completion, formatting, the outline and every rewrite build on. Hand-written recursive descent
// over the lexer's tokens: no dependency, linear in the text, and full control of recovery (a
// broken stage is reported and skipped to the next `|`, `;` or closing bracket, so the stages
// after it are still read).
//
//   parseApl(text) → { text, statements, problems, comments, queryBreaks }
//
// `problems` are the syntax's; checks.ts adds the calls' (unknown functions, argument counts):
// `checkParsed(parsed)` for a tree in hand, so that text is parsed once.
import { phrase } from '../phrase';
import {
  IDENTIFIER,
  NUMBER,
  OPERATOR,
  PIPE,
  PUNCTUATION,
  QUOTED_NAME,
  STRING,
  TIMESPAN,
  scan,
  tableRoom,
  tokenValue,
  type TableRoom,
  type TokenTable,
} from './lexer';
import { aplWork } from './aplWork';
import type { Problem } from './problem';
import { findOperator, OPERATOR_NAMES } from './reference';
import { suggest } from './suggest';
import { lineLocator } from './lineColumn';
import type {
  Call,
  LetStatement,
  Span,
  Comment,
  Name,
  Literal,
  List,
  Star,
  Wildcard,
  Typed,
  FunctionDefinition,
  Pipeline,
  Expression,
  Stage,
  Statement,
  ParsedApl,
  NodeReader,
} from './syntaxNodes';
import { quickQueries, releaseQuickQueries, type QuickQueries } from './quickQuery';
import { textOf } from './syntaxWalk';
import {
  HEAD_OPERATORS,
  LITERAL_CALLS,
  MAX_DEPTH,
  NO_GRAMMAR,
  OPERATOR_GRAMMAR,
  SORT_ORDERS,
  SYMBOL_OPERATORS,
  WORD_OPERATORS,
  type ItemStyle,
  type OperatorGrammar,
} from './aplGrammar';

const OPENERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };
const CLOSERS: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };

const quoted = (text: string) => `'${text}'`;

/** Reads APL text into statements, collecting problems; never throws, whatever the text. */
export function parseApl(text: string): ParsedApl {
  const statements: Statement[] = [];
  const { problems, comments, queryBreaks } = readApl(text, (statement) => statements.push(statement));
  return { text, statements, problems, comments, queryBreaks };
}

/** What reading a text gives besides its statements. */
type ReadApl = Omit<ParsedApl, 'statements'>;

/** Reads APL text, handing each statement of the top level to `onStatement` as it is read (nothing
 *  keeps them here: a reader that needs only what a statement holds lets each go after it), and
 *  each call and `let` to `onNode`. */
export function readApl(text: string, onStatement: (statement: Statement) => void, onNode?: NodeReader): ReadApl {
  const comments: Comment[] = [];
  const tokens = scan(text, (start, end) =>
    comments.push({ kind: 'comment', text: text.slice(start, end), start, end }),
  );
  const parser = new Parser(text, tokens, comments, onNode, false);
  parser.statements(onStatement);
  return { text, problems: parser.finish(), comments, queryBreaks: parser.queryBreaks };
}

/** The syntax problems of a text, each call and `let` told to `onNode`, with no tree: what the checks
 *  of a file need (checkApl). When the text's brackets all pair in order and no string is left open,
 *  each query of a common shape is read over the token table with no node made (quickQuery.ts) and
 *  the others by the parser; the problems and the calls and lets told are parseApl's. */
export function readProblems(text: string, onNode: NodeReader): Problem[] {
  // The table and the brackets' partners in arrays kept from text to text: nothing of them outlives this call.
  const tokens = scan(text, ignoreComment, problemsRoom);
  if (problemsRoom.partner.length < tokens.count) problemsRoom.partner = new Int32Array(problemsRoom.kinds.length);
  else problemsRoom.partner.fill(0, 0, tokens.count);
  const parser = new Parser(text, tokens, [], onNode, true, problemsRoom.partner);
  const { quick } = parser;
  if (!quick) parser.statements(ignoreStatement);
  else
    try {
      parser.readQueries(quick);
    } finally {
      releaseQuickQueries(quick);
    }
  return parser.finish();
}

/** readProblems' arrays: the token table's and the brackets' partners. */
const problemsRoom: TableRoom & { partner: Int32Array } = { ...tableRoom(), partner: new Int32Array(0) };

const ignoreComment = (): void => undefined;
const ignoreStatement = (): void => undefined;

class Parser {
  private pos = 0;
  /** For each bracket token, the index of the one it pairs with, or -1. */
  private readonly partner: Int32Array;
  /** The blank lines that separate the queries of the text. */
  readonly queryBreaks: Span[] = [];
  /** The tokens that start a query after a break, in order: reading stops before each. */
  private readonly queryStarts: number[] = [];
  private nextQuery = 0;
  /** The token the query being read ends before (a query start, or the end of the tokens). */
  private stop: number;
  private readonly lexical: Problem[] = [];
  private readonly grammar: Problem[] = [];
  private readonly end: number;
  /** The keywords of the stage being read, which end an item list. */
  private keywords: readonly string[] = [];
  private nextComment = 0;
  /** How deep the expression being read is nested. */
  private depth = 0;
  /** In search, `field:value` is a comparison. */
  private colonIsOperator = false;
  /** The tokens, by index: kind, start and end (the table's arrays). */
  private readonly kinds: Uint8Array;
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  private readonly count: number;
  /** The text of the token last asked for by `word` (a word is asked for several times in a row). */
  private wordIndex = -1;
  private wordText = '';
  /** The reader of common queries, when the parser hands them over (`readProblems`). */
  readonly quick: QuickQueries | undefined;
  /** Whether the top level is read one query at a time (`readQueries`). */
  private oneQuery = false;

  constructor(
    private readonly text: string,
    private readonly tokens: TokenTable,
    private readonly comments: Comment[],
    private readonly onNode: NodeReader | undefined,
    quick: boolean,
    /** Room for the partners of the tokens (zero up to their count), else it is made. */
    partner?: Int32Array,
  ) {
    this.end = text.length;
    this.kinds = tokens.kinds;
    this.starts = tokens.starts;
    this.ends = tokens.ends;
    this.count = tokens.count;
    this.partner = partner ?? new Int32Array(tokens.count);
    if (quick && onNode && !tokens.openStrings.length && pairInOrder(tokens, this.partner, this.queryStarts)) {
      this.quick = quickQueries(tokens, this.partner, onNode);
    } else {
      this.partner.fill(-1, 0, this.count);
      this.queryStarts.length = 0;
      this.pairBrackets();
      this.findQueryBreaks();
    }
    this.stop = this.queryStarts[0] ?? tokens.count;
    for (const t of tokens.openStrings)
      if (this.kinds[t] === STRING)
        this.lexical.push({
          code: 'unclosed-string',
          severity: 'error',
          start: this.starts[t],
          end: this.ends[t],
          message: text.startsWith('```', this.starts[t])
            ? phrase('This string is not closed: ``` is missing.')
            : phrase('This string is not closed before the end of the line.'),
        });
  }

  // --- tokens -----------------------------------------------------------------------------------
  // A token is its index in the table; -1 is none.

  /** The token `ahead` of the position, if it belongs to the query being read; else -1. */
  private peek(ahead = 0): number {
    const at = this.pos + ahead;
    return at < this.stop ? at : -1;
  }

  /** A token's kind (-1 for none). */
  private kind(t: number): number {
    return t < 0 ? -1 : this.kinds[t];
  }

  /** A token's text. */
  private word(t: number): string {
    if (t !== this.wordIndex) {
      this.wordIndex = t;
      this.wordText = this.text.slice(this.starts[t], this.ends[t]);
    }
    return this.wordText;
  }

  /** Whether a token's text is `text` (read in place). */
  private textIs(t: number, text: string): boolean {
    const start = this.starts[t];
    return this.ends[t] - start === text.length && this.text.startsWith(text, start);
  }

  /** A token's range, as a node's. */
  private span(t: number): Span {
    return { start: this.starts[t], end: this.ends[t] };
  }

  /** Whether a token is punctuation whose text is one of `(`, `[`, `{`. */
  private isOpener(t: number): boolean {
    if (this.kind(t) !== PUNCTUATION) return false;
    const c = this.text.charCodeAt(this.starts[t]);
    return c === 40 || c === 91 || c === 123;
  }

  /** Whether a token is punctuation whose text is one of `)`, `]`, `}`. */
  private isCloser(t: number): boolean {
    if (this.kind(t) !== PUNCTUATION) return false;
    const c = this.text.charCodeAt(this.starts[t]);
    return c === 41 || c === 93 || c === 125;
  }

  private is(text: string, ahead = 0): boolean {
    const t = this.peek(ahead);
    if (t < 0) return false;
    const kind = this.kinds[t];
    return (kind === PUNCTUATION || kind === OPERATOR || kind === PIPE) && this.textIs(t, text);
  }

  private isWord(word: string, ahead = 0): boolean {
    const t = this.peek(ahead);
    return t >= 0 && this.kinds[t] === IDENTIFIER && this.textIs(t, word);
  }

  private take(): number {
    return this.pos++;
  }

  /** Where the previous token ended (for the end of a node). */
  private get lastEnd(): number {
    return this.pos > 0 ? this.ends[this.pos - 1] : 0;
  }

  private get here(): number {
    return this.pos < this.count ? this.starts[this.pos] : this.end;
  }

  /** `|`, `;`, a closing bracket, the next query of a file or the end: what ends a stage. */
  private atStageEnd(): boolean {
    const t = this.peek();
    if (t < 0) return true;
    const kind = this.kinds[t];
    return kind === PIPE || (kind === PUNCTUATION && (this.textIs(t, ';') || this.isCloser(t)));
  }

  private atKeyword(): boolean {
    const t = this.peek();
    return t >= 0 && this.kinds[t] === IDENTIFIER && this.keywords.length > 0 && this.keywords.includes(this.word(t));
  }

  private report(code: Problem['code'], span: Span, message: Problem['message']): void {
    this.grammar.push({ code, severity: 'error', start: span.start, end: Math.max(span.end, span.start), message });
  }

  /** Reports a problem at a token. */
  private reportAt(code: Problem['code'], t: number, message: Problem['message']): void {
    this.report(code, this.span(t), message);
  }

  /** Skips to the end of the stage: the next `|`, `;` or closing bracket outside the brackets opened here. */
  private skipToStageEnd(): void {
    while (!this.atStageEnd()) this.skipOne();
  }

  /** One token, or a whole bracketed run when it opens one. */
  private skipOne(): void {
    const partner = this.partner[this.pos];
    if (partner > this.pos && this.isOpener(this.pos)) this.pos = partner + 1;
    else this.pos++;
  }

  private pairBrackets(): void {
    const open: number[] = [];
    /** How many of each opener are open, by its character: whether a closer has one further out, without a search. */
    const openOf = new Int32Array(128);
    const charOf = (t: number) => this.text.charCodeAt(this.starts[t]);
    const pop = () => {
      const index = open.pop();
      if (index !== undefined) openOf[charOf(index)]--;
      return index;
    };
    const lineAndColumnOf = lineLocator(this.text);
    for (let i = 0; i < this.count; i++) {
      if (this.kinds[i] !== PUNCTUATION) continue;
      if (this.isOpener(i)) {
        open.push(i);
        openOf[charOf(i)]++;
        continue;
      }
      if (!this.isCloser(i)) continue;
      const closer = this.word(i);
      const expected = CLOSERS[closer];
      const top = open.at(-1);
      if (top === undefined) {
        this.lexical.push({
          code: 'unmatched-bracket',
          severity: 'error',
          start: this.starts[i],
          end: this.ends[i],
          message: phrase('{0} has no matching {1}.', quoted(closer), quoted(expected)),
        });
        continue;
      }
      if (this.textIs(top, expected)) {
        this.partner[top] = i;
        this.partner[i] = top;
        pop();
        continue;
      }
      const opener = this.word(top);
      const { line, column } = lineAndColumnOf(this.starts[top]);
      this.lexical.push({
        code: 'unmatched-bracket',
        severity: 'error',
        start: this.starts[i],
        end: this.ends[i],
        message: phrase(
          '{0} does not close {1} (line {2}, column {3}), which needs {4}.',
          quoted(closer),
          quoted(opener),
          line,
          column,
          quoted(OPENERS[opener]),
        ),
      });
      // The closer may belong to an opener further out (the inner ones were left open, and are
      // reported so); otherwise it is taken for a mistyped closer of the innermost one.
      if (openOf[expected.charCodeAt(0)] > 0) {
        while (open.length && !this.textIs(open[open.length - 1], expected)) {
          const left = pop();
          aplWork.matchSteps++;
          if (left !== undefined) this.lexical.push(this.unclosed(left));
        }
        const outer = pop();
        if (outer !== undefined) {
          this.partner[outer] = i;
          this.partner[i] = outer;
        }
      } else pop();
    }
    for (const index of open) {
      // ['name never closed: the unclosed string is the problem, already reported.
      const after = index + 1;
      if (
        this.textIs(index, '[') &&
        after < this.count &&
        this.kinds[after] === STRING &&
        this.tokens.unterminated[after]
      )
        continue;
      this.lexical.push(this.unclosed(index));
    }
  }

  private unclosed(t: number): Problem {
    const text = this.word(t);
    return {
      code: 'unclosed-bracket',
      severity: 'error',
      start: this.starts[t],
      end: this.ends[t],
      message: phrase('{0} is never closed: {1} is missing.', quoted(text), quoted(OPENERS[text])),
    };
  }

  /** The blank lines between tokens outside every bracket that is closed (one never closed spans
   *  nothing, so that one typo does not join the rest of a file), unless a `|` follows them: they
   *  separate the queries of a file, as Run Query and the CodeLens read it. Each gap of text
   *  between two tokens (or before the first, or after the last) gives at most one run, from its
   *  first blank line to its last: a comment between two blank lines belongs to no query. */
  private findQueryBreaks(): void {
    const { text, partner, kinds, starts, ends, count } = this;
    let depth = 0;
    // The first two line breaks at or after the gap's start (the text's length when there are none):
    // a gap inside the text holds a blank line only if it holds two, from the line break that ends
    // the line before it to the one that ends the blank line.
    let lineBreak = -1;
    let nextBreak = -1;
    for (let i = 0; i <= count; i++) {
      if (depth === 0 && (i === count || kinds[i] !== PIPE)) {
        const from = i > 0 ? ends[i - 1] : 0;
        const to = i < count ? starts[i] : text.length;
        if (lineBreak < from) {
          lineBreak = nextBreak >= from ? nextBreak : lineBreakAt(text, from);
          nextBreak = lineBreakAt(text, lineBreak + 1);
        }
        const blank = from > 0 && to < text.length && nextBreak >= to ? undefined : blankLinesBetween(text, from, to);
        if (blank) {
          this.queryBreaks.push(blank);
          if (i > 0 && i < count) this.queryStarts.push(i);
        }
      }
      if (i < count && kinds[i] === PUNCTUATION && partner[i] >= 0) depth += partner[i] > i ? 1 : -1;
    }
  }

  /** At the end of the query being read, when another follows: goes on to it. */
  private enterNextQuery(): boolean {
    if (this.pos < this.stop || this.pos >= this.count) return false;
    while (this.nextQuery < this.queryStarts.length && this.queryStarts[this.nextQuery] <= this.pos) this.nextQuery++;
    this.stop = this.queryStarts[this.nextQuery] ?? this.count;
    return true;
  }

  /** All problems, in the order of the text. A grammar problem inside a run that a lexical problem
   *  already explains (an unclosed bracket or string) is left out: it would only repeat it. */
  finish(): Problem[] {
    let kept = this.grammar;
    if (this.lexical.length) {
      // An unmatched bracket or an unclosed ``` string changes how everything after it reads: the
      // grammar's problems past it only repeat it. A string left open at the end of its line taints
      // only that line; the lines after it read as written, and their problems are their own.
      let firstBroken = Infinity;
      const openLines: Span[] = [];
      for (const p of this.lexical) {
        const lineString = p.code === 'unclosed-string' && !this.text.startsWith('```', p.start);
        if (lineString) openLines.push(p);
        else firstBroken = Math.min(firstBroken, p.start);
      }
      kept = kept.filter((p) => p.code === 'unknown-operator' || (p.end <= firstBroken && !overlapsAny(openLines, p)));
    }
    return [...this.lexical, ...kept].sort((a, b) => a.start - b.start || a.end - b.end);
  }

  /** The comments whose start lies in [from, to), taken in order (each is attached once). */
  private commentsBefore(to: number, from: number): Comment[] {
    const out: Comment[] = [];
    const comments = this.comments;
    while (this.nextComment < comments.length && comments[this.nextComment].start < from) this.nextComment++;
    let i = this.nextComment;
    while (i < comments.length && comments[i].start < to) out.push(comments[i++]);
    return out;
  }

  // --- statements -------------------------------------------------------------------------------

  /** The statements of the text's top level, each handed over as it is read. */
  /** The queries of the text one by one, each offered to `quick` first (it reads the common ones
   *  with no node made), the others read here, with no statement kept. */
  readQueries(quick: QuickQueries): void {
    this.oneQuery = true;
    let from = 0;
    for (let next = 0; next <= this.queryStarts.length; next++) {
      const to = next < this.queryStarts.length ? this.queryStarts[next] : this.count;
      if (!quick.readQuery(from, to)) {
        this.pos = from;
        this.stop = to;
        this.statements(ignoreStatement);
      }
      from = to;
    }
  }

  statements(onStatement: (statement: Statement) => void): void {
    this.statementList(onStatement);
    while (this.pos < this.stop) {
      // A closer with no opener: reported as a bracket problem; read on after it.
      this.pos++;
      this.statementList(onStatement);
    }
  }

  /** Statements separated by `;`, up to a closing bracket or the end. At the top of a text (where
   *  each is handed to `topLevel`), a query break (`queryBreaks`) also ends one, and the statements
   *  after it are read on. */
  private statementList(topLevel?: (statement: Statement) => void): Statement[] {
    const out: Statement[] = [];
    for (;;) {
      while (this.is(';')) this.pos++;
      const t = this.peek();
      if (t < 0 && topLevel && !this.oneQuery && this.enterNextQuery()) continue;
      if (t < 0 || this.isCloser(t)) return out;
      const before = this.pos;
      const statement = this.statement();
      if (topLevel) topLevel(statement);
      else out.push(statement);
      if (this.pos === before) this.pos++;
      const next = this.peek();
      if (next < 0 || this.is(';') || this.isCloser(next)) continue;
      this.reportAt(
        'unexpected',
        next,
        phrase('{0} is not expected here: a statement ends with a pipe stage or a semicolon.', quoted(this.word(next))),
      );
      while (this.peek() >= 0 && !this.is(';') && !this.isCloser(this.peek())) this.skipOne();
    }
  }

  private statement(): Statement {
    const start = this.here;
    if (this.isWord('let')) {
      this.pos++;
      const name = this.name();
      if (!name) {
        this.report('missing-operand', { start, end: this.lastEnd }, phrase('A name is expected after let.'));
        return { kind: 'let', start, end: this.lastEnd };
      }
      if (!this.is('=')) {
        this.report('missing-operand', name, phrase('{0} is expected after the name of a let statement.', quoted('=')));
        const statement: LetStatement = { kind: 'let', name, start, end: this.lastEnd };
        this.onNode?.let(name.text);
        return statement;
      }
      const equals = this.take();
      const value = this.functionDefinition() ?? this.tabularOrScalar();
      if (!value)
        this.reportAt('missing-operand', equals, phrase('Nothing follows {0}: a value is expected.', quoted('=')));
      const statement: LetStatement = { kind: 'let', name, value, start, end: this.lastEnd };
      this.onNode?.let(name.text);
      return statement;
    }
    if (this.isWord('set')) {
      this.pos++;
      const name = this.dottedName();
      let value: Expression | undefined;
      if (this.is('=')) {
        const equals = this.take();
        value = this.expression();
        if (!value)
          this.reportAt('missing-operand', equals, phrase('Nothing follows {0}: a value is expected.', quoted('=')));
      }
      return { kind: 'set', name, value, start, end: this.lastEnd };
    }
    const body = this.pipeline();
    return { kind: 'query', body, start: body.start, end: body.end };
  }

  /** `set query_now = …`: a name of words and dots. */
  private dottedName(): Name | undefined {
    const first = this.peek();
    if (this.kind(first) !== IDENTIFIER) return undefined;
    this.pos++;
    const start = this.starts[first];
    let end = this.ends[first];
    while (this.is('.') && this.kind(this.peek(1)) === IDENTIFIER) {
      this.pos += 2;
      end = this.lastEnd;
    }
    return { kind: 'name', text: this.text.slice(start, end), bracketed: false, start, end };
  }

  /** `(x:long, y:string = "a") { … }`, recognised by the brace after the closing parenthesis. */
  private functionDefinition(): FunctionDefinition | undefined {
    if (!this.is('(')) return undefined;
    const close = this.partner[this.pos];
    const brace = close > this.pos && close + 1 < this.stop ? close + 1 : -1;
    if (this.kind(brace) !== PUNCTUATION || !this.textIs(brace, '{')) return undefined;
    const start = this.here;
    this.pos++;
    const parameters = this.schema(close);
    this.pos = close + 1;
    const openBrace = this.pos;
    this.pos++;
    const body = this.statementList();
    if (this.is('}')) this.pos++;
    else if (this.partner[openBrace] > this.pos) this.pos = this.partner[openBrace] + 1;
    return { kind: 'function', parameters, body, start, end: this.lastEnd };
  }

  // --- pipelines and stages ---------------------------------------------------------------------

  /** A tabular expression, or a scalar one when no pipe follows it. */
  private tabularOrScalar(): Expression | undefined {
    const pipeline = this.pipeline();
    if (pipeline.stages.length === 0 && pipeline.source && pipeline.source.kind !== 'stage') return pipeline.source;
    if (!pipeline.source && pipeline.stages.length === 0) return undefined;
    return pipeline;
  }

  private pipeline(): Pipeline {
    const start = this.here;
    let source: Expression | Stage | undefined;
    const first = this.peek();
    const firstKind = this.kind(first);
    if (firstKind === IDENTIFIER && HEAD_OPERATORS.has(this.word(first)) && this.isHead(this.word(first))) {
      source = this.stage(-1, this.commentsBefore(this.starts[first], start));
    } else if (first >= 0 && firstKind !== PIPE) {
      source = this.expression();
    }
    const stages: Stage[] = [];
    let last = source?.end ?? start;
    while (this.kind(this.peek()) === PIPE) {
      const pipe = this.take();
      stages.push(this.stage(pipe, this.commentsBefore(this.starts[pipe], last)));
      last = this.lastEnd;
    }
    const trailingComments = this.commentsBefore(this.here, last);
    return {
      kind: 'pipeline',
      source,
      stages,
      trailingComments,
      start: source?.start ?? stages[0]?.start ?? start,
      end: Math.max(last, source?.end ?? start),
    };
  }

  /** Whether a head word here starts an operator (`range x from …`) rather than a call (`range(…)`). */
  private isHead(word: string): boolean {
    if (word === 'range') return this.kind(this.peek(1)) === IDENTIFIER;
    if (word === 'print') return !this.is('(', 1) && !this.is('.', 1);
    return true;
  }

  /** A stage from its pipe (a token), or a head operator's (`pipe` -1). */
  private stage(pipe: number, leadingComments: Comment[]): Stage {
    const hasPipe = pipe >= 0;
    const start = hasPipe ? this.starts[pipe] : this.here;
    const stage: Stage = {
      kind: 'stage',
      pipe: hasPipe ? this.span(pipe) : undefined,
      known: false,
      parameters: [],
      clauses: [],
      leadingComments,
      start,
      end: hasPipe ? this.ends[pipe] : start,
    };
    const word = this.peek();
    if (hasPipe && this.atStageEnd()) {
      this.reportAt(
        'empty-pipe',
        pipe,
        phrase('Nothing follows this pipe: a tabular operator such as where or summarize is expected.'),
      );
      return stage;
    }
    if (this.kind(word) !== IDENTIFIER) {
      if (word >= 0)
        this.reportAt(
          'operator-expected',
          word,
          phrase('A tabular operator is expected after the pipe, not {0}.', quoted(this.word(word))),
        );
      this.skipToStageEnd();
      stage.end = this.lastEnd;
      return stage;
    }
    this.pos++;
    const operator = this.word(word);
    stage.operator = { kind: 'name', text: operator, bracketed: false, start: this.starts[word], end: this.ends[word] };
    const grammar =
      findOperator(operator) || (!hasPipe && HEAD_OPERATORS.has(operator))
        ? (OPERATOR_GRAMMAR.get(operator) ?? NO_GRAMMAR)
        : undefined;
    if (!grammar) {
      const suggestions = suggest(operator, OPERATOR_NAMES);
      this.grammar.push({
        code: 'unknown-operator',
        severity: 'error',
        start: this.starts[word],
        end: this.ends[word],
        message: suggestions.length
          ? phrase('Unknown tabular operator {0}. Did you mean {1}?', quoted(operator), quoted(suggestions[0]))
          : phrase('Unknown tabular operator {0}.', quoted(operator)),
        suggestions,
      });
      this.skipToStageEnd();
      stage.end = this.lastEnd;
      return stage;
    }
    stage.known = true;
    const outerKeywords = this.keywords;
    const outerColon = this.colonIsOperator;
    this.keywords = grammar.keywords ?? [];
    this.colonIsOperator = operator === 'search';
    try {
      this.stageBody(operator, grammar, stage);
    } finally {
      this.keywords = outerKeywords;
      this.colonIsOperator = outerColon;
    }
    if (!this.atStageEnd()) {
      const t = this.peek();
      this.reportAt('unexpected', t, phrase('{0} is not expected here.', quoted(this.word(t))));
      this.skipToStageEnd();
    } else if (grammar.needs && !stage.clauses.some((c) => c.items.length || (c.keyword && grammar.needs === 'any'))) {
      this.report(
        'missing-operand',
        stage.operator,
        phrase('Nothing follows {0}: it needs at least one expression.', quoted(operator)),
      );
    }
    stage.end = this.lastEnd;
    return stage;
  }

  private stageBody(operator: string, grammar: OperatorGrammar, stage: Stage): void {
    // Named parameters first: kind=inner, withsource=name, replaceToken='#'.
    for (;;) {
      const t = this.peek();
      if (this.kind(t) !== IDENTIFIER || !this.is('=', 1)) break;
      const text = this.word(t);
      if (!grammar.parameters?.includes(text) && !text.startsWith('hint.')) break;
      this.pos += 2;
      const name: Name = { kind: 'name', text, bracketed: false, start: this.starts[t], end: this.ends[t] };
      const value = this.parameterValue();
      if (!value)
        this.report('missing-operand', name, phrase('Nothing follows {0}: a value is expected.', quoted(`${text}=`)));
      stage.parameters.push({ kind: 'parameter', name, value, start: this.starts[t], end: this.lastEnd });
    }
    if (operator === 'search' && this.isWord('in') && this.is('(', 1)) {
      const t = this.take();
      const value = this.primary();
      stage.parameters.push({
        kind: 'parameter',
        name: { kind: 'name', text: 'in', bracketed: false, start: this.starts[t], end: this.ends[t] },
        value,
        start: this.starts[t],
        end: this.lastEnd,
      });
    }
    if (operator === 'datatable' || operator === 'externaldata') {
      const start = this.here;
      if (this.is('(')) {
        const close = this.partner[this.pos];
        this.pos++;
        const items = this.schema(close);
        if (this.is(')')) this.pos++;
        stage.clauses.push({ kind: 'clause', items, start, end: this.lastEnd });
      }
      const rows = this.peek();
      if (this.kind(rows) === QUOTED_NAME) {
        this.pos++;
        stage.clauses.push({
          kind: 'clause',
          items: [
            {
              kind: 'literal',
              type: 'string',
              value: tokenValue(this.tokens, rows),
              start: this.starts[rows],
              end: this.ends[rows],
            },
          ],
          start: this.starts[rows],
          end: this.ends[rows],
        });
      } else if (this.is('[')) {
        const list = this.bracketList();
        stage.clauses.push({ kind: 'clause', items: list.items, start: list.start, end: list.end });
      }
    } else if (!this.atStageEnd() && !this.atKeyword()) {
      const start = this.here;
      const items = this.itemList(grammar.items ?? 'expressions');
      stage.clauses.push({ kind: 'clause', items, start, end: this.lastEnd });
    }
    while (this.atKeyword()) {
      const word = this.take();
      const text = this.word(word);
      const keyword: Name = { kind: 'name', text, bracketed: false, start: this.starts[word], end: this.ends[word] };
      if (text === 'default' && this.is('=')) this.pos++;
      const style = grammar.keywordItems?.[text] ?? 'expressions';
      let items: Expression[];
      if (style === 'pattern') items = this.pattern();
      else if (style === 'schema' && this.is('(')) {
        const close = this.partner[this.pos];
        const open = this.take();
        const columns = this.schema(close);
        if (this.is(')')) this.pos++;
        items = [{ kind: 'list', items: columns, start: this.starts[open], end: this.lastEnd }];
      } else
        items =
          this.atStageEnd() || this.atKeyword() ? [] : this.itemList(style === 'sorted' ? 'sorted' : 'expressions');
      if (!items.length)
        this.report(
          'empty-clause',
          keyword,
          phrase('Nothing follows {0}: the {1} clause needs at least one expression.', quoted(text), text),
        );
      stage.clauses.push({ kind: 'clause', keyword, items, start: this.starts[word], end: this.lastEnd });
    }
  }

  /** What follows `kind=`: a word, a string, a number, a bracketed name. */
  private parameterValue(): Expression | undefined {
    const t = this.peek();
    if (t < 0) return undefined;
    const kind = this.kinds[t];
    const start = this.starts[t];
    const end = this.ends[t];
    if (kind === IDENTIFIER && !this.keywords.includes(this.word(t))) {
      this.pos++;
      // with_itemindex=index, kind=inner, bagexpansion=array.
      const text = this.word(t);
      if (text === 'true' || text === 'false') return { kind: 'literal', type: 'bool', start, end };
      return { kind: 'name', text, bracketed: false, start, end };
    }
    if (kind === STRING || kind === NUMBER || kind === TIMESPAN) {
      // One token: a string after replaceToken='#' is the next item, not a continuation.
      this.pos++;
      return {
        kind: 'literal',
        type: kind === STRING ? 'string' : kind === NUMBER ? 'number' : 'timespan',
        value: tokenValue(this.tokens, t),
        start,
        end,
      };
    }
    if (kind === QUOTED_NAME) return this.name();
    return undefined;
  }

  /** Items separated by commas, up to the end of the stage or one of its keywords. */
  private itemList(style: ItemStyle): Expression[] {
    const items: Expression[] = [];
    for (;;) {
      const item = this.item(style);
      if (item) items.push(item);
      if (!this.is(',')) {
        if (!item && !this.atStageEnd() && !this.atKeyword()) {
          const t = this.peek();
          this.reportAt(
            'unexpected',
            t,
            phrase('{0} is not expected here: an expression is expected.', quoted(this.word(t))),
          );
          this.skipToStageEnd();
        }
        return items;
      }
      const comma = this.take();
      if (this.is(','))
        this.reportAt('missing-item', this.peek(), phrase('Two commas in a row: an item is missing between them.'));
      else if (this.atStageEnd() || this.atKeyword())
        this.reportAt('missing-item', comma, phrase('Nothing follows this comma: another item is expected.'));
    }
  }

  private item(style: ItemStyle): Expression | undefined {
    if (style === 'columns' || style === 'sorted') {
      const wildcard = this.wildcard();
      if (wildcard) return style === 'sorted' ? this.sorted(wildcard) : wildcard;
    }
    const value = this.assignmentOrExpression();
    if (value && style === 'sorted') return this.sorted(value);
    return value;
  }

  /** Whether a token is the operator `*`. */
  private isStar(t: number): boolean {
    return this.kind(t) === OPERATOR && this.textIs(t, '*');
  }

  /** `geo.*`, `['geo.']*`, `*_ms`: names with stars and dots between them (never two names in a row). */
  private wildcard(): Wildcard | undefined {
    let i = this.pos;
    let sawStar = false;
    let end = -1;
    let previousIsName = false;
    const first = this.peek();
    if (first < 0) return undefined;
    for (; i < this.stop; i++) {
      const kind = this.kinds[i];
      const star = kind === OPERATOR && this.textIs(i, '*');
      const dot = kind === PUNCTUATION && this.textIs(i, '.');
      const name =
        (kind === IDENTIFIER && !SORT_ORDERS.has(this.word(i)) && !this.textIs(i, 'nulls')) || kind === QUOTED_NAME;
      if (!(star || dot || name) || (name && previousIsName)) break;
      previousIsName = name;
      sawStar ||= star;
      end = this.ends[i];
    }
    const start = this.starts[first];
    // `*` alone is a Star (project-reorder * desc); a star must be part of a longer run here.
    if (!sawStar || (i === this.pos + 1 && this.isStar(first))) {
      if (this.isStar(first)) {
        this.pos++;
        return { kind: 'wildcard', text: '*', start, end: this.ends[first] };
      }
      return undefined;
    }
    this.pos = i;
    return { kind: 'wildcard', text: this.text.slice(start, end), start, end };
  }

  private sorted(expression: Expression): Expression {
    let order: Name | undefined;
    let nulls: Name | undefined;
    const t = this.peek();
    if (this.kind(t) === IDENTIFIER && SORT_ORDERS.has(this.word(t))) {
      this.pos++;
      order = { kind: 'name', text: this.word(t), bracketed: false, start: this.starts[t], end: this.ends[t] };
    }
    if (this.isWord('nulls') && (this.isWord('first', 1) || this.isWord('last', 1))) {
      const word = this.take();
      const which = this.take();
      nulls = {
        kind: 'name',
        text: this.word(which),
        bracketed: false,
        start: this.starts[word],
        end: this.ends[which],
      };
    }
    if (!order && !nulls) return expression;
    return { kind: 'sorted', expression, order, nulls, start: expression.start, end: this.lastEnd };
  }

  /** `name = value`, `(a, b) = value`, or an expression (a pipeline inside brackets). */
  private assignmentOrExpression(): Expression | undefined {
    const t = this.peek();
    if (t < 0) return undefined;
    const kind = this.kinds[t];
    let target: Name | List | undefined;
    if ((kind === IDENTIFIER || kind === QUOTED_NAME) && this.is('=', 1)) {
      target = this.name();
    } else if (kind === PUNCTUATION && this.textIs(t, '(') && this.partner[this.pos] > this.pos) {
      const after = this.partner[this.pos] + 1 < this.stop ? this.partner[this.pos] + 1 : -1;
      if (this.kind(after) === OPERATOR && this.textIs(after, '=')) {
        const list = this.primary();
        if (list?.kind === 'list' || list?.kind === 'paren')
          target =
            list.kind === 'list'
              ? list
              : { kind: 'list', items: list.inner ? [list.inner] : [], start: list.start, end: list.end };
      }
    }
    if (!target) return this.expression();
    const equals = this.take();
    const value = this.expression();
    if (!value)
      this.reportAt(
        'missing-operand',
        equals,
        phrase(
          'Nothing follows {0}: an expression is expected for {1}.',
          quoted('='),
          quoted(textOf(this.text, target)),
        ),
      );
    return { kind: 'assignment', target, value, start: target.start, end: this.lastEnd };
  }

  /** A string token as a literal. */
  private stringLiteral(t: number): Literal {
    return {
      kind: 'literal',
      type: 'string',
      value: tokenValue(this.tokens, t),
      start: this.starts[t],
      end: this.ends[t],
    };
  }

  /** A parse pattern: strings, `*`, and fields with their types, to the end of the stage. */
  private pattern(): (Literal | Star | Typed)[] {
    const items: (Literal | Star | Typed)[] = [];
    while (!this.atStageEnd() && !this.atKeyword()) {
      const t = this.peek();
      const kind = this.kinds[t];
      if (kind === STRING) {
        this.pos++;
        items.push(this.stringLiteral(t));
      } else if (this.isStar(t)) {
        this.pos++;
        items.push({ kind: 'star', start: this.starts[t], end: this.ends[t] });
      } else if (kind === IDENTIFIER || kind === QUOTED_NAME) {
        items.push(this.typed());
      } else {
        this.reportAt('unexpected', t, phrase('{0} is not expected in a parse pattern.', quoted(this.word(t))));
        this.skipToStageEnd();
      }
    }
    return items;
  }

  /** `name[:type][= default]`. */
  private typed(): Typed {
    const name = this.name()!;
    let type: Name | undefined;
    let defaultValue: Expression | undefined;
    if (this.is(':')) {
      this.pos++;
      const t = this.peek();
      if (this.kind(t) === IDENTIFIER) {
        this.pos++;
        type = { kind: 'name', text: this.word(t), bracketed: false, start: this.starts[t], end: this.ends[t] };
      } else if (this.kind(t) === PUNCTUATION && this.textIs(t, '(')) {
        // A tabular parameter's schema: (*) or (a:string, …).
        const start = this.starts[t];
        this.skipOne();
        type = { kind: 'name', text: this.text.slice(start, this.lastEnd), bracketed: false, start, end: this.lastEnd };
      }
    }
    if (this.is('=')) {
      this.pos++;
      defaultValue = this.expression();
    }
    return { kind: 'typed', name, type, defaultValue, start: name.start, end: this.lastEnd };
  }

  /** Columns up to the closing parenthesis at `close`: `(a:string, b:long)`. */
  private schema(close: number): Typed[] {
    const items: Typed[] = [];
    const limit = close > this.pos ? close : this.stop;
    while (this.pos < limit) {
      const t = this.peek();
      const kind = this.kinds[t];
      if (kind === IDENTIFIER || kind === QUOTED_NAME) items.push(this.typed());
      else if (kind === PUNCTUATION && this.textIs(t, ',')) {
        this.pos++;
        if (this.is(','))
          this.reportAt('missing-item', this.peek(), phrase('Two commas in a row: an item is missing between them.'));
        else if (this.pos === limit)
          this.reportAt('missing-item', t, phrase('Nothing follows this comma: another item is expected.'));
      } else if (this.isCloser(t)) break;
      else {
        this.reportAt('unexpected', t, phrase('{0} is not expected in a list of columns.', quoted(this.word(t))));
        this.skipOne();
      }
    }
    return items;
  }

  // --- expressions -----------------------------------------------------------------------------

  private expression(minimum = 0): Expression | undefined {
    let left = this.unary();
    if (!left) return undefined;
    for (;;) {
      const precedence = this.binaryOperator();
      if (precedence < 0 || precedence < minimum) return left;
      const at = this.pos;
      const tokens = this.operatorTokens;
      const span: Span = { start: this.starts[at], end: this.ends[at + tokens - 1] };
      const operator = tokens === 2 ? `${this.word(at)} regex` : this.word(at);
      this.pos += tokens;
      const right = this.expression(precedence + 1);
      if (!right)
        this.report(
          'missing-operand',
          span,
          phrase('Nothing follows {0}: an operand is expected on its right.', quoted(operator)),
        );
      left = {
        kind: 'binary',
        operator,
        operatorSpan: span,
        left,
        right,
        start: left.start,
        end: this.lastEnd,
      };
    }
  }

  /** How many tokens the binary operator `binaryOperator` found last is (`matches regex` is two). */
  private operatorTokens = 1;

  /** The precedence of the binary operator at the position (its tokens in `operatorTokens`), or -1. */
  private binaryOperator(): number {
    const t = this.peek();
    if (t < 0) return -1;
    const kind = this.kinds[t];
    this.operatorTokens = 1;
    if (kind === PUNCTUATION) return this.colonIsOperator && this.textIs(t, ':') ? 3 : -1;
    if (kind === OPERATOR) return SYMBOL_OPERATORS.get(this.word(t)) ?? -1;
    if (kind !== IDENTIFIER) return -1;
    const word = this.word(t);
    const precedence = WORD_OPERATORS.get(word);
    if (precedence === undefined) return -1;
    if (word === 'matches' || word === '!matches') {
      const regex = this.peek(1);
      if (this.kind(regex) !== IDENTIFIER || !this.textIs(regex, 'regex')) return -1;
      this.operatorTokens = 2;
    }
    return precedence;
  }

  private unary(): Expression | undefined {
    if (this.depth >= MAX_DEPTH) {
      // Brackets nested deeper than any query: the rest is not read (its brackets are reported).
      if (this.depth === MAX_DEPTH && this.peek() >= 0)
        this.reportAt('unexpected', this.peek(), phrase('Brackets are nested too deeply here to read further.'));
      this.pos = this.stop;
      return undefined;
    }
    this.depth++;
    try {
      return this.unaryAt();
    } finally {
      this.depth--;
    }
  }

  private unaryAt(): Expression | undefined {
    const t = this.peek();
    if (this.kind(t) === OPERATOR && (this.textIs(t, '-') || this.textIs(t, '+'))) {
      this.pos++;
      const operator = this.word(t);
      const operand = this.unary();
      if (!operand)
        this.reportAt(
          'missing-operand',
          t,
          phrase('Nothing follows {0}: an operand is expected on its right.', quoted(operator)),
        );
      return { kind: 'unary', operator, operand, start: this.starts[t], end: this.lastEnd };
    }
    return this.postfix();
  }

  /** A quoted name token as the string it indexes with (`['a']` in `x['a']`): its range inside the brackets. */
  private indexLiteral(t: number): Literal {
    return {
      kind: 'literal',
      type: 'string',
      value: tokenValue(this.tokens, t),
      start: this.starts[t] + 1,
      end: this.ends[t] - 1,
    };
  }

  private postfix(): Expression | undefined {
    let expression = this.primary();
    if (!expression) return undefined;
    for (;;) {
      const t = this.peek();
      if (t < 0) return expression;
      const kind = this.kinds[t];
      if (kind === PUNCTUATION && this.textIs(t, '.')) {
        this.pos++;
        const member = this.memberName();
        if (!member) this.reportAt('missing-operand', t, phrase('A name is expected after {0}.', quoted('.')));
        expression = { kind: 'member', object: expression, member, start: expression.start, end: this.lastEnd };
      } else if (kind === QUOTED_NAME && this.starts[t] === expression.end) {
        this.pos++;
        const index = this.indexLiteral(t);
        expression = { kind: 'index', object: expression, index, start: expression.start, end: this.ends[t] };
      } else if (kind === PUNCTUATION && this.textIs(t, '[')) {
        this.pos++;
        const index = this.expression();
        let to: Expression | undefined;
        let slice = false;
        if (this.is(':')) {
          // A slice: a[1:], a[:3], a[1:3].
          this.pos++;
          slice = true;
          to = this.expression();
        }
        if (this.is(']')) this.pos++;
        else this.expectCloser(']');
        expression = {
          kind: 'index',
          object: expression,
          index,
          to,
          slice,
          start: expression.start,
          end: this.lastEnd,
        };
      } else if (kind === PUNCTUATION && this.textIs(t, '(') && expression.kind === 'name' && expression.bracketed) {
        // ['name'](…): a function called by a bracketed name.
        const callee: Name = expression;
        const args = this.bracketItems(')');
        expression = this.called({ kind: 'call', callee, args, start: callee.start, end: this.lastEnd });
      } else if (kind === QUOTED_NAME && expression.kind !== 'literal') {
        // ['a'] ['b']: an index after a space, as APL reads it.
        this.pos++;
        const index = this.indexLiteral(t);
        expression = { kind: 'index', object: expression, index, start: expression.start, end: this.ends[t] };
      } else return expression;
    }
  }

  private memberName(): Name | undefined {
    const t = this.peek();
    const kind = this.kind(t);
    if (kind === IDENTIFIER || kind === QUOTED_NAME) return this.name();
    if (kind === NUMBER && /^\d+$/.test(this.word(t))) {
      this.pos++;
      return { kind: 'name', text: this.word(t), bracketed: false, start: this.starts[t], end: this.ends[t] };
    }
    return undefined;
  }

  /** An identifier or a bracketed name. */
  private name(): Name | undefined {
    const t = this.peek();
    const kind = this.kind(t);
    if (kind === IDENTIFIER) {
      this.pos++;
      return { kind: 'name', text: this.word(t), bracketed: false, start: this.starts[t], end: this.ends[t] };
    }
    if (kind === QUOTED_NAME) {
      this.pos++;
      return {
        kind: 'name',
        text: tokenValue(this.tokens, t) ?? '',
        bracketed: true,
        start: this.starts[t],
        end: this.ends[t],
      };
    }
    return undefined;
  }

  private primary(): Expression | undefined {
    const t = this.peek();
    if (t < 0) return undefined;
    const start = this.starts[t];
    switch (this.kinds[t]) {
      case STRING: {
        this.pos++;
        let end = this.ends[t];
        // 'a' 'b': APL joins strings written one after another.
        while (this.kind(this.peek()) === STRING) end = this.ends[this.take()];
        return { kind: 'literal', type: 'string', value: tokenValue(this.tokens, t), start, end };
      }
      case NUMBER:
        this.pos++;
        return { kind: 'literal', type: 'number', start, end: this.ends[t] };
      case TIMESPAN:
        this.pos++;
        return { kind: 'literal', type: 'timespan', start, end: this.ends[t] };
      case QUOTED_NAME:
        return this.name();
      case IDENTIFIER:
        return this.identifierExpression(t);
      case OPERATOR:
        if (this.textIs(t, '*')) {
          this.pos++;
          return { kind: 'star', start, end: this.ends[t] };
        }
        return undefined;
      case PUNCTUATION:
        if (this.textIs(t, '(')) return this.parenthesized();
        if (this.textIs(t, '[')) return this.bracketList();
        return undefined;
      default:
        return undefined;
    }
  }

  private identifierExpression(t: number): Expression | undefined {
    const word = this.word(t);
    const start = this.starts[t];
    const end = this.ends[t];
    if (this.keywords.includes(word)) return undefined;
    if (WORD_OPERATORS.has(word) && !this.is('(', 1)) {
      // A field may be called matches: only `matches regex` is the operator.
      if (!(word === 'matches' || word === '!matches') || this.isWord('regex', 1)) return undefined;
    }
    if (word === 'true' || word === 'false') {
      this.pos++;
      return { kind: 'literal', type: 'bool', start, end };
    }
    if (word === 'null') {
      this.pos++;
      return { kind: 'literal', type: 'null', start, end };
    }
    if (HEAD_OPERATORS.has(word) && this.isHead(word) && word !== 'search') {
      // A head operator inside brackets or after let: (print x = 1), let T = datatable(…)[…].
      return this.pipeline();
    }
    if (!this.is('(', 1)) {
      this.pos++;
      return { kind: 'name', text: word, bracketed: false, start, end };
    }
    const literal = LITERAL_CALLS[word];
    if (literal) {
      this.pos++;
      const close = this.partner[this.pos];
      const values: Expression[] = [];
      if (close < 0) {
        // Never closed (as while it is typed): the literal runs to the end of the stage, so that the
        // cursor inside it is inside it (signature help); the bracket is reported as unclosed.
        this.pos++;
        while (!this.atStageEnd()) this.skipOne();
        return { kind: 'literal', type: literal, values, start, end: this.lastEnd };
      }
      if (literal === 'dynamic') {
        this.pos++;
        this.jsonValue(close, values);
        this.pos = close;
      }
      this.skipOne();
      return { kind: 'literal', type: literal, values, start, end: this.lastEnd };
    }
    this.pos++;
    const callee: Name = { kind: 'name', text: word, bracketed: false, start, end };
    const args = this.bracketItems(')');
    return this.called({ kind: 'call', callee, args, start, end: this.lastEnd });
  }

  /** The JSON inside `dynamic(…)`, up to the token at `limit`: only its commas are checked (two in a
   *  row, or one before a closing bracket); the rest is a literal. */
  private jsonValue(limit: number, values: Expression[]): void {
    const t = this.peek();
    if (t < 0 || this.pos >= limit) return;
    const closer =
      this.kinds[t] === PUNCTUATION ? (this.textIs(t, '[') ? ']' : this.textIs(t, '{') ? '}' : undefined) : undefined;
    if (!closer) {
      const value = this.expression();
      if (value) values.push(value);
      return;
    }
    const end = this.partner[this.pos] > this.pos ? this.partner[this.pos] : limit;
    this.pos++;
    while (this.pos < end) {
      const before = this.pos;
      if (closer === '}') {
        // "key": value
        this.pos++;
        if (this.is(':')) this.pos++;
      }
      this.jsonValue(end, values);
      if (this.is(',')) {
        const comma = this.take();
        if (this.is(','))
          this.reportAt('missing-item', this.peek(), phrase('Two commas in a row: an item is missing between them.'));
        else if (this.pos === end)
          this.reportAt('missing-item', comma, phrase('Nothing follows this comma: another item is expected.'));
      } else if (this.pos === before || this.pos < end) {
        this.pos = end;
      }
    }
    this.pos = end + 1;
  }

  /** `( … )`: a grouped expression, a subquery, or a list. */
  private parenthesized(): Expression {
    const start = this.starts[this.pos];
    const items = this.bracketItems(')');
    if (items.length === 1 && !this.commaSeen) return { kind: 'paren', inner: items[0], start, end: this.lastEnd };
    return { kind: 'list', items, start, end: this.lastEnd };
  }

  private bracketList(): List {
    const start = this.starts[this.pos];
    const items = this.bracketItems(']');
    return { kind: 'list', items, start, end: this.lastEnd };
  }

  private commaSeen = false;

  /** The items inside a bracket that opens here, each an assignment, an expression or a subquery;
   *  past the closer when there is one. */
  private bracketItems(closer: string): Expression[] {
    const openIndex = this.take();
    const items: Expression[] = [];
    const outerKeywords = this.keywords;
    this.keywords = [];
    let comma = false;
    try {
      for (;;) {
        if (this.is(closer)) break;
        const before = this.pos;
        const item = this.bracketItem();
        if (item) items.push(item);
        if (this.is(',')) {
          const sep = this.take();
          comma = true;
          if (this.is(','))
            this.reportAt('missing-item', this.peek(), phrase('Two commas in a row: an item is missing between them.'));
          else if (this.is(closer))
            this.reportAt('missing-item', sep, phrase('Nothing follows this comma: another item is expected.'));
          continue;
        }
        const t = this.peek();
        if (this.is(closer) || t < 0) break;
        if (this.isCloser(t)) break;
        if (!item || this.pos === before || this.pos < this.stop) {
          this.reportAt('unexpected', t, phrase('{0} is not expected here.', quoted(this.word(t))));
          // Skip to the closer of this bracket when known, else to the next comma or closer.
          const partner = this.partner[openIndex];
          if (partner > this.pos) this.pos = partner;
          else while (this.peek() >= 0 && !this.is(',') && !this.isCloser(this.peek())) this.skipOne();
        }
      }
    } finally {
      this.keywords = outerKeywords;
    }
    if (this.is(closer)) this.pos++;
    else if (this.partner[openIndex] > this.pos) this.pos = this.partner[openIndex] + 1;
    this.commaSeen = comma;
    return items;
  }

  private bracketItem(): Expression | undefined {
    const t = this.peek();
    if (this.isStar(t) && (this.is(',', 1) || this.is(')', 1))) {
      this.pos++;
      return { kind: 'star', start: this.starts[t], end: this.ends[t] };
    }
    const first = this.assignmentOrExpression();
    if (!first || first.kind === 'assignment' || this.kind(this.peek()) !== PIPE) {
      if (first && this.is(':') && (first.kind === 'name' || first.kind === 'star')) {
        // (x:long) outside a schema, e.g. a tabular parameter.
        const colon = this.take();
        const type = this.name();
        return {
          kind: 'typed',
          name:
            first.kind === 'name'
              ? first
              : { kind: 'name', text: '*', bracketed: false, start: first.start, end: first.end },
          type,
          start: first.start,
          end: type?.end ?? this.ends[colon],
        };
      }
      return first;
    }
    // A subquery: the expression is its source, the pipes its stages.
    const stages: Stage[] = [];
    let last = first.end;
    while (this.kind(this.peek()) === PIPE) {
      const pipe = this.take();
      stages.push(this.stage(pipe, this.commentsBefore(this.starts[pipe], last)));
      last = this.lastEnd;
    }
    return {
      kind: 'pipeline',
      source: first,
      stages,
      trailingComments: this.commentsBefore(this.here, last),
      start: first.start,
      end: last,
    };
  }

  /** A call made: told to the node reader. */
  private called(call: Call): Call {
    this.onNode?.call(call.callee.text, call.callee.start, call.callee.end, call.end, call.args.length);
    return call;
  }

  private expectCloser(closer: string): void {
    const t = this.peek();
    if (t < 0 || this.isCloser(t)) return; // reported as a bracket problem
    this.reportAt('unexpected', t, phrase('{0} is expected here, not {1}.', quoted(closer), quoted(this.word(t))));
  }
}

/** For a text whose brackets all pair in order (each closer closes the innermost open bracket, and
 *  none is left open), in one pass: each bracket's partner (set in `partner`; the other tokens'
 *  entries are left as they are), and the tokens that start a query after a blank line outside the
 *  brackets (the parser's `queryStarts`, as findQueryBreaks finds them; the breaks' ranges are not
 *  kept). False at the first bracket that does not pair so: then the parser's pairBrackets and
 *  findQueryBreaks read the text, and report it. A function of its own, not the parser's method:
 *  its code, optimized once, is kept from one text to the next. */
function pairInOrder(table: TokenTable, partner: Int32Array, queryStarts: number[]): boolean {
  const { text, kinds, starts, ends, count } = table;
  const open: number[] = [];
  for (let i = 0; i < count; i++) {
    const kind = kinds[i];
    if (open.length === 0 && kind !== PIPE && i > 0) {
      const from = ends[i - 1];
      const to = starts[i];
      if (to - from > 1 && blankLinesBetween(text, from, to)) queryStarts.push(i);
    }
    if (kind !== PUNCTUATION) continue;
    const c = text.charCodeAt(starts[i]);
    if (c === 40 || c === 91 || c === 123) open.push(i);
    else if (c === 41 || c === 93 || c === 125) {
      const opener = open.pop();
      // ( and ) are 40 and 41; [ ], { } are two apart.
      if (opener === undefined || c - text.charCodeAt(starts[opener]) !== (c === 41 ? 1 : 2)) return false;
      partner[opener] = i;
      partner[i] = opener;
    }
  }
  return open.length === 0;
}

/** Whether a range overlaps one of `spans` (apart from each other, in the order of the text): the
 *  last span that starts before the range ends is the only one that may, so it is found by halves. */
function overlapsAny(spans: readonly Span[], range: Span): boolean {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle].start < range.end) low = middle + 1;
    else high = middle;
    aplWork.matchSteps++;
  }
  return low > 0 && spans[low - 1].end > range.start;
}

/** The first line break at or after `from`, or the text's length when there is none. */
function lineBreakAt(text: string, from: number): number {
  if (from >= text.length) return text.length;
  const at = text.indexOf('\n', from);
  return at < 0 ? text.length : at;
}

/** The blank lines (of only spaces and tabs) in text[from, to), from the start of the first to the
 *  line break that ends the last; undefined when there is none. The text's start and end count as
 *  line breaks. Reads only the characters between from and to. */
function blankLinesBetween(text: string, from: number, to: number): Span | undefined {
  let first: number | undefined;
  let last = 0;
  // The start of the line being read, when it starts inside the gap; -1 before the first line break.
  let lineStart = from === 0 ? 0 : -1;
  let blank = true;
  for (let at = from; at <= to; at++) {
    // The text's end reads as a line break; the end of a gap inside it, as nothing more.
    const char = at < to ? text.charCodeAt(at) : at === text.length ? 10 : -1;
    if (char < 0) break;
    if (char === 10) {
      if (lineStart >= 0 && blank) {
        first ??= lineStart;
        last = at;
      }
      lineStart = at + 1;
      blank = true;
    } else if (char !== 32 && char !== 9 && char !== 13) blank = false;
  }
  return first === undefined ? undefined : { start: first, end: last };
}
