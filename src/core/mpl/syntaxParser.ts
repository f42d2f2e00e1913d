// MPL text into its syntax tree (syntaxNodes.ts), by recursive descent over the lexer's tokens,
// with recovery: a part that is missing is reported where it should be and the rest is read on; a
// word after a pipe that is no operation is reported and its stage skipped to the next pipe; text
// where nothing may stand is reported once per run and skipped to where a pipe, a comma or a new
// query picks up again. It never throws and every text gives a tree. What the tree's names mean
// (functions known, units, directives) is the checks' (checks.ts).
import { phrase, type Phrase } from '../phrase';
import { isPlainName, lexMpl, type MplToken } from './lexer';
import type { MplProblem, MplProblemCode } from './problem';
import type {
  MplAssignment,
  MplDirective,
  MplFilter,
  MplFunctionRef,
  MplGroup,
  MplLiteral,
  MplName,
  MplPipeline,
  MplQuery,
  MplSource,
  MplStage,
  MplTimeRange,
  MplWord,
  ParsedMpl,
  Span,
} from './syntaxNodes';
import { OPERATION_NAMES, findOperation } from './reference';
import { suggest } from '../apl/suggest';

const COMPARISON_OPERATORS = new Set(['==', '!=', '<', '<=', '>', '>=']);
const ARITHMETIC = new Set(['+', '-', '*', '/']);
const VALUE_KINDS = new Set(['string', 'number', 'duration', 'datetime', 'regex', 'variable']);

export function parseMpl(text: string): ParsedMpl {
  const tokens = lexMpl(text);
  const problems: MplProblem[] = [];
  const comments: MplToken[] = [];
  const significant: MplToken[] = [];
  for (const token of tokens) {
    if (token.kind === 'comment') comments.push(token);
    else if (token.kind === 'unknown')
      problems.push(problem('unexpected', token, phrase('{0} has no meaning in MPL.', quoted(token.text))));
    else {
      significant.push(token);
      if (token.unterminated)
        problems.push(
          problem(
            'unclosed-string',
            token,
            token.kind === 'quotedName'
              ? phrase('This name has no closing backquote.')
              : token.kind === 'regex'
                ? phrase('This regular expression has no closing /.')
                : phrase('This string has no closing quote.'),
          ),
        );
      if (token.singleQuoted)
        problems.push(problem('single-quotes', token, phrase('MPL writes strings in double quotes: "…".')));
    }
  }
  const parser = new Parser(text, significant, problems);
  const queries = parser.queries();
  problems.sort((a, b) => a.start - b.start || a.end - b.end);
  return { text, tokens, queries, comments, problems };
}

function problem(code: MplProblemCode, at: Span, message: Phrase, extra?: Partial<MplProblem>): MplProblem {
  return { code, severity: 'error', start: at.start, end: at.end, message, ...extra };
}

function quoted(text: string): string {
  return `'${text}'`;
}

class Parser {
  private i = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: readonly MplToken[],
    private readonly problems: MplProblem[],
  ) {}

  queries(): MplQuery[] {
    const queries: MplQuery[] = [];
    while (this.peek()) {
      const before = this.i;
      const query = this.query();
      if (query) queries.push(query);
      if (this.i === before) this.skipUnexpected(() => this.startsQuery());
    }
    return queries;
  }

  // ---- tokens

  private peek(ahead = 0): MplToken | undefined {
    return this.tokens[this.i + ahead];
  }

  private next(): MplToken {
    return this.tokens[this.i++];
  }

  private isWord(word: string, ahead = 0): boolean {
    const t = this.peek(ahead);
    return t?.kind === 'identifier' && t.text === word;
  }

  private isPunctuation(text: string, ahead = 0): boolean {
    const t = this.peek(ahead);
    return t?.kind === 'punctuation' && t.text === text;
  }

  private isOperator(text: string, ahead = 0): boolean {
    const t = this.peek(ahead);
    return t?.kind === 'operator' && t.text === text;
  }

  /** The end of the last token read (where a missing part is reported when nothing is before it). */
  private lastEnd(): number {
    return this.tokens[this.i - 1]?.end ?? 0;
  }

  private report(code: MplProblemCode, at: Span, message: Phrase, extra?: Partial<MplProblem>): void {
    this.problems.push(problem(code, at, message, extra));
  }

  /** A part that is missing, reported on the token before it (what it belongs to). */
  private missing(message: Phrase, after?: Span): void {
    const previous = after ?? this.tokens[this.i - 1] ?? { start: 0, end: 0 };
    this.report('missing-part', previous, message);
  }

  /** Whether a query starts here: `set`, `(`, or a name followed by `:`. */
  private startsQuery(ahead = 0): boolean {
    const t = this.peek(ahead);
    if (!t) return false;
    if (t.kind === 'identifier' && t.text === 'set') return true;
    if (t.kind === 'punctuation' && t.text === '(') return true;
    return (t.kind === 'identifier' || t.kind === 'quotedName') && this.isPunctuation(':', ahead + 1);
  }

  /** Skips tokens up to a stop (a pipe, or what `stop` says), reporting the run once. */
  private skipUnexpected(stop: () => boolean): void {
    const first = this.peek();
    if (!first) return;
    let last = first;
    while (this.peek() && (this.peek() === first || (this.peek()?.kind !== 'pipe' && !stop()))) last = this.next();
    if (first.kind === 'punctuation' && first.text === ')' && last === first)
      this.report('unmatched-bracket', first, phrase('This ) closes nothing.'));
    else
      this.report(
        'unexpected',
        { start: first.start, end: last.end },
        phrase('{0} is not expected here.', quoted(this.text.slice(first.start, Math.min(last.end, first.start + 40)))),
      );
  }

  // ---- queries

  private query(): MplQuery | undefined {
    const start = this.peek()?.start ?? 0;
    const directives: MplDirective[] = [];
    while (this.isWord('set')) directives.push(this.directive());
    if (!directives.length && !this.startsPipeline()) return undefined;
    const body = this.pipeline(false);
    return { kind: 'query', start, end: Math.max(body.end, directives.at(-1)?.end ?? start), directives, body };
  }

  private startsPipeline(): boolean {
    const t = this.peek();
    if (!t) return false;
    return (
      t.kind === 'identifier' ||
      t.kind === 'quotedName' ||
      t.kind === 'pipe' ||
      (t.kind === 'punctuation' && t.text === '(')
    );
  }

  private directive(): MplDirective {
    const set = this.next();
    const directive: MplDirective = { kind: 'directive', start: set.start, end: set.end };
    const name = this.peek();
    if (name?.kind !== 'identifier' || this.startsQuery()) {
      this.missing(phrase('A directive\'s name: set custom_unit = "ms";'));
      return directive;
    }
    this.i++;
    directive.name = word(name);
    directive.end = name.end;
    if (!this.isOperator('=')) {
      this.missing(phrase('{0} needs = and a value.', quoted(name.text)));
      return this.semicolon(directive);
    }
    this.i++;
    directive.end = this.lastEnd();
    const value = this.value();
    if (!value) this.missing(phrase('A value after =.'));
    else {
      directive.value = value;
      directive.end = value.end;
    }
    return this.semicolon(directive);
  }

  private semicolon(directive: MplDirective): MplDirective {
    if (this.isPunctuation(';')) directive.end = this.next().end;
    else {
      if (this.peek() && !this.startsQuery() && this.peek()?.kind !== 'pipe')
        this.skipUnexpected(() => this.isPunctuation(';') || this.startsQuery());
      if (this.isPunctuation(';')) directive.end = this.next().end;
      else this.missing(phrase('A directive ends with ;.'));
    }
    return directive;
  }

  /** A source (or a group of queries) and its stages. In a group, it ends before a comma or `)`. */
  private pipeline(inGroup: boolean): MplPipeline {
    const start = this.peek()?.start ?? this.lastEnd();
    const pipeline: MplPipeline = { kind: 'pipeline', start, end: start, stages: [] };
    if (this.isPunctuation('(')) pipeline.source = this.group();
    else if (this.peek()?.kind === 'identifier' || this.peek()?.kind === 'quotedName') pipeline.source = this.source();
    else if (this.peek()?.kind === 'pipe')
      this.report(
        'missing-part',
        this.peek() as MplToken,
        phrase('A query starts with its dataset and metric: `dataset`:`metric`.'),
      );
    pipeline.end = pipeline.source?.end ?? start;
    const atStop = () => this.startsQuery() || (inGroup && (this.isPunctuation(',') || this.isPunctuation(')')));
    for (;;) {
      while (this.peek()?.kind === 'pipe') {
        const stage = this.stage(atStop);
        pipeline.stages.push(stage);
        pipeline.end = stage.end;
      }
      if (!this.peek() || atStop()) break;
      // Text after a complete stage (or source) that continues nothing: reported, and read on from the next pipe.
      this.skipUnexpected(atStop);
    }
    return pipeline;
  }

  private group(): MplGroup {
    const open = this.next();
    const group: MplGroup = { kind: 'group', start: open.start, end: open.end, queries: [], commas: [] };
    for (;;) {
      if (this.isPunctuation(')')) {
        if (!group.queries.length) this.missing(phrase('The queries to compute, in ( ) separated by commas.'), open);
        break;
      }
      if (!this.peek()) break;
      const query = this.pipeline(true);
      if (query.source || query.stages.length) group.queries.push(query);
      else if (!this.isPunctuation(',') && !this.isPunctuation(')'))
        this.skipUnexpected(() => this.isPunctuation(',') || this.isPunctuation(')'));
      if (this.isPunctuation(',')) {
        const comma = this.next();
        group.commas.push(comma.start);
        if (this.isPunctuation(')') || !this.peek()) this.missing(phrase('A query after the comma.'), comma);
        continue;
      }
      if (this.isPunctuation(')') || !this.peek()) continue;
      if (this.startsQuery()) {
        this.missing(phrase('A comma between two queries.'));
        continue;
      }
      break;
    }
    if (this.isPunctuation(')')) {
      const close = this.next();
      group.close = close.start;
      group.end = close.end;
    } else {
      group.end = this.lastEnd();
      this.report('unclosed-bracket', open, phrase('This ( is not closed.'));
    }
    return group;
  }

  /** A name: bare, quoted, or bare with dots or dashes in it (reported: it needs backquotes). */
  private name(): MplName | undefined {
    const t = this.peek();
    if (t?.kind === 'quotedName') {
      this.i++;
      return { kind: 'name', start: t.start, end: t.end, text: t.value ?? '', quoted: true };
    }
    if (t?.kind !== 'identifier') return undefined;
    this.i++;
    let end = t.end;
    // go.memory.used, k8s-pod: one name written without the backquotes it needs (its pieces touch).
    while (
      (this.isPunctuation('.') || this.isOperator('-')) &&
      this.peek()?.start === end &&
      (this.peek(1)?.kind === 'identifier' || this.peek(1)?.kind === 'number' || this.peek(1)?.kind === 'duration') &&
      this.peek(1)?.start === (this.peek()?.end ?? -1)
    ) {
      this.i += 2;
      end = this.lastEnd();
    }
    const text = this.text.slice(t.start, end);
    if (end !== t.end)
      this.report(
        'needs-quotes',
        { start: t.start, end },
        phrase('A name with . or - is written in backquotes: {0}.', `\`${text}\``),
        {
          suggestions: [`\`${text}\``],
        },
      );
    return { kind: 'name', start: t.start, end, text, quoted: false };
  }

  private source(): MplSource {
    const dataset = this.name() as MplName;
    const source: MplSource = { kind: 'source', start: dataset.start, end: dataset.end, dataset };
    if (!this.isPunctuation(':')) {
      // An unclosed name is reported as such: what follows it is inside it.
      if (this.tokens[this.i - 1]?.unterminated) return source;
      this.missing(phrase('A dataset is followed by : and its metric: {0}:`metric`.', quotedName(dataset)), dataset);
      return source;
    }
    const colon = this.next();
    source.end = colon.end;
    const metric = this.name();
    if (!metric) {
      this.missing(phrase('The metric after {0}:', quotedName(dataset)), colon);
      return source;
    }
    source.metric = metric;
    source.end = metric.end;
    if (this.isPunctuation('[')) {
      source.range = this.timeRange();
      source.end = source.range.end;
    }
    if (this.isWord('as')) {
      const as = this.next();
      source.end = as.end;
      const alias = this.name();
      if (alias) {
        source.alias = alias;
        source.end = alias.end;
      } else this.missing(phrase('A name after as.'), as);
    }
    return source;
  }

  private timeRange(): MplTimeRange {
    const open = this.next();
    const range: MplTimeRange = { kind: 'timeRange', start: open.start, end: open.end };
    range.from = this.time();
    if (this.isPunctuation('..')) {
      this.i++;
      range.to = this.time();
    } else this.missing(phrase('A time range is [start..end] (the end may be left out): [1h..].'));
    if (this.isPunctuation(']')) range.end = this.next().end;
    else {
      if (
        this.peek() &&
        !this.isPunctuation(']') &&
        this.peek()?.kind !== 'pipe' &&
        !this.startsQuery() &&
        !this.isWord('as')
      )
        this.skipUnexpected(() => this.isPunctuation(']') || this.isWord('as') || this.startsQuery());
      if (this.isPunctuation(']')) range.end = this.next().end;
      else {
        range.end = this.lastEnd();
        this.report('unclosed-bracket', open, phrase('This [ is not closed.'));
      }
    }
    return range;
  }

  /** A time of a range: 1h, -1h, +5m, a Unix time, an RFC 3339 time. */
  private time(): MplLiteral | undefined {
    const sign = this.isOperator('-') || this.isOperator('+') ? this.peek() : undefined;
    const t = this.peek(sign ? 1 : 0);
    if (!t || (t.kind !== 'duration' && t.kind !== 'number' && t.kind !== 'datetime')) {
      if (sign) {
        this.i++;
        this.missing(phrase('A time after {0}: 1h, 30m.', sign.text), sign);
      }
      return undefined;
    }
    this.i += sign ? 2 : 1;
    return {
      kind: 'literal',
      type: t.kind === 'duration' ? 'duration' : t.kind === 'datetime' ? 'datetime' : 'number',
      start: sign?.start ?? t.start,
      end: t.end,
      text: (sign?.text ?? '') + t.text,
    };
  }

  // ---- stages

  private stage(atStop: () => boolean): MplStage {
    const pipe = this.next();
    const stage: MplStage = {
      kind: 'stage',
      start: pipe.start,
      end: pipe.end,
      pipe: { start: pipe.start, end: pipe.end },
      known: false,
    };
    const t = this.peek();
    if (t?.kind !== 'identifier' || this.startsQuery()) {
      this.report('empty-pipe', pipe, phrase('A pipe is followed by an operation: {0}.', OPERATION_NAMES.join(', ')));
      return stage;
    }
    this.i++;
    stage.operation = word(t);
    stage.end = t.end;
    const operation = findOperation(t.text);
    if (!operation) {
      const suggestions = suggest(t.text, OPERATION_NAMES);
      this.report(
        'unknown-operation',
        t,
        suggestions.length
          ? phrase('MPL has no operation {0}. Did you mean {1}?', quoted(t.text), quoted(suggestions[0]))
          : phrase('MPL has no operation {0}: {1}.', quoted(t.text), OPERATION_NAMES.join(', ')),
        { suggestions },
      );
      // The rest of the stage is not read (what an unknown operation takes is unknown), up to a pipe,
      // a query's dataset, or the end of the group it is in; its own parentheses are skipped whole.
      let depth = 0;
      for (let t = this.peek(); t && t.kind !== 'pipe'; t = this.peek()) {
        if (t.kind === 'punctuation' && t.text === '(') depth++;
        else if (t.kind === 'punctuation' && t.text === ')') {
          if (depth === 0 && atStop()) break;
          depth = Math.max(0, depth - 1);
        } else if (depth === 0 && atStop() && !this.isPunctuation('(')) break;
        stage.end = this.next().end;
      }
      return stage;
    }
    stage.known = true;
    switch (t.text) {
      case 'where': {
        const filter = this.filter();
        if (filter) stage.filter = filter;
        else this.missing(phrase('where needs a condition: where `tag` == "value".'));
        break;
      }
      case 'map':
        this.mapFunction(stage);
        break;
      case 'align':
        this.window(stage);
        this.using(stage, 'align');
        break;
      case 'group':
        this.by(stage);
        this.using(stage, 'group');
        break;
      case 'bucket':
        this.by(stage);
        this.window(stage);
        this.using(stage, 'bucket');
        break;
      case 'extend':
        this.assignments(stage);
        break;
      case 'compute': {
        const name = this.isWord('using') ? undefined : this.name();
        if (name) stage.name = name;
        else this.missing(phrase('compute needs a name for its result: compute `name` using /.'));
        this.using(stage, 'compute');
        break;
      }
    }
    stage.end = Math.max(stage.end, this.lastEnd());
    if (this.peek() && this.peek()?.kind !== 'pipe' && !atStop()) {
      this.skipUnexpected(atStop);
      stage.end = this.lastEnd();
    }
    return stage;
  }

  private mapFunction(stage: MplStage): void {
    const t = this.peek();
    if (t?.kind === 'operator' && ARITHMETIC.has(t.text)) {
      this.i++;
      const fn: MplFunctionRef = { kind: 'function', name: word(t), start: t.start, end: t.end };
      const operand = this.value();
      if (operand && (operand.type === 'number' || operand.type === 'variable')) {
        fn.operand = operand;
        fn.end = operand.end;
      } else if (operand) {
        fn.operand = operand;
        fn.end = operand.end;
        this.report('unexpected', operand, phrase('{0} takes a number: map {0} 5.', t.text));
      } else this.missing(phrase('A number after {0}: map {0} 5.', t.text), t);
      stage.function = fn;
      return;
    }
    const fn = this.functionRef();
    if (fn) stage.function = fn;
    else this.missing(phrase('map needs a function or an operator: map rate, map * 100.'));
  }

  /** `to <window>`, when there. */
  private window(stage: MplStage): void {
    if (!this.isWord('to')) return;
    const to = this.next();
    const t = this.peek();
    if (t && (t.kind === 'duration' || t.kind === 'variable' || t.kind === 'number')) {
      this.i++;
      stage.window = {
        kind: 'literal',
        type: t.kind === 'number' ? 'number' : t.kind,
        start: t.start,
        end: t.end,
        text: t.text,
      };
    } else this.missing(phrase('A time window after to: to 5m.'), to);
  }

  /** `by <tag>, …`, when there. */
  private by(stage: MplStage): void {
    if (!this.isWord('by')) return;
    const by = this.next();
    stage.by = this.nameList(by, phrase('The tags to group by, after by.'));
  }

  private nameList(after: Span, missing: Phrase): MplName[] {
    const names: MplName[] = [];
    let previous = after;
    for (;;) {
      const name = this.isWord('using') || this.isWord('to') ? undefined : this.name();
      if (!name) {
        this.missing(names.length ? phrase('A tag after the comma.') : missing, previous);
        break;
      }
      names.push(name);
      // In a group of queries, a comma before a query is the group's.
      if (!this.isPunctuation(',') || this.startsQuery(1)) break;
      previous = this.next();
    }
    return names;
  }

  private using(stage: MplStage, operation: string): void {
    if (!this.isWord('using')) {
      this.missing(phrase('{0} needs using and a function: {0} … using avg.', operation));
      return;
    }
    const using = this.next();
    const t = this.peek();
    if (operation === 'compute' && t?.kind === 'operator' && ARITHMETIC.has(t.text)) {
      this.i++;
      stage.function = { kind: 'function', name: word(t), start: t.start, end: t.end };
      return;
    }
    const fn = this.functionRef();
    if (fn) stage.function = fn;
    else this.missing(phrase('A function after using.'), using);
  }

  /** `name`, `ns::name`, either with `(args)`. */
  private functionRef(): MplFunctionRef | undefined {
    const first = this.peek();
    if (first?.kind !== 'identifier') return undefined;
    this.i++;
    let end = first.end;
    let text = first.text;
    while (this.isPunctuation('::') && this.peek(1)?.kind === 'identifier') {
      this.i += 2;
      end = this.lastEnd();
      text += `::${this.tokens[this.i - 1].text}`;
    }
    if (this.isPunctuation('::')) {
      const colons = this.next();
      this.missing(phrase('A name after ::.'), colons);
      end = colons.end;
    }
    const name: MplWord = { kind: 'word', start: first.start, end, text };
    const fn: MplFunctionRef = { kind: 'function', name, start: first.start, end };
    if (!this.isPunctuation('(')) return fn;
    const open = this.next();
    fn.args = [];
    fn.end = open.end;
    while (this.peek() && !this.isPunctuation(')')) {
      const value = this.value();
      if (!value) break;
      fn.args.push(value);
      fn.end = value.end;
      if (!this.isPunctuation(',')) break;
      const comma = this.next();
      fn.end = comma.end;
      if (this.isPunctuation(')')) this.missing(phrase('An argument after the comma.'), comma);
    }
    if (this.isPunctuation(')')) {
      fn.end = this.next().end;
      fn.closed = true;
    } else {
      fn.closed = false;
      this.report('unclosed-bracket', open, phrase('This ( is not closed.'));
    }
    return fn;
  }

  private assignments(stage: MplStage): void {
    const assignments: MplAssignment[] = [];
    let previous: Span | undefined;
    for (;;) {
      const tag = this.name();
      if (!tag) {
        this.missing(
          assignments.length
            ? phrase('A tag after the comma.')
            : phrase('extend needs a tag and its value: extend `tag` = "value".'),
          previous,
        );
        break;
      }
      const assignment: MplAssignment = { kind: 'assignment', start: tag.start, end: tag.end, tag };
      assignments.push(assignment);
      if (!this.isOperator('=')) {
        this.missing(phrase('= and a value after {0}.', quotedName(tag)), tag);
        break;
      }
      const equals = this.next();
      assignment.end = equals.end;
      const value = this.value();
      if (value) {
        assignment.value = value;
        assignment.end = value.end;
      } else this.missing(phrase('A value after =.'), equals);
      if (!this.isPunctuation(',') || this.startsQuery(1)) break;
      previous = this.next();
    }
    stage.assignments = assignments;
  }

  // ---- filters

  private filter(): MplFilter | undefined {
    return this.logical('or', () => this.logical('and', () => this.negation()));
  }

  private logical(operator: 'and' | 'or', operand: () => MplFilter | undefined): MplFilter | undefined {
    let left = operand();
    if (!left) return undefined;
    while (this.isWord(operator)) {
      const t = this.next();
      const right = operand();
      if (!right) this.missing(phrase('A condition after {0}.', operator), t);
      left = { kind: 'logical', operator: word(t), left, right, start: left.start, end: right?.end ?? t.end };
    }
    return left;
  }

  private negation(): MplFilter | undefined {
    if (!this.isWord('not')) return this.comparison();
    const not = this.next();
    const operand = this.negation();
    if (!operand) this.missing(phrase('A condition after not.'), not);
    return { kind: 'not', start: not.start, end: operand?.end ?? not.end, operand };
  }

  private comparison(): MplFilter | undefined {
    if (this.isPunctuation('(')) {
      const open = this.next();
      const inner = this.filter();
      if (!inner) this.missing(phrase('A condition inside the parentheses.'), open);
      const closed = this.isPunctuation(')');
      const end = closed ? this.next().end : (inner?.end ?? open.end);
      if (!closed) this.report('unclosed-bracket', open, phrase('This ( is not closed.'));
      return { kind: 'parenFilter', start: open.start, end, inner, closed };
    }
    if (this.startsQuery() || this.isWord('and') || this.isWord('or')) return undefined;
    const tag = this.name();
    if (!tag) return undefined;
    if (this.isWord('is')) {
      const is = this.next();
      const type = this.name();
      if (!type) this.missing(phrase('A type after is: string, int, float or bool.'), is);
      return { kind: 'typeTest', start: tag.start, end: type?.end ?? is.end, tag, type };
    }
    const t = this.peek();
    if (t?.kind !== 'operator' || !(COMPARISON_OPERATORS.has(t.text) || t.text === '=~' || t.text === '=')) {
      this.missing(phrase('A comparison after {0}: == != < <= > >=.', quotedName(tag)), tag);
      return { kind: 'comparison', start: tag.start, end: tag.end, tag };
    }
    this.i++;
    if (t.text === '=~')
      this.report(
        'regex-operator',
        t,
        phrase('MPL has no =~: compare with == and a regex, {0} == #/…/.', quotedName(tag)),
        {
          suggestions: ['=='],
        },
      );
    if (t.text === '=')
      this.report('unexpected', t, phrase('A comparison is written with ==.'), { suggestions: ['=='] });
    const comparison: MplFilter = { kind: 'comparison', start: tag.start, end: t.end, tag, operator: word(t) };
    const value = this.value();
    if (value) {
      comparison.value = value;
      comparison.end = value.end;
    } else this.missing(phrase('A value after {0}.', t.text), t);
    return comparison;
  }

  // ---- values

  /** A value: a string, a number (signed), a duration, a time, a regex, a variable, true, false, or a name. */
  private value(): MplLiteral | undefined {
    const t = this.peek();
    if (!t) return undefined;
    const sign = t.kind === 'operator' && (t.text === '-' || t.text === '+') ? t : undefined;
    const v = sign ? this.peek(1) : t;
    if (!v) return undefined;
    if (sign && v.kind !== 'number' && v.kind !== 'duration') return undefined;
    if (VALUE_KINDS.has(v.kind)) {
      this.i += sign ? 2 : 1;
      const start = sign?.start ?? v.start;
      return {
        kind: 'literal',
        type: v.kind as MplLiteral['type'],
        start,
        end: v.end,
        text: (sign?.text ?? '') + v.text,
      };
    }
    if (v.kind === 'identifier' && (v.text === 'true' || v.text === 'false')) {
      this.i++;
      return { kind: 'literal', type: 'bool', start: v.start, end: v.end, text: v.text };
    }
    if (
      (v.kind === 'identifier' && !this.startsQuery() && !['and', 'or', 'not', 'using', 'to', 'by'].includes(v.text)) ||
      v.kind === 'quotedName'
    ) {
      const name = this.name() as MplName;
      return {
        kind: 'literal',
        type: 'name',
        start: name.start,
        end: name.end,
        text: this.text.slice(name.start, name.end),
      };
    }
    return undefined;
  }
}

function word(t: MplToken): MplWord {
  return { kind: 'word', start: t.start, end: t.end, text: t.text };
}

/** A name as a person would write it in a message: bare when it may be, else in backquotes. */
function quotedName(name: MplName): string {
  return isPlainName(name.text) && !name.quoted ? name.text : `\`${name.text}\``;
}
