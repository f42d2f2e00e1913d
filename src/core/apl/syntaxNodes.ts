// APL's syntax tree, node by node: what the parser (syntaxParser.ts) makes of a query and what
// checks, completion, formatting, the outline and every rewrite read. Every node has `kind` (the
// union below tells them apart) and its range `start`/`end` (string offsets, end exclusive;
// comments are never inside a node's range unless they sit between its own tokens). Comments are
// trivia: all of them are in `comments`, and each stage also holds the ones just before it
// (`leadingComments`), each pipeline the ones after its last stage (`trailingComments`), so that a
// rewrite can keep them and never write code inside one. Going through a tree is syntaxWalk.ts's.
import type { Problem } from './problem';

export interface Span {
  start: number;
  end: number;
}

export interface Comment extends Span {
  kind: 'comment';
  /** As written, with its `//`. */
  text: string;
}

/** A name: `status`, `$left`, a dataset, or a bracketed one (`['geo.country']`, whose `text` is `geo.country`). */
export interface Name extends Span {
  kind: 'name';
  text: string;
  bracketed: boolean;
}

export type LiteralType = 'string' | 'number' | 'timespan' | 'bool' | 'null' | 'datetime' | 'dynamic' | 'guid';

/** A constant. A string's `value` is its decoded text; `datetime(…)`, `dynamic(…)` and `guid(…)` span their parentheses. */
export interface Literal extends Span {
  kind: 'literal';
  type: LiteralType;
  value?: string;
  /** In a `dynamic(…)`: the scalar values inside its JSON, in order (keys left out). */
  values?: Expression[];
}

export interface Call extends Span {
  kind: 'call';
  callee: Name;
  args: Expression[];
}

/** `object.member`, as in `parse_url(uri).host` or `$left.id`. */
export interface Member extends Span {
  kind: 'member';
  object: Expression;
  member?: Name;
}

/** `object[index]`, as in `split(uri, '/')[1]` or `['attributes']['http.method']`. */
export interface Index extends Span {
  kind: 'index';
  object: Expression;
  /** The index, or a slice's start (`a[1:3]`); absent in `a[:3]`. */
  index?: Expression;
  /** A slice's end; absent in `a[1:]`. */
  to?: Expression;
  slice?: boolean;
}

export interface Unary extends Span {
  kind: 'unary';
  operator: string;
  operand?: Expression;
}

/** `left operator right`: arithmetic, comparison, `and`/`or`, the string operators (`has`, `!contains_cs`…),
 *  `in`/`!in`/`in~`/`!in~`, `between`/`!between` (whose right side is a paren holding a `..` binary),
 *  `matches regex` (operator text with one space), and `..`. `right` is absent when nothing follows. */
export interface Binary extends Span {
  kind: 'binary';
  operator: string;
  operatorSpan: Span;
  left: Expression;
  right?: Expression;
}

/** `( inner )`: a grouped expression or a tabular subquery (a pipeline). */
export interface Paren extends Span {
  kind: 'paren';
  inner?: Expression;
}

/** A comma list in brackets: `('GET', 'HEAD')` after `in`, `(a, b) = …`, a row of `datatable`. */
export interface List extends Span {
  kind: 'list';
  items: Expression[];
}

/** `target = value` in extend, project, summarize, a named parameter list… `value` is absent when nothing follows `=`. */
export interface Assignment extends Span {
  kind: 'assignment';
  target: Name | List;
  value?: Expression;
}

/** `*` standing for every field: `arg_max(_time, *)`, `project-reorder * desc`, a `*` in a parse pattern. */
export interface Star extends Span {
  kind: 'star';
}

/** A field pattern with `*`: `geo.*`, `['geo.']*`, `*_ms` (project-away, project-keep, project-reorder). */
export interface Wildcard extends Span {
  kind: 'wildcard';
  text: string;
}

/** An expression with its sort order: `_time desc nulls last`, `method granny-asc`. */
export interface Sorted extends Span {
  kind: 'sorted';
  expression: Expression;
  order?: Name;
  /** `nulls first` / `nulls last`: the name's text is `first` or `last`, its range both words. */
  nulls?: Name;
}

/** `name[:type][= default]`: a column of a schema, a parameter of a function, a field a parse pattern makes. */
export interface Typed extends Span {
  kind: 'typed';
  name: Name;
  type?: Name;
  defaultValue?: Expression;
}

/** What `parse … with` matches: strings, `*`, and the fields it fills. */
export interface Pattern extends Span {
  kind: 'pattern';
  items: (Literal | Star | Typed)[];
}

/** `(parameters) { statements }`, the value of `let f = …`. */
export interface FunctionDefinition extends Span {
  kind: 'function';
  parameters: Typed[];
  body: Statement[];
}

/** A tabular expression: a source (a dataset, a name, a call, a subquery, or a head operator such as
 *  `print` or `union`) and the stages piped after it. `source` is absent when the text starts with `|`. */
export interface Pipeline extends Span {
  kind: 'pipeline';
  source?: Expression | Stage;
  stages: Stage[];
  /** Comments after the last stage, before what ends the pipeline (`;`, a closing bracket, the end). */
  trailingComments: Comment[];
}

export type Expression =
  | Name
  | Literal
  | Call
  | Member
  | Index
  | Unary
  | Binary
  | Paren
  | List
  | Assignment
  | Star
  | Wildcard
  | Sorted
  | Typed
  | Pattern
  | FunctionDefinition
  | Pipeline;

/** `kind=inner`, `with_itemindex=i`, `withsource=src`, `replaceToken='#'`: an operator's named parameter. */
export interface Parameter extends Span {
  kind: 'parameter';
  name: Name;
  value?: Expression;
}

/** A part of a stage: its leading list (no keyword), or a keyword and what follows it: `by a, b`,
 *  `on $left.id == $right.id`, `with '…' x:long`, `step 1h`. */
export interface Clause extends Span {
  kind: 'clause';
  keyword?: Name;
  items: Expression[];
}

/** One operator of a pipeline: `| where …`, or a head such as `print …`/`union …` (then `pipe` is absent). */
export interface Stage extends Span {
  kind: 'stage';
  pipe?: Span;
  /** Absent when nothing or no word follows the pipe. */
  operator?: Name;
  /** Whether the operator is one of APL's (an unknown one is not read further: its body is skipped). */
  known: boolean;
  parameters: Parameter[];
  clauses: Clause[];
  /** Comments between the previous stage (or the source) and this one. */
  leadingComments: Comment[];
}

export interface LetStatement extends Span {
  kind: 'let';
  name?: Name;
  value?: Expression;
}

export interface SetStatement extends Span {
  kind: 'set';
  name?: Name;
  value?: Expression;
}

export interface QueryStatement extends Span {
  kind: 'query';
  body: Pipeline;
}

export type Statement = LetStatement | SetStatement | QueryStatement;

export type SyntaxNode = Statement | Stage | Clause | Parameter | Expression;

export interface ParsedApl {
  text: string;
  statements: Statement[];
  /** Syntax problems, in the order of the text: unclosed strings and brackets, pipes with no
   *  operator, unknown operators, missing operands and list items, unexpected text. */
  problems: Problem[];
  comments: Comment[];
  /** The runs of blank lines that separate the queries of a file, in order: blank lines outside
   *  every closed bracket and every string, not followed by a `|` (a stage after a blank line goes
   *  on with the query before it). No statement reaches across one. */
  queryBreaks: Span[];
}

/** Who is told of each call and each `let` as the text is read (inner calls first), anywhere in the
 *  text: what a reader of only those needs (the checks of calls), with no walk of a tree. */
export interface NodeReader {
  /** A call of `name` (its callee's text): the callee at [start, end), the call ending at `callEnd`
   *  (after its `)` when it is closed), with `args` arguments. */
  call(name: string, start: number, end: number, callEnd: number, args: number): void;
  /** A `let` statement that names `name`. */
  let(name: string): void;
}
