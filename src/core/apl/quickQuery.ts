// The checks' reader of common queries: it reads a query of a file over the scanner's table
// (lexer.ts) as the parser (syntaxParser.ts) would, but builds no node, for checkApl on files of
// many queries (the command-line checker). It knows the shapes queries have: `let` (functions'
// definitions too) and `set`, a dataset, an expression or a head operator at the head, stages of the
// tabular operators with their parameters, keywords, subqueries, wildcards, parse patterns, schemas
// and `dynamic(…)`'s JSON, and expressions of names, literals, calls, members, indexes and operators.
// When a query is all of these and has no problem of syntax, it tells the node reader the query's
// calls and lets and says so; at
// the first thing it does not know, or that the parser would report, it says no and has told
// nothing, and the parser reads that query. So the checks find what the full parser finds
// (test/unit/apl/quickQuery.test.ts compares them on the corpus, generated and mutated text).
import { aplWork } from './aplWork';
import { findOperator } from './reference';
import {
  HEAD_OPERATORS,
  LITERAL_CALLS,
  NO_GRAMMAR,
  OPERATOR_GRAMMAR,
  SORT_ORDERS,
  WORD_OPERATORS,
  type ItemStyle,
} from './aplGrammar';
import {
  IDENTIFIER,
  NUMBER,
  OPERATOR,
  PIPE,
  PUNCTUATION,
  QUOTED_NAME,
  STRING,
  TIMESPAN,
  tokenValue,
  type TokenTable,
} from './lexer';
import type { NodeReader } from './syntaxNodes';

/** Thrown (one object, no stack taken) where the query leaves the shapes this reader knows. */
const NOT_COMMON = new Error('not a common query');

/** Nesting this deep is left to the parser (whose own bound, MAX_DEPTH, is far above it). */
const QUICK_DEPTH = 100;

const OPEN_PARENTHESIS = 40;
const CLOSE_PARENTHESIS = 41;
const STAR = 42;
const PLUS = 43;
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const COLON = 58;
const SEMICOLON = 59;
const EQUALS = 61;
const OPEN_SQUARE = 91;
const CLOSE_SQUARE = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

/** What `primary` read: nothing, a value, a literal (a quoted name after it is no index unless it
 *  touches it), or a bracketed name (which `(` would call). */
const NOTHING = 0;
const VALUE = 1;
const LITERAL = 2;
const BRACKETED_NAME = 3;
/** What `assignmentOrExpression` read besides: `name = value`. */
const ASSIGNMENT = 4;

/** Words whose meaning depends on where they stand (operators, keywords, literals, heads…). */
const MEANINGFUL_WORDS: readonly string[] = [
  ...WORD_OPERATORS.keys(),
  ...HEAD_OPERATORS,
  ...SORT_ORDERS,
  ...[...OPERATOR_GRAMMAR.values()].flatMap((grammar) => grammar.keywords ?? []),
  ...['true', 'false', 'null', 'nulls', 'first', 'last', 'regex', 'let', 'set'],
];

/** A word's shape: its length (to 31), its first and its last character (their low 6 bits). */
function shapeOf(text: string, start: number, end: number): number {
  return (Math.min(end - start, 31) << 12) | ((text.charCodeAt(start) & 63) << 6) | (text.charCodeAt(end - 1) & 63);
}

let meaningfulShapes: Uint8Array | undefined;

/** The shapes of MEANINGFUL_WORDS: a word of another shape is a plain name wherever it stands, told
 *  without reading it as a string. Made on first use. */
function shapes(): Uint8Array {
  if (!meaningfulShapes) {
    meaningfulShapes = new Uint8Array(1 << 17);
    for (const word of MEANINGFUL_WORDS) meaningfulShapes[shapeOf(word, 0, word.length)] = 1;
  }
  return meaningfulShapes;
}

const NO_KEYWORDS: readonly string[] = [];

const NO_NUMBERS: Int32Array = new Int32Array(0);
const NO_LETTERS: Uint8Array = new Uint8Array(0);
const NO_TABLE: TokenTable = {
  text: '',
  count: 0,
  kinds: NO_LETTERS,
  starts: NO_NUMBERS,
  ends: NO_NUMBERS,
  unterminated: NO_LETTERS,
  openStrings: [],
};
const NO_READER: NodeReader = { call: () => undefined, let: () => undefined };

let idle: QuickQueries | undefined;

/** A reader of the queries of one text's table, where `partner[i]` is the token a bracket pairs with
 *  (every bracket of the text pairs, in order: the parser hands queries over only then). Given back
 *  with `releaseQuickQueries` when the text is read: the next text is read by the same reader, whose code stays
 *  as the engine optimized it (a reader made per text took three times as long on a file checked
 *  after another, its optimized code thrown away with the reader before). */
export function quickQueries(tokens: TokenTable, partner: Int32Array, onNode: NodeReader): QuickQueries {
  const reader = idle ?? new QuickQueries();
  idle = undefined;
  reader.begin(tokens, partner, onNode);
  return reader;
}

/** Gives a reader back when its text is read: it lets go of the text, and reads the next. */
export function releaseQuickQueries(reader: QuickQueries): void {
  reader.clear();
  idle = reader;
}

export class QuickQueries {
  private tokens = NO_TABLE;
  private partner = NO_NUMBERS;
  private onNode = NO_READER;
  private text = '';
  private kinds = NO_LETTERS;
  private starts = NO_NUMBERS;
  private ends = NO_NUMBERS;
  private readonly shapes = shapes();
  private pos = 0;
  private stop = 0;
  private depth = 0;
  /** The keywords of the stage being read (they end its items); none inside brackets. */
  private keywords = NO_KEYWORDS;
  /** In search, `field:value` is a comparison. */
  private colonIsOperator = false;
  /** The calls of the query being read, three numbers each (callee token, call end, arguments),
   *  and its lets (name tokens): told only once the whole query is read. */
  private calls: number[] = [];
  private callCount = 0;
  private lets: number[] = [];
  private letCount = 0;

  begin(tokens: TokenTable, partner: Int32Array, onNode: NodeReader): void {
    this.tokens = tokens;
    this.partner = partner;
    this.onNode = onNode;
    this.text = tokens.text;
    this.kinds = tokens.kinds;
    this.starts = tokens.starts;
    this.ends = tokens.ends;
  }

  /** Lets go of the text. */
  clear(): void {
    this.begin(NO_TABLE, NO_NUMBERS, NO_READER);
    this.calls = [];
    this.lets = [];
  }

  /** Reads the query of tokens [from, stop): true when it was read (its calls and lets told),
   *  false when it is left to the parser (nothing told). */
  readQuery(from: number, stop: number): boolean {
    this.pos = from;
    this.stop = stop;
    this.depth = 0;
    this.keywords = NO_KEYWORDS;
    this.colonIsOperator = false;
    this.callCount = 0;
    this.letCount = 0;
    try {
      for (;;) {
        while (this.isPunctuation(this.pos, SEMICOLON)) this.pos++;
        if (this.pos >= stop) break;
        const before = this.pos;
        this.statement();
        if (this.pos === before || (this.pos < stop && !this.isPunctuation(this.pos, SEMICOLON))) throw NOT_COMMON;
      }
    } catch (error) {
      if (error !== NOT_COMMON) throw error;
      aplWork.leftQueries++;
      return false;
    }
    this.tell();
    aplWork.quickQueries++;
    return true;
  }

  /** Tells the node reader the calls and lets of the query read. */
  private tell(): void {
    const { calls, lets, text, starts, ends, onNode } = this;
    for (let i = 0; i < this.callCount; i += 3) {
      const callee = calls[i];
      const start = starts[callee];
      const end = ends[callee];
      onNode.call(text.slice(start, end), start, end, calls[i + 1], calls[i + 2]);
    }
    for (let i = 0; i < this.letCount; i++) {
      const name = lets[i];
      onNode.let(
        this.kinds[name] === QUOTED_NAME ? (tokenValue(this.tokens, name) ?? '') : text.slice(starts[name], ends[name]),
      );
    }
  }

  // --- tokens ---------------------------------------------------------------------------------

  /** A token's kind, or -1 past the query. */
  private kind(t: number): number {
    return t < this.stop ? this.kinds[t] : -1;
  }

  /** Whether token t is the one-character punctuation `c`. */
  private isPunctuation(t: number, c: number): boolean {
    return t < this.stop && this.kinds[t] === PUNCTUATION && this.text.charCodeAt(this.starts[t]) === c;
  }

  /** Whether token t is the one-character operator `c` (`=`, `*`, `-`, `+`). */
  private isOperator(t: number, c: number): boolean {
    return (
      t < this.stop &&
      this.kinds[t] === OPERATOR &&
      this.ends[t] - this.starts[t] === 1 &&
      this.text.charCodeAt(this.starts[t]) === c
    );
  }

  private isCloser(t: number): boolean {
    if (t >= this.stop || this.kinds[t] !== PUNCTUATION) return false;
    const c = this.text.charCodeAt(this.starts[t]);
    return c === CLOSE_PARENTHESIS || c === CLOSE_SQUARE || c === CLOSE_BRACE;
  }

  /** Whether an identifier may mean more than a name (its shape is one of MEANINGFUL_WORDS'). */
  private meaningful(t: number): boolean {
    return this.shapes[shapeOf(this.text, this.starts[t], this.ends[t])] === 1;
  }

  private word(t: number): string {
    return this.text.slice(this.starts[t], this.ends[t]);
  }

  /** Whether token t is the identifier `word`. */
  private isWord(t: number, word: string): boolean {
    const start = this.starts[t];
    return (
      t < this.stop &&
      this.kinds[t] === IDENTIFIER &&
      this.ends[t] - start === word.length &&
      this.text.startsWith(word, start)
    );
  }

  /** `|`, `;`, a closing bracket or the end of the query: what ends a stage. */
  private atStageEnd(): boolean {
    const t = this.pos;
    if (t >= this.stop) return true;
    const kind = this.kinds[t];
    return kind === PIPE || (kind === PUNCTUATION && (this.isPunctuation(t, SEMICOLON) || this.isCloser(t)));
  }

  private atKeyword(): boolean {
    const t = this.pos;
    return (
      this.keywords.length > 0 &&
      this.kind(t) === IDENTIFIER &&
      this.meaningful(t) &&
      this.keywords.includes(this.word(t))
    );
  }

  // --- statements and stages ------------------------------------------------------------------

  private statement(): void {
    const t = this.pos;
    if (this.kind(t) !== IDENTIFIER || !this.meaningful(t)) {
      this.pipeline();
    } else if (this.isWord(t, 'let')) {
      const name = t + 1;
      const nameKind = this.kind(name);
      if ((nameKind !== IDENTIFIER && nameKind !== QUOTED_NAME) || !this.isOperator(name + 1, EQUALS)) throw NOT_COMMON;
      const value = name + 2;
      this.pos = value;
      if (!this.functionDefinition()) {
        this.pipeline();
        if (this.pos === value) throw NOT_COMMON;
      }
      this.lets[this.letCount++] = name;
    } else if (this.isWord(t, 'set')) {
      // set query_now = …: a name of words and dots, and a value.
      this.pos++;
      if (this.kind(this.pos) === IDENTIFIER) {
        this.pos++;
        while (this.isPunctuation(this.pos, DOT) && this.kind(this.pos + 1) === IDENTIFIER) this.pos += 2;
      }
      if (this.isOperator(this.pos, EQUALS)) {
        this.pos++;
        if (!this.expression()) throw NOT_COMMON;
      }
    } else this.pipeline();
  }

  /** `(x:long, y:string = "a") { … }` when the value here is one: whether it was. */
  private functionDefinition(): boolean {
    const open = this.pos;
    const close = this.isPunctuation(open, OPEN_PARENTHESIS) ? this.partner[open] : -1;
    if (close <= open || !this.isPunctuation(close + 1, OPEN_BRACE)) return false;
    this.pos++;
    this.schema(close);
    this.pos = close + 2;
    // Its statements, apart by semicolons, to the closing brace.
    for (;;) {
      while (this.isPunctuation(this.pos, SEMICOLON)) this.pos++;
      if (this.pos >= this.stop) throw NOT_COMMON;
      if (this.isCloser(this.pos)) break;
      const before = this.pos;
      this.statement();
      if (this.pos === before || !(this.isPunctuation(this.pos, SEMICOLON) || this.isCloser(this.pos)))
        throw NOT_COMMON;
    }
    if (!this.isPunctuation(this.pos, CLOSE_BRACE)) throw NOT_COMMON;
    this.pos++;
    return true;
  }

  private pipeline(): void {
    const first = this.pos;
    const kind = this.kind(first);
    if (kind === IDENTIFIER && this.meaningful(first) && this.isHead(first)) this.stage(false);
    else if (kind >= 0 && kind !== PIPE) this.expression();
    while (this.kind(this.pos) === PIPE) {
      this.pos++;
      this.stage(true);
    }
  }

  /** Whether the word at t starts a query as an operator of its own (`range x from …`, `print x`),
   *  rather than being a call (`range(…)`) or a name. */
  private isHead(t: number): boolean {
    const word = this.word(t);
    if (!HEAD_OPERATORS.has(word)) return false;
    if (word === 'range') return this.kind(t + 1) === IDENTIFIER;
    if (word === 'print') return !this.isPunctuation(t + 1, OPEN_PARENTHESIS) && !this.isPunctuation(t + 1, DOT);
    return true;
  }

  /** A stage, after its pipe or (`hasPipe` false) at the head of a query. */
  private stage(hasPipe: boolean): void {
    const t = this.pos;
    if ((hasPipe && this.atStageEnd()) || this.kind(t) !== IDENTIFIER) throw NOT_COMMON;
    const operator = this.word(t);
    if (!findOperator(operator) && (hasPipe || !HEAD_OPERATORS.has(operator))) throw NOT_COMMON;
    const grammar = OPERATOR_GRAMMAR.get(operator) ?? NO_GRAMMAR;
    this.pos++;
    const outerKeywords = this.keywords;
    const outerColon = this.colonIsOperator;
    this.keywords = grammar.keywords ?? NO_KEYWORDS;
    // In search, `field:value` is a comparison.
    this.colonIsOperator = operator === 'search';
    // Named parameters: kind=inner, withsource=name, replaceToken='#'.
    for (;;) {
      const parameter = this.pos;
      if (this.kind(parameter) !== IDENTIFIER || !this.isOperator(parameter + 1, EQUALS)) break;
      const name = this.word(parameter);
      if (!grammar.parameters?.includes(name) && !name.startsWith('hint.')) break;
      this.pos += 2;
      this.parameterValue();
    }
    if (operator === 'search' && this.isWord(this.pos, 'in') && this.isPunctuation(this.pos + 1, OPEN_PARENTHESIS)) {
      // search in (T1, T2) …
      this.pos++;
      this.primary();
    }
    let items = false;
    if (operator === 'datatable' || operator === 'externaldata') {
      // Its columns, (a:string, b:long), then its rows, [ … ], or its address, ['https://…'].
      if (this.isPunctuation(this.pos, OPEN_PARENTHESIS)) {
        const close = this.partner[this.pos];
        this.pos++;
        this.schema(close);
        if (this.isPunctuation(this.pos, CLOSE_PARENTHESIS)) this.pos++;
      }
      if (this.kind(this.pos) === QUOTED_NAME) this.pos++;
      else if (this.isPunctuation(this.pos, OPEN_SQUARE)) this.bracketItems(CLOSE_SQUARE);
    } else if (!this.atStageEnd() && !this.atKeyword()) items = this.itemList(grammar.items ?? 'expressions');
    while (this.atKeyword()) {
      const keyword = this.word(this.pos);
      this.pos++;
      if (keyword === 'default' && this.isOperator(this.pos, EQUALS)) this.pos++;
      const style = grammar.keywordItems?.[keyword] ?? 'expressions';
      if (style === 'pattern') this.pattern();
      else if (style === 'schema' && this.isPunctuation(this.pos, OPEN_PARENTHESIS)) {
        const close = this.partner[this.pos];
        this.pos++;
        this.schema(close);
        if (!this.isPunctuation(this.pos, CLOSE_PARENTHESIS)) throw NOT_COMMON;
        this.pos++;
      } else {
        if (this.atStageEnd() || this.atKeyword()) throw NOT_COMMON;
        this.itemList(style === 'sorted' ? 'sorted' : 'expressions');
      }
      items = true;
    }
    this.keywords = outerKeywords;
    this.colonIsOperator = outerColon;
    if (!this.atStageEnd() || (grammar.needs && !items)) throw NOT_COMMON;
  }

  /** What follows `kind=`: a word, a string, a number or a bracketed name, one token. */
  private parameterValue(): void {
    const t = this.pos;
    const kind = this.kind(t);
    if (
      (kind === IDENTIFIER && !(this.meaningful(t) && this.keywords.includes(this.word(t)))) ||
      kind === STRING ||
      kind === NUMBER ||
      kind === TIMESPAN ||
      kind === QUOTED_NAME
    )
      this.pos++;
    else throw NOT_COMMON;
  }

  /** A parse pattern: strings, `*`, and fields with their types, to the end of the stage. */
  private pattern(): void {
    let items = 0;
    while (!this.atStageEnd() && !this.atKeyword()) {
      const t = this.pos;
      const kind = this.kinds[t];
      if (kind === STRING || this.isOperator(t, STAR)) this.pos++;
      else if (kind === IDENTIFIER || kind === QUOTED_NAME) this.typed();
      else throw NOT_COMMON;
      items++;
    }
    if (!items) throw NOT_COMMON;
  }

  /** `name[:type][= default]`. */
  private typed(): void {
    this.pos++;
    if (this.isPunctuation(this.pos, COLON)) {
      this.pos++;
      if (this.kind(this.pos) === IDENTIFIER) this.pos++;
      else if (this.isPunctuation(this.pos, OPEN_PARENTHESIS)) {
        // A tabular parameter's schema, (*) or (a:string, …): read as the type's text.
        const close = this.partner[this.pos];
        this.pos = close > this.pos ? close + 1 : this.pos + 1;
      }
    }
    if (this.isOperator(this.pos, EQUALS)) {
      this.pos++;
      this.expression();
    }
  }

  /** Columns up to the closing parenthesis at `close`: `(a:string, b:long)`. */
  private schema(close: number): void {
    const limit = close > this.pos ? close : this.stop;
    while (this.pos < limit) {
      const t = this.pos;
      const kind = this.kinds[t];
      if (kind === IDENTIFIER || kind === QUOTED_NAME) this.typed();
      else if (this.isPunctuation(t, COMMA)) {
        this.pos++;
        if (this.isPunctuation(this.pos, COMMA) || this.pos === limit) throw NOT_COMMON;
      } else if (this.isCloser(t)) break;
      else throw NOT_COMMON;
    }
  }

  /** Items separated by commas, each there (an item missing is the parser's to report): whether any. */
  private itemList(style: ItemStyle): boolean {
    for (;;) {
      if (!this.item(style)) throw NOT_COMMON;
      if (!this.isPunctuation(this.pos, COMMA)) return true;
      this.pos++;
      if (this.isPunctuation(this.pos, COMMA) || this.atStageEnd() || this.atKeyword()) throw NOT_COMMON;
    }
  }

  private item(style: ItemStyle): boolean {
    if (!((style !== 'expressions' && this.wildcard()) || this.assignmentOrExpression() !== NOTHING)) return false;
    if (style === 'sorted') {
      // asc, desc…; nulls first, nulls last.
      const t = this.pos;
      if (this.kind(t) === IDENTIFIER && this.meaningful(t) && SORT_ORDERS.has(this.word(t))) this.pos++;
      if (this.isWord(this.pos, 'nulls') && (this.isWord(this.pos + 1, 'first') || this.isWord(this.pos + 1, 'last')))
        this.pos += 2;
    }
    return true;
  }

  /** `geo.*`, `['geo.']*`, `*_ms`, or `*` alone: names with stars and dots between them (never two
   *  names in a row), read when there is one. */
  private wildcard(): boolean {
    const first = this.pos;
    if (first >= this.stop) return false;
    let sawStar = false;
    let previousIsName = false;
    let i = first;
    for (; i < this.stop; i++) {
      const kind = this.kinds[i];
      const star = this.isOperator(i, STAR);
      const name =
        kind === QUOTED_NAME ||
        (kind === IDENTIFIER && !(this.meaningful(i) && (SORT_ORDERS.has(this.word(i)) || this.isWord(i, 'nulls'))));
      if (!(star || name || this.isPunctuation(i, DOT)) || (name && previousIsName)) break;
      previousIsName = name;
      sawStar ||= star;
    }
    if (!sawStar || (i === first + 1 && this.isOperator(first, STAR))) {
      if (!this.isOperator(first, STAR)) return false;
      this.pos++;
      return true;
    }
    this.pos = i;
    return true;
  }

  // --- expressions ----------------------------------------------------------------------------

  /** `name = value`, or an expression: what was read (NOTHING, ASSIGNMENT or VALUE). */
  private assignmentOrExpression(): number {
    const t = this.pos;
    const kind = this.kind(t);
    if ((kind === IDENTIFIER || kind === QUOTED_NAME) && this.isOperator(t + 1, EQUALS)) {
      this.pos += 2;
      if (!this.expression()) throw NOT_COMMON;
      return ASSIGNMENT;
    }
    // `(a, b) = …` is the parser's.
    const close = this.isPunctuation(t, OPEN_PARENTHESIS) ? this.partner[t] : -1;
    if (close > t && this.isOperator(close + 1, EQUALS)) throw NOT_COMMON;
    return this.expression() ? VALUE : NOTHING;
  }

  /** Operands and the binary operators between them (how they bind changes no call nor problem):
   *  whether one was read. */
  private expression(): boolean {
    if (!this.unary()) return false;
    for (;;) {
      const operator = this.binaryOperator();
      if (!operator) return true;
      this.pos += operator;
      if (!this.unary()) throw NOT_COMMON;
    }
  }

  /** How many tokens the binary operator here is (`matches regex` two), or 0 for none. */
  private binaryOperator(): number {
    const t = this.pos;
    const kind = this.kind(t);
    if (kind === PUNCTUATION) return this.colonIsOperator && this.isPunctuation(t, COLON) ? 1 : 0;
    // Every operator token but `=` is a binary operator.
    if (kind === OPERATOR) return this.isOperator(t, EQUALS) ? 0 : 1;
    if (kind !== IDENTIFIER || !this.meaningful(t)) return 0;
    const word = this.word(t);
    if (!WORD_OPERATORS.has(word)) return 0;
    if (word === 'matches' || word === '!matches') return this.isWord(t + 1, 'regex') ? 2 : 0;
    return 1;
  }

  private unary(): boolean {
    if (++this.depth > QUICK_DEPTH) throw NOT_COMMON;
    const t = this.pos;
    let read: boolean;
    if (this.isOperator(t, MINUS) || this.isOperator(t, PLUS)) {
      this.pos++;
      if (!this.unary()) throw NOT_COMMON;
      read = true;
    } else read = this.postfix();
    this.depth--;
    return read;
  }

  private postfix(): boolean {
    const primary = this.primary();
    if (primary === NOTHING) return false;
    let literal = primary === LITERAL;
    let bracketedName = primary === BRACKETED_NAME;
    for (;;) {
      const t = this.pos;
      const kind = this.kind(t);
      if (kind === PUNCTUATION) {
        const c = this.text.charCodeAt(this.starts[t]);
        if (c === DOT) {
          const member = this.kind(t + 1);
          if (member !== IDENTIFIER && member !== QUOTED_NAME) throw NOT_COMMON;
          this.pos += 2;
        } else if (c === OPEN_SQUARE) {
          // x[0], x[i + 1]: an index (a slice, x[1:3], is the parser's).
          this.pos++;
          if (!this.expression() || !this.isPunctuation(this.pos, CLOSE_SQUARE)) throw NOT_COMMON;
          this.pos++;
        } else if (c === OPEN_PARENTHESIS && bracketedName) throw NOT_COMMON;
        else return true;
      } else if (kind === QUOTED_NAME && (!literal || this.starts[t] === this.ends[t - 1])) {
        // x['a'], x ['a']: an index.
        this.pos++;
      } else return true;
      literal = false;
      bracketedName = false;
    }
  }

  private primary(): number {
    const t = this.pos;
    switch (this.kind(t)) {
      case STRING:
        // 'a' 'b': one string.
        do this.pos++;
        while (this.kind(this.pos) === STRING);
        return LITERAL;
      case NUMBER:
      case TIMESPAN:
        this.pos++;
        return LITERAL;
      case QUOTED_NAME:
        this.pos++;
        return BRACKETED_NAME;
      case IDENTIFIER:
        return this.identifierExpression(t);
      case OPERATOR:
        if (!this.isOperator(t, STAR)) return NOTHING;
        this.pos++;
        return VALUE;
      case PUNCTUATION:
        if (this.isPunctuation(t, OPEN_PARENTHESIS)) {
          this.bracketItems(CLOSE_PARENTHESIS);
          return VALUE;
        }
        if (this.isPunctuation(t, OPEN_SQUARE)) {
          this.bracketItems(CLOSE_SQUARE);
          return VALUE;
        }
        return NOTHING;
      default:
        return NOTHING;
    }
  }

  private identifierExpression(t: number): number {
    const call = this.isPunctuation(t + 1, OPEN_PARENTHESIS);
    if (this.meaningful(t)) {
      const word = this.word(t);
      if (this.keywords.includes(word)) return NOTHING;
      if (WORD_OPERATORS.has(word) && !call) {
        // A field may be called matches: only `matches regex` is the operator.
        if (!(word === 'matches' || word === '!matches') || this.isWord(t + 1, 'regex')) return NOTHING;
      }
      if (word === 'true' || word === 'false' || word === 'null') {
        this.pos++;
        return LITERAL;
      }
      // A head operator inside brackets or after let: (print x = 1).
      if (word !== 'search' && this.isHead(t)) throw NOT_COMMON;
    }
    if (!call) {
      this.pos++;
      return VALUE;
    }
    const literal = LITERAL_CALLS[this.word(t)];
    if (literal) {
      // datetime(…), guid(…): a literal to the closing parenthesis; dynamic(…) holds JSON.
      const close = this.partner[t + 1];
      if (close < 0) throw NOT_COMMON;
      if (literal === 'dynamic') {
        this.pos = t + 2;
        this.jsonValue(close);
      }
      this.pos = close + 1;
      return LITERAL;
    }
    this.pos = t + 1;
    const args = this.bracketItems(CLOSE_PARENTHESIS);
    const at = this.callCount;
    this.calls[at] = t;
    this.calls[at + 1] = this.ends[this.pos - 1];
    this.calls[at + 2] = args;
    this.callCount = at + 3;
    return VALUE;
  }

  /** The JSON inside `dynamic(…)`, up to the token at `limit`: its commas (two in a row, or one
   *  before a closing bracket, are the parser's to report), and the calls of its values. */
  private jsonValue(limit: number): void {
    const t = this.pos;
    if (t >= this.stop || t >= limit) return;
    if (++this.depth > QUICK_DEPTH) throw NOT_COMMON;
    const brace = this.isPunctuation(t, OPEN_BRACE);
    if (!brace && !this.isPunctuation(t, OPEN_SQUARE)) {
      this.expression();
      this.depth--;
      return;
    }
    const end = this.partner[t] > t ? this.partner[t] : limit;
    this.pos++;
    while (this.pos < end) {
      const before = this.pos;
      if (brace) {
        // "key": value
        this.pos++;
        if (this.isPunctuation(this.pos, COLON)) this.pos++;
      }
      this.jsonValue(end);
      if (this.isPunctuation(this.pos, COMMA)) {
        this.pos++;
        if (this.isPunctuation(this.pos, COMMA) || this.pos === end) throw NOT_COMMON;
      } else if (this.pos === before || this.pos < end) this.pos = end;
    }
    this.pos = end + 1;
    this.depth--;
  }

  /** The items of the bracket that opens here, each there, to its closer `closer` (past it): how many. */
  private bracketItems(closer: number): number {
    this.pos++;
    if (this.isPunctuation(this.pos, closer)) {
      this.pos++;
      return 0;
    }
    const outerKeywords = this.keywords;
    this.keywords = NO_KEYWORDS;
    let count = 0;
    for (;;) {
      this.bracketItem();
      count++;
      if (this.isPunctuation(this.pos, COMMA)) {
        this.pos++;
        if (this.isPunctuation(this.pos, COMMA) || this.isPunctuation(this.pos, closer)) throw NOT_COMMON;
        continue;
      }
      if (!this.isPunctuation(this.pos, closer)) throw NOT_COMMON;
      this.pos++;
      this.keywords = outerKeywords;
      return count;
    }
  }

  private bracketItem(): void {
    const t = this.pos;
    // count(*), arg_max(_time, *).
    if (
      this.isOperator(t, STAR) &&
      (this.isPunctuation(t + 1, COMMA) || this.isPunctuation(t + 1, CLOSE_PARENTHESIS))
    ) {
      this.pos++;
      return;
    }
    const first = this.assignmentOrExpression();
    // A typed name (`x:long`) outside a schema is the parser's.
    if (first === NOTHING || this.isPunctuation(this.pos, COLON)) throw NOT_COMMON;
    // A subquery: (T | where …).
    if (first === VALUE)
      while (this.kind(this.pos) === PIPE) {
        this.pos++;
        this.stage(true);
      }
  }
}
