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
import { lex, type Token } from './lexer';
import { aplWork } from './aplWork';
import type { Problem } from './problem';
import { findOperator, OPERATOR_NAMES } from './reference';
import { suggest } from './suggest';
import { lineLocator } from './lineColumn';
import type {
  Span,
  Comment,
  Name,
  LiteralType,
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
} from './syntaxNodes';
import { textOf } from './syntaxWalk';

// ---------------------------------------------------------------------------------------------
// The grammar, operator by operator: the named parameters it takes before its list, the keywords
// that start its clauses, and how its items read.

type ItemStyle = 'expressions' | 'columns' | 'sorted';

interface OperatorGrammar {
  parameters?: readonly string[];
  keywords?: readonly string[];
  items?: ItemStyle;
  /** Whether the stage is wrong with nothing after its name: `items` when it needs an expression,
   *  `any` when a clause alone will do (`summarize by x`). */
  needs?: 'items' | 'any';
  /** Items after a keyword read otherwise: `by` items sorted, `with` a parse pattern, `as` a schema… */
  keywordItems?: Readonly<Record<string, 'sorted' | 'pattern' | 'schema' | 'expressions'>>;
}

const OPERATOR_GRAMMAR: Readonly<Record<string, OperatorGrammar>> = {
  count: {},
  getschema: {},
  distinct: { needs: 'items' },
  where: { needs: 'items' },
  take: { needs: 'items' },
  limit: { needs: 'items' },
  sample: { needs: 'items' },
  extend: { needs: 'items' },
  'extend-valid': { needs: 'items' },
  project: { needs: 'items' },
  'project-rename': { needs: 'items' },
  'project-away': { needs: 'items', items: 'columns' },
  'project-keep': { needs: 'items', items: 'columns' },
  'project-reorder': { needs: 'items', items: 'sorted' },
  summarize: { needs: 'any', keywords: ['by'] },
  order: { needs: 'any', keywords: ['by'], keywordItems: { by: 'sorted' } },
  sort: { needs: 'any', keywords: ['by'], keywordItems: { by: 'sorted' } },
  top: { needs: 'any', keywords: ['by'], keywordItems: { by: 'sorted' } },
  join: { needs: 'any', parameters: ['kind'], keywords: ['on'] },
  lookup: { needs: 'any', parameters: ['kind'], keywords: ['on'] },
  'make-series': { needs: 'any', parameters: ['kind'], keywords: ['default', 'on', 'from', 'to', 'step', 'by'] },
  'mv-expand': { needs: 'any', parameters: ['kind', 'with_itemindex', 'bagexpansion'], keywords: ['to', 'limit'] },
  parse: { needs: 'any', parameters: ['kind', 'flags'], keywords: ['with'], keywordItems: { with: 'pattern' } },
  'parse-where': { needs: 'any', parameters: ['kind', 'flags'], keywords: ['with'], keywordItems: { with: 'pattern' } },
  'parse-kv': { needs: 'any', keywords: ['as', 'with'], keywordItems: { as: 'schema' } },
  redact: { needs: 'any', parameters: ['replaceToken', 'replaceHash', 'redactGroups'], keywords: ['on'] },
  search: { needs: 'any', parameters: ['kind', 'in'] },
  union: { needs: 'any', parameters: ['withsource', 'kind', 'isfuzzy'] },
  print: {},
  range: { keywords: ['from', 'to', 'step'] },
  datatable: {},
  externaldata: { keywords: ['with'] },
};

/** Words that start a query as an operator of their own rather than a dataset. */
const HEAD_OPERATORS = new Set(['print', 'range', 'datatable', 'externaldata', 'union', 'search']);

/** The words of expressions that are binary operators, by precedence (higher binds tighter). */
const WORD_OPERATORS = new Map<string, number>([
  ['or', 1],
  ['and', 2],
]);
for (const base of ['has', 'hasprefix', 'hassuffix', 'contains', 'startswith', 'endswith', 'has_any', 'has_all'])
  for (const word of [base, `${base}_cs`, `!${base}`, `!${base}_cs`]) WORD_OPERATORS.set(word, 3);
for (const word of ['in', '!in', 'in~', '!in~', 'between', '!between', 'like', 'notlike', 'matches', '!matches'])
  WORD_OPERATORS.set(word, 3);
const SYMBOL_OPERATORS = new Map<string, number>([
  ['..', 0],
  ['==', 3],
  ['!=', 3],
  ['<>', 3],
  ['<', 3],
  ['>', 3],
  ['<=', 3],
  ['>=', 3],
  ['=~', 3],
  ['!~', 3],
  ['+', 4],
  ['-', 4],
  ['*', 5],
  ['/', 5],
  ['%', 5],
]);
const SORT_ORDERS = new Set(['asc', 'desc', 'granny-asc', 'granny-desc']);
/** Calls whose parentheses hold a literal, not an expression: `datetime(2024-01-01 08:00)`, `dynamic({"a": 1})`. */
const LITERAL_CALLS: Readonly<Record<string, LiteralType>> = { datetime: 'datetime', dynamic: 'dynamic', guid: 'guid' };

/** Deeper nesting than this is not read: no query needs it, and the stack stays small. */
const MAX_DEPTH = 400;

const OPENERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };
const CLOSERS: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };

const quoted = (text: string) => `'${text}'`;

/** Reads APL text into statements, collecting problems; never throws, whatever the text. */
export function parseApl(text: string): ParsedApl {
  const all = lex(text);
  const comments: Comment[] = [];
  const tokens: Token[] = [];
  for (const token of all) {
    if (token.kind === 'comment')
      comments.push({ kind: 'comment', text: token.text, start: token.start, end: token.end });
    else tokens.push(token);
  }
  const parser = new Parser(text, tokens, comments);
  const statements = parser.statements();
  return { text, statements, problems: parser.finish(), comments, queryBreaks: parser.queryBreaks };
}

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

  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
    private readonly comments: Comment[],
  ) {
    this.end = text.length;
    this.partner = new Int32Array(tokens.length).fill(-1);
    this.pairBrackets();
    this.findQueryBreaks();
    this.stop = this.queryStarts[0] ?? tokens.length;
    for (const t of tokens)
      if (t.kind === 'string' && t.unterminated)
        this.lexical.push({
          code: 'unclosed-string',
          severity: 'error',
          start: t.start,
          end: t.end,
          message: t.text.startsWith('```')
            ? phrase('This string is not closed: ``` is missing.')
            : phrase('This string is not closed before the end of the line.'),
        });
  }

  // --- tokens -----------------------------------------------------------------------------------

  /** The token `ahead` of the position, if it belongs to the query being read. */
  private peek(ahead = 0): Token | undefined {
    return this.pos + ahead < this.stop ? this.tokens[this.pos + ahead] : undefined;
  }

  private is(text: string, ahead = 0): boolean {
    const t = this.peek(ahead);
    return (
      t !== undefined && t.text === text && (t.kind === 'punctuation' || t.kind === 'operator' || t.kind === 'pipe')
    );
  }

  private isWord(word: string, ahead = 0): boolean {
    const t = this.peek(ahead);
    return t !== undefined && t.kind === 'identifier' && t.text === word;
  }

  private take(): Token {
    return this.tokens[this.pos++];
  }

  /** Where the previous token ended (for the end of a node). */
  private get lastEnd(): number {
    return this.pos > 0 ? this.tokens[this.pos - 1].end : 0;
  }

  private get here(): number {
    return this.tokens[this.pos]?.start ?? this.end;
  }

  /** `|`, `;`, a closing bracket, the next query of a file or the end: what ends a stage. */
  private atStageEnd(): boolean {
    const t = this.peek();
    return !t || t.kind === 'pipe' || (t.kind === 'punctuation' && (t.text === ';' || t.text in CLOSERS));
  }

  private atKeyword(): boolean {
    const t = this.peek();
    return t !== undefined && t.kind === 'identifier' && this.keywords.includes(t.text);
  }

  private report(code: Problem['code'], span: Span, message: Problem['message']): void {
    this.grammar.push({ code, severity: 'error', start: span.start, end: Math.max(span.end, span.start), message });
  }

  /** Skips to the end of the stage: the next `|`, `;` or closing bracket outside the brackets opened here. */
  private skipToStageEnd(): void {
    while (!this.atStageEnd()) this.skipOne();
  }

  /** One token, or a whole bracketed run when it opens one. */
  private skipOne(): void {
    const t = this.tokens[this.pos];
    const partner = this.partner[this.pos];
    if (t.kind === 'punctuation' && t.text in OPENERS && partner > this.pos) this.pos = partner + 1;
    else this.pos++;
  }

  private pairBrackets(): void {
    const open: number[] = [];
    /** How many of each opener are open: whether a closer has one further out, without a search. */
    const openOf = new Map<string, number>();
    const opened = (text: string, by: number) => openOf.set(text, (openOf.get(text) ?? 0) + by);
    const pop = () => {
      const index = open.pop();
      if (index !== undefined) opened(tokens[index].text, -1);
      return index;
    };
    const lineAndColumnOf = lineLocator(this.text);
    const tokens = this.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      if (token.kind !== 'punctuation') continue;
      if (token.text in OPENERS) {
        open.push(i);
        opened(token.text, 1);
        continue;
      }
      const expected = CLOSERS[token.text];
      if (!expected) continue;
      const top = open.at(-1);
      if (top === undefined) {
        this.lexical.push({
          code: 'unmatched-bracket',
          severity: 'error',
          start: token.start,
          end: token.end,
          message: phrase('{0} has no matching {1}.', quoted(token.text), quoted(expected)),
        });
        continue;
      }
      const opener = tokens[top];
      if (opener.text === expected) {
        this.partner[top] = i;
        this.partner[i] = top;
        pop();
        continue;
      }
      const { line, column } = lineAndColumnOf(opener.start);
      this.lexical.push({
        code: 'unmatched-bracket',
        severity: 'error',
        start: token.start,
        end: token.end,
        message: phrase(
          '{0} does not close {1} (line {2}, column {3}), which needs {4}.',
          quoted(token.text),
          quoted(opener.text),
          line,
          column,
          quoted(OPENERS[opener.text]),
        ),
      });
      // The closer may belong to an opener further out (the inner ones were left open, and are
      // reported so); otherwise it is taken for a mistyped closer of the innermost one.
      if ((openOf.get(expected) ?? 0) > 0) {
        while (open.length && tokens[open[open.length - 1]].text !== expected) {
          const left = pop();
          aplWork.matchSteps++;
          if (left !== undefined) this.lexical.push(unclosed(tokens[left]));
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
      const after = tokens[index + 1];
      if (tokens[index].text === '[' && after?.kind === 'string' && after.unterminated) continue;
      this.lexical.push(unclosed(tokens[index]));
    }
  }

  /** The blank lines between tokens outside every bracket that is closed (one never closed spans
   *  nothing, so that one typo does not join the rest of a file), unless a `|` follows them: they
   *  separate the queries of a file, as Run Query and the CodeLens read it. Each gap of text
   *  between two tokens (or before the first, or after the last) gives at most one run, from its
   *  first blank line to its last: a comment between two blank lines belongs to no query. */
  private findQueryBreaks(): void {
    const { tokens, text, partner } = this;
    let depth = 0;
    for (let i = 0; i <= tokens.length; i++) {
      const token = tokens[i] as Token | undefined;
      if (depth === 0 && token?.kind !== 'pipe') {
        const from = i > 0 ? tokens[i - 1].end : 0;
        const to = token?.start ?? text.length;
        const blank = blankLinesBetween(text, from, to);
        if (blank) {
          this.queryBreaks.push(blank);
          if (i > 0 && token) this.queryStarts.push(i);
        }
      }
      if (token?.kind === 'punctuation' && partner[i] >= 0) depth += partner[i] > i ? 1 : -1;
    }
  }

  /** At the end of the query being read, when another follows: goes on to it. */
  private enterNextQuery(): boolean {
    if (this.pos < this.stop || this.pos >= this.tokens.length) return false;
    while (this.nextQuery < this.queryStarts.length && this.queryStarts[this.nextQuery] <= this.pos) this.nextQuery++;
    this.stop = this.queryStarts[this.nextQuery] ?? this.tokens.length;
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

  statements(): Statement[] {
    const out = this.statementList(true);
    while (this.pos < this.stop) {
      // A closer with no opener: reported as a bracket problem; read on after it.
      this.pos++;
      for (const statement of this.statementList(true)) out.push(statement);
    }
    return out;
  }

  /** Statements separated by `;`, up to a closing bracket or the end. At the top of a text, a query
   *  break (`queryBreaks`) also ends one, and the statements after it are read on. */
  private statementList(topLevel = false): Statement[] {
    const out: Statement[] = [];
    for (;;) {
      while (this.is(';')) this.pos++;
      const t = this.peek();
      if (!t && topLevel && this.enterNextQuery()) continue;
      if (!t || (t.kind === 'punctuation' && t.text in CLOSERS)) return out;
      const before = this.pos;
      out.push(this.statement());
      if (this.pos === before) this.pos++;
      const next = this.peek();
      if (!next || this.is(';') || (next.kind === 'punctuation' && next.text in CLOSERS)) continue;
      this.report(
        'unexpected',
        next,
        phrase('{0} is not expected here: a statement ends with a pipe stage or a semicolon.', quoted(next.text)),
      );
      while (this.peek() && !this.is(';') && !(this.peek()?.kind === 'punctuation' && this.peek()!.text in CLOSERS))
        this.skipOne();
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
        return { kind: 'let', name, start, end: this.lastEnd };
      }
      const equals = this.take();
      const value = this.functionDefinition() ?? this.tabularOrScalar();
      if (!value)
        this.report('missing-operand', equals, phrase('Nothing follows {0}: a value is expected.', quoted('=')));
      return { kind: 'let', name, value, start, end: this.lastEnd };
    }
    if (this.isWord('set')) {
      this.pos++;
      const name = this.dottedName();
      let value: Expression | undefined;
      if (this.is('=')) {
        const equals = this.take();
        value = this.expression();
        if (!value)
          this.report('missing-operand', equals, phrase('Nothing follows {0}: a value is expected.', quoted('=')));
      }
      return { kind: 'set', name, value, start, end: this.lastEnd };
    }
    const body = this.pipeline();
    return { kind: 'query', body, start: body.start, end: body.end };
  }

  /** `set query_now = …`: a name of words and dots. */
  private dottedName(): Name | undefined {
    const first = this.peek();
    if (first?.kind !== 'identifier') return undefined;
    this.pos++;
    let end = first.end;
    while (this.is('.') && this.peek(1)?.kind === 'identifier') {
      this.pos += 2;
      end = this.lastEnd;
    }
    return { kind: 'name', text: this.text.slice(first.start, end), bracketed: false, start: first.start, end };
  }

  /** `(x:long, y:string = "a") { … }`, recognised by the brace after the closing parenthesis. */
  private functionDefinition(): FunctionDefinition | undefined {
    if (!this.is('(')) return undefined;
    const close = this.partner[this.pos];
    const brace = close > this.pos && close + 1 < this.stop ? this.tokens[close + 1] : undefined;
    if (!brace || brace.kind !== 'punctuation' || brace.text !== '{') return undefined;
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
    if (first?.kind === 'identifier' && HEAD_OPERATORS.has(first.text) && this.isHead(first.text)) {
      source = this.stage(undefined, this.commentsBefore(first.start, start));
    } else if (first && first.kind !== 'pipe') {
      source = this.expression();
    }
    const stages: Stage[] = [];
    let last = source?.end ?? start;
    while (this.peek()?.kind === 'pipe') {
      const pipe = this.take();
      stages.push(this.stage(pipe, this.commentsBefore(pipe.start, last)));
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
    if (word === 'range') return this.peek(1)?.kind === 'identifier';
    if (word === 'print') return !this.is('(', 1) && !this.is('.', 1);
    return true;
  }

  private stage(pipe: Token | undefined, leadingComments: Comment[]): Stage {
    const start = pipe?.start ?? this.here;
    const stage: Stage = {
      kind: 'stage',
      pipe: pipe && { start: pipe.start, end: pipe.end },
      known: false,
      parameters: [],
      clauses: [],
      leadingComments,
      start,
      end: pipe?.end ?? start,
    };
    const word = this.peek();
    if (pipe && this.atStageEnd()) {
      this.report(
        'empty-pipe',
        pipe,
        phrase('Nothing follows this pipe: a tabular operator such as where or summarize is expected.'),
      );
      return stage;
    }
    if (!word || word.kind !== 'identifier') {
      if (word)
        this.report(
          'operator-expected',
          word,
          phrase('A tabular operator is expected after the pipe, not {0}.', quoted(word.text)),
        );
      this.skipToStageEnd();
      stage.end = this.lastEnd;
      return stage;
    }
    this.pos++;
    stage.operator = { kind: 'name', text: word.text, bracketed: false, start: word.start, end: word.end };
    const grammar =
      findOperator(word.text) || (!pipe && HEAD_OPERATORS.has(word.text))
        ? (OPERATOR_GRAMMAR[word.text] ?? {})
        : undefined;
    if (!grammar) {
      const suggestions = suggest(word.text, OPERATOR_NAMES);
      this.grammar.push({
        code: 'unknown-operator',
        severity: 'error',
        start: word.start,
        end: word.end,
        message: suggestions.length
          ? phrase('Unknown tabular operator {0}. Did you mean {1}?', quoted(word.text), quoted(suggestions[0]))
          : phrase('Unknown tabular operator {0}.', quoted(word.text)),
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
    this.colonIsOperator = word.text === 'search';
    try {
      this.stageBody(word.text, grammar, stage);
    } finally {
      this.keywords = outerKeywords;
      this.colonIsOperator = outerColon;
    }
    if (!this.atStageEnd()) {
      const t = this.peek()!;
      this.report('unexpected', t, phrase('{0} is not expected here.', quoted(t.text)));
      this.skipToStageEnd();
    } else if (grammar.needs && !stage.clauses.some((c) => c.items.length || (c.keyword && grammar.needs === 'any'))) {
      this.report(
        'missing-operand',
        stage.operator,
        phrase('Nothing follows {0}: it needs at least one expression.', quoted(word.text)),
      );
    }
    stage.end = this.lastEnd;
    return stage;
  }

  private stageBody(operator: string, grammar: OperatorGrammar, stage: Stage): void {
    // Named parameters first: kind=inner, withsource=name, replaceToken='#'.
    for (;;) {
      const t = this.peek();
      if (!t || t.kind !== 'identifier' || !this.is('=', 1)) break;
      if (!grammar.parameters?.includes(t.text) && !t.text.startsWith('hint.')) break;
      this.pos += 2;
      const name: Name = { kind: 'name', text: t.text, bracketed: false, start: t.start, end: t.end };
      const value = this.parameterValue();
      if (!value)
        this.report('missing-operand', name, phrase('Nothing follows {0}: a value is expected.', quoted(`${t.text}=`)));
      stage.parameters.push({ kind: 'parameter', name, value, start: t.start, end: this.lastEnd });
    }
    if (operator === 'search' && this.isWord('in') && this.is('(', 1)) {
      const t = this.take();
      const value = this.primary();
      stage.parameters.push({
        kind: 'parameter',
        name: { kind: 'name', text: 'in', bracketed: false, start: t.start, end: t.end },
        value,
        start: t.start,
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
      if (rows?.kind === 'quotedName') {
        this.pos++;
        stage.clauses.push({
          kind: 'clause',
          items: [{ kind: 'literal', type: 'string', value: rows.value, start: rows.start, end: rows.end }],
          start: rows.start,
          end: rows.end,
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
      const keyword: Name = { kind: 'name', text: word.text, bracketed: false, start: word.start, end: word.end };
      if (word.text === 'default' && this.is('=')) this.pos++;
      const style = grammar.keywordItems?.[word.text] ?? 'expressions';
      let items: Expression[];
      if (style === 'pattern') items = this.pattern();
      else if (style === 'schema' && this.is('(')) {
        const close = this.partner[this.pos];
        const open = this.take();
        const columns = this.schema(close);
        if (this.is(')')) this.pos++;
        items = [{ kind: 'list', items: columns, start: open.start, end: this.lastEnd }];
      } else
        items =
          this.atStageEnd() || this.atKeyword() ? [] : this.itemList(style === 'sorted' ? 'sorted' : 'expressions');
      if (!items.length)
        this.report(
          'empty-clause',
          keyword,
          phrase('Nothing follows {0}: the {1} clause needs at least one expression.', quoted(word.text), word.text),
        );
      stage.clauses.push({ kind: 'clause', keyword, items, start: word.start, end: this.lastEnd });
    }
  }

  /** What follows `kind=`: a word, a string, a number, a bracketed name. */
  private parameterValue(): Expression | undefined {
    const t = this.peek();
    if (!t) return undefined;
    if (t.kind === 'identifier' && !this.keywords.includes(t.text)) {
      this.pos++;
      // with_itemindex=index, kind=inner, bagexpansion=array.
      if (t.text === 'true' || t.text === 'false') return { kind: 'literal', type: 'bool', start: t.start, end: t.end };
      return { kind: 'name', text: t.text, bracketed: false, start: t.start, end: t.end };
    }
    if (t.kind === 'string' || t.kind === 'number' || t.kind === 'timespan') {
      // One token: a string after replaceToken='#' is the next item, not a continuation.
      this.pos++;
      return { kind: 'literal', type: t.kind, value: t.value, start: t.start, end: t.end };
    }
    if (t.kind === 'quotedName') return this.name();
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
          const t = this.peek()!;
          this.report('unexpected', t, phrase('{0} is not expected here: an expression is expected.', quoted(t.text)));
          this.skipToStageEnd();
        }
        return items;
      }
      const comma = this.take();
      if (this.is(','))
        this.report('missing-item', this.peek()!, phrase('Two commas in a row: an item is missing between them.'));
      else if (this.atStageEnd() || this.atKeyword())
        this.report('missing-item', comma, phrase('Nothing follows this comma: another item is expected.'));
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

  /** `geo.*`, `['geo.']*`, `*_ms`: names with stars and dots between them (never two names in a row). */
  private wildcard(): Wildcard | undefined {
    let i = this.pos;
    let sawStar = false;
    let end = -1;
    let previousIsName = false;
    const first = this.peek();
    if (!first) return undefined;
    for (; i < this.stop; i++) {
      const t = this.tokens[i];
      const star = t.kind === 'operator' && t.text === '*';
      const dot = t.kind === 'punctuation' && t.text === '.';
      const name =
        (t.kind === 'identifier' && !SORT_ORDERS.has(t.text) && t.text !== 'nulls') || t.kind === 'quotedName';
      if (!(star || dot || name) || (name && previousIsName)) break;
      previousIsName = name;
      sawStar ||= star;
      end = t.end;
    }
    // `*` alone is a Star (project-reorder * desc); a star must be part of a longer run here.
    if (!sawStar || (i === this.pos + 1 && first.text === '*' && first.kind === 'operator')) {
      if (first.kind === 'operator' && first.text === '*') {
        this.pos++;
        return { kind: 'wildcard', text: '*', start: first.start, end: first.end };
      }
      return undefined;
    }
    this.pos = i;
    return { kind: 'wildcard', text: this.text.slice(first.start, end), start: first.start, end };
  }

  private sorted(expression: Expression): Expression {
    let order: Name | undefined;
    let nulls: Name | undefined;
    const t = this.peek();
    if (t?.kind === 'identifier' && SORT_ORDERS.has(t.text)) {
      this.pos++;
      order = { kind: 'name', text: t.text, bracketed: false, start: t.start, end: t.end };
    }
    if (this.isWord('nulls') && (this.isWord('first', 1) || this.isWord('last', 1))) {
      const word = this.take();
      const which = this.take();
      nulls = { kind: 'name', text: which.text, bracketed: false, start: word.start, end: which.end };
    }
    if (!order && !nulls) return expression;
    return { kind: 'sorted', expression, order, nulls, start: expression.start, end: this.lastEnd };
  }

  /** `name = value`, `(a, b) = value`, or an expression (a pipeline inside brackets). */
  private assignmentOrExpression(): Expression | undefined {
    const t = this.peek();
    if (!t) return undefined;
    let target: Name | List | undefined;
    if ((t.kind === 'identifier' || t.kind === 'quotedName') && this.is('=', 1)) {
      target = this.name();
    } else if (t.kind === 'punctuation' && t.text === '(' && this.partner[this.pos] > this.pos) {
      const after = this.partner[this.pos] + 1 < this.stop ? this.tokens[this.partner[this.pos] + 1] : undefined;
      if (after?.kind === 'operator' && after.text === '=') {
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
      this.report(
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

  /** A parse pattern: strings, `*`, and fields with their types, to the end of the stage. */
  private pattern(): (Literal | Star | Typed)[] {
    const items: (Literal | Star | Typed)[] = [];
    while (!this.atStageEnd() && !this.atKeyword()) {
      const t = this.peek()!;
      if (t.kind === 'string') {
        this.pos++;
        items.push({ kind: 'literal', type: 'string', value: t.value, start: t.start, end: t.end });
      } else if (t.kind === 'operator' && t.text === '*') {
        this.pos++;
        items.push({ kind: 'star', start: t.start, end: t.end });
      } else if (t.kind === 'identifier' || t.kind === 'quotedName') {
        items.push(this.typed());
      } else {
        this.report('unexpected', t, phrase('{0} is not expected in a parse pattern.', quoted(t.text)));
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
      if (t?.kind === 'identifier') {
        this.pos++;
        type = { kind: 'name', text: t.text, bracketed: false, start: t.start, end: t.end };
      } else if (t?.kind === 'punctuation' && t.text === '(') {
        // A tabular parameter's schema: (*) or (a:string, …).
        const start = t.start;
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
      const t = this.peek()!;
      if (t.kind === 'identifier' || t.kind === 'quotedName') items.push(this.typed());
      else if (t.kind === 'punctuation' && t.text === ',') {
        this.pos++;
        if (this.is(','))
          this.report('missing-item', this.peek()!, phrase('Two commas in a row: an item is missing between them.'));
        else if (this.pos === limit)
          this.report('missing-item', t, phrase('Nothing follows this comma: another item is expected.'));
      } else if (t.kind === 'punctuation' && t.text in CLOSERS) break;
      else {
        this.report('unexpected', t, phrase('{0} is not expected in a list of columns.', quoted(t.text)));
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
      const op = this.binaryOperator();
      if (!op || op.precedence < minimum) return left;
      const span: Span = { start: op.start, end: op.end };
      this.pos += op.tokens;
      const right = this.expression(op.precedence + 1);
      if (!right)
        this.report(
          'missing-operand',
          span,
          phrase('Nothing follows {0}: an operand is expected on its right.', quoted(op.text)),
        );
      left = {
        kind: 'binary',
        operator: op.text,
        operatorSpan: span,
        left,
        right,
        start: left.start,
        end: this.lastEnd,
      };
    }
  }

  private binaryOperator():
    { text: string; precedence: number; tokens: number; start: number; end: number } | undefined {
    const t = this.peek();
    if (!t) return undefined;
    if (t.kind === 'punctuation' && t.text === ':' && this.colonIsOperator)
      return { text: ':', precedence: 3, tokens: 1, start: t.start, end: t.end };
    if (t.kind === 'operator') {
      const precedence = SYMBOL_OPERATORS.get(t.text);
      return precedence === undefined ? undefined : { text: t.text, precedence, tokens: 1, start: t.start, end: t.end };
    }
    if (t.kind !== 'identifier') return undefined;
    const precedence = WORD_OPERATORS.get(t.text);
    if (precedence === undefined) return undefined;
    if (t.text === 'matches' || t.text === '!matches') {
      const regex = this.peek(1);
      if (regex?.kind !== 'identifier' || regex.text !== 'regex') return undefined;
      return { text: `${t.text} regex`, precedence, tokens: 2, start: t.start, end: regex.end };
    }
    return { text: t.text, precedence, tokens: 1, start: t.start, end: t.end };
  }

  private unary(): Expression | undefined {
    if (this.depth >= MAX_DEPTH) {
      // Brackets nested deeper than any query: the rest is not read (its brackets are reported).
      if (this.depth === MAX_DEPTH && this.peek())
        this.report('unexpected', this.peek()!, phrase('Brackets are nested too deeply here to read further.'));
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
    if (t?.kind === 'operator' && (t.text === '-' || t.text === '+')) {
      this.pos++;
      const operand = this.unary();
      if (!operand)
        this.report(
          'missing-operand',
          t,
          phrase('Nothing follows {0}: an operand is expected on its right.', quoted(t.text)),
        );
      return { kind: 'unary', operator: t.text, operand, start: t.start, end: this.lastEnd };
    }
    return this.postfix();
  }

  private postfix(): Expression | undefined {
    let expression = this.primary();
    if (!expression) return undefined;
    for (;;) {
      const t = this.peek();
      if (!t) return expression;
      if (t.kind === 'punctuation' && t.text === '.') {
        this.pos++;
        const member = this.memberName();
        if (!member) this.report('missing-operand', t, phrase('A name is expected after {0}.', quoted('.')));
        expression = { kind: 'member', object: expression, member, start: expression.start, end: this.lastEnd };
      } else if (t.kind === 'quotedName' && t.start === expression.end) {
        this.pos++;
        const index: Literal = { kind: 'literal', type: 'string', value: t.value, start: t.start + 1, end: t.end - 1 };
        expression = { kind: 'index', object: expression, index, start: expression.start, end: t.end };
      } else if (t.kind === 'punctuation' && t.text === '[') {
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
      } else if (t.kind === 'punctuation' && t.text === '(' && expression.kind === 'name' && expression.bracketed) {
        // ['name'](…): a function called by a bracketed name.
        const callee: Name = expression;
        const args = this.bracketItems(')');
        expression = { kind: 'call', callee, args, start: callee.start, end: this.lastEnd };
      } else if (t.kind === 'quotedName' && expression.kind !== 'literal') {
        // ['a'] ['b']: an index after a space, as APL reads it.
        this.pos++;
        const index: Literal = { kind: 'literal', type: 'string', value: t.value, start: t.start + 1, end: t.end - 1 };
        expression = { kind: 'index', object: expression, index, start: expression.start, end: t.end };
      } else return expression;
    }
  }

  private memberName(): Name | undefined {
    const t = this.peek();
    if (t?.kind === 'identifier' || t?.kind === 'quotedName') return this.name();
    if (t?.kind === 'number' && /^\d+$/.test(t.text)) {
      this.pos++;
      return { kind: 'name', text: t.text, bracketed: false, start: t.start, end: t.end };
    }
    return undefined;
  }

  /** An identifier or a bracketed name. */
  private name(): Name | undefined {
    const t = this.peek();
    if (t?.kind === 'identifier') {
      this.pos++;
      return { kind: 'name', text: t.text, bracketed: false, start: t.start, end: t.end };
    }
    if (t?.kind === 'quotedName') {
      this.pos++;
      return { kind: 'name', text: t.value ?? '', bracketed: true, start: t.start, end: t.end };
    }
    return undefined;
  }

  private primary(): Expression | undefined {
    const t = this.peek();
    if (!t) return undefined;
    switch (t.kind) {
      case 'string': {
        this.pos++;
        let end = t.end;
        // 'a' 'b': APL joins strings written one after another.
        while (this.peek()?.kind === 'string') end = this.take().end;
        return { kind: 'literal', type: 'string', value: t.value, start: t.start, end };
      }
      case 'number':
        this.pos++;
        return { kind: 'literal', type: 'number', start: t.start, end: t.end };
      case 'timespan':
        this.pos++;
        return { kind: 'literal', type: 'timespan', start: t.start, end: t.end };
      case 'quotedName':
        return this.name();
      case 'identifier':
        return this.identifierExpression(t);
      case 'operator':
        if (t.text === '*') {
          this.pos++;
          return { kind: 'star', start: t.start, end: t.end };
        }
        return undefined;
      case 'punctuation':
        if (t.text === '(') return this.parenthesized();
        if (t.text === '[') return this.bracketList();
        return undefined;
      default:
        return undefined;
    }
  }

  private identifierExpression(t: Token): Expression | undefined {
    const word = t.text;
    if (this.keywords.includes(word)) return undefined;
    if (WORD_OPERATORS.has(word) && !this.is('(', 1)) {
      // A field may be called matches: only `matches regex` is the operator.
      if (!(word === 'matches' || word === '!matches') || this.isWord('regex', 1)) return undefined;
    }
    if (word === 'true' || word === 'false') {
      this.pos++;
      return { kind: 'literal', type: 'bool', start: t.start, end: t.end };
    }
    if (word === 'null') {
      this.pos++;
      return { kind: 'literal', type: 'null', start: t.start, end: t.end };
    }
    if (HEAD_OPERATORS.has(word) && this.isHead(word) && word !== 'search') {
      // A head operator inside brackets or after let: (print x = 1), let T = datatable(…)[…].
      return this.pipeline();
    }
    if (!this.is('(', 1)) {
      this.pos++;
      return { kind: 'name', text: word, bracketed: false, start: t.start, end: t.end };
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
        return { kind: 'literal', type: literal, values, start: t.start, end: this.lastEnd };
      }
      if (literal === 'dynamic') {
        this.pos++;
        this.jsonValue(close, values);
        this.pos = close;
      }
      this.skipOne();
      return { kind: 'literal', type: literal, values, start: t.start, end: this.lastEnd };
    }
    this.pos++;
    const callee: Name = { kind: 'name', text: word, bracketed: false, start: t.start, end: t.end };
    const args = this.bracketItems(')');
    return { kind: 'call', callee, args, start: t.start, end: this.lastEnd };
  }

  /** The JSON inside `dynamic(…)`, up to the token at `limit`: only its commas are checked (two in a
   *  row, or one before a closing bracket); the rest is a literal. */
  private jsonValue(limit: number, values: Expression[]): void {
    const t = this.peek();
    if (!t || this.pos >= limit) return;
    const closer = t.kind === 'punctuation' ? (t.text === '[' ? ']' : t.text === '{' ? '}' : undefined) : undefined;
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
          this.report('missing-item', this.peek()!, phrase('Two commas in a row: an item is missing between them.'));
        else if (this.pos === end)
          this.report('missing-item', comma, phrase('Nothing follows this comma: another item is expected.'));
      } else if (this.pos === before || this.pos < end) {
        this.pos = end;
      }
    }
    this.pos = end + 1;
  }

  /** `( … )`: a grouped expression, a subquery, or a list. */
  private parenthesized(): Expression {
    const open = this.peek()!;
    const items = this.bracketItems(')');
    if (items.length === 1 && !this.commaSeen)
      return { kind: 'paren', inner: items[0], start: open.start, end: this.lastEnd };
    return { kind: 'list', items, start: open.start, end: this.lastEnd };
  }

  private bracketList(): List {
    const open = this.peek()!;
    const items = this.bracketItems(']');
    return { kind: 'list', items, start: open.start, end: this.lastEnd };
  }

  private commaSeen = false;

  /** The items inside a bracket that opens here, each an assignment, an expression or a subquery;
   *  past the closer when there is one. */
  private bracketItems(closer: string): Expression[] {
    const openIndex = this.pos;
    const open = this.take();
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
            this.report('missing-item', this.peek()!, phrase('Two commas in a row: an item is missing between them.'));
          else if (this.is(closer))
            this.report('missing-item', sep, phrase('Nothing follows this comma: another item is expected.'));
          continue;
        }
        if (this.is(closer) || !this.peek()) break;
        const t = this.peek()!;
        if (t.kind === 'punctuation' && t.text in CLOSERS) break;
        if (!item || this.pos === before || this.pos < this.stop) {
          this.report('unexpected', t, phrase('{0} is not expected here.', quoted(t.text)));
          // Skip to the closer of this bracket when known, else to the next comma or closer.
          const partner = this.partner[openIndex];
          if (partner > this.pos) this.pos = partner;
          else
            while (
              this.peek() &&
              !this.is(',') &&
              !(this.peek()!.kind === 'punctuation' && this.peek()!.text in CLOSERS)
            )
              this.skipOne();
        }
      }
    } finally {
      this.keywords = outerKeywords;
    }
    if (this.is(closer)) this.pos++;
    else if (this.partner[openIndex] > this.pos) this.pos = this.partner[openIndex] + 1;
    this.commaSeen = comma;
    void open;
    return items;
  }

  private bracketItem(): Expression | undefined {
    const t = this.peek();
    if (t?.kind === 'operator' && t.text === '*' && (this.is(',', 1) || this.is(')', 1))) {
      this.pos++;
      return { kind: 'star', start: t.start, end: t.end };
    }
    const first = this.assignmentOrExpression();
    if (!first || first.kind === 'assignment' || this.peek()?.kind !== 'pipe') {
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
          end: type?.end ?? colon.end,
        };
      }
      return first;
    }
    // A subquery: the expression is its source, the pipes its stages.
    const stages: Stage[] = [];
    let last = first.end;
    while (this.peek()?.kind === 'pipe') {
      const pipe = this.take();
      stages.push(this.stage(pipe, this.commentsBefore(pipe.start, last)));
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

  private expectCloser(closer: string): void {
    const t = this.peek();
    if (!t || (t.kind === 'punctuation' && t.text in CLOSERS)) return; // reported as a bracket problem
    this.report('unexpected', t, phrase('{0} is expected here, not {1}.', quoted(closer), quoted(t.text)));
  }
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

function unclosed(token: Token): Problem {
  return {
    code: 'unclosed-bracket',
    severity: 'error',
    start: token.start,
    end: token.end,
    message: phrase('{0} is never closed: {1} is missing.', quoted(token.text), quoted(OPENERS[token.text])),
  };
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
    const char = at < to ? text[at] : at === text.length ? '\n' : undefined;
    if (char === undefined) break;
    if (char === '\n') {
      if (lineStart >= 0 && blank) {
        first ??= lineStart;
        last = at;
      }
      lineStart = at + 1;
      blank = true;
    } else if (char !== ' ' && char !== '\t' && char !== '\r') blank = false;
  }
  return first === undefined ? undefined : { start: first, end: last };
}
