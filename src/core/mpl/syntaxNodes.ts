// MPL's syntax tree: what the parser (syntaxParser.ts) makes of a text and what the checks,
// completion, hover and the formatter read. Every node has `kind` and its range `start`/`end`
// (string offsets, end exclusive). Comments are trivia, kept in `comments`. A text holds one
// query or more, one after another; each may start with `set` directives. Going through a tree
// is syntaxWalk.ts's.
import type { MplToken } from './lexer';
import type { MplProblem } from './problem';

export interface Span {
  start: number;
  end: number;
}

/** A name: a dataset, a metric, a tag, an alias; `quoted` when written in backquotes (`text` is the name inside). */
export interface MplName extends Span {
  kind: 'name';
  text: string;
  quoted: boolean;
}

/** A word of the language where it stands: an operation after a pipe, a function, a directive's name. */
export interface MplWord extends Span {
  kind: 'word';
  text: string;
}

/** `name`: a bare or quoted name where a value stands (the reference names no such value; it is read, not refused). */
export type MplLiteralType = 'string' | 'number' | 'bool' | 'regex' | 'duration' | 'datetime' | 'variable' | 'name';

/** A value: `"x"`, `42`, `-1.5`, `true`, `#/a|b/`, `5m`, `2025-03-01T13:00:00Z`, `$__interval`. */
export interface MplLiteral extends Span {
  kind: 'literal';
  type: MplLiteralType;
  /** As written (a sign included). */
  text: string;
}

export interface MplDirective extends Span {
  kind: 'directive';
  name?: MplWord;
  value?: MplLiteral;
}

/** `[from..to]`: either side may be left out. */
export interface MplTimeRange extends Span {
  kind: 'timeRange';
  from?: MplLiteral;
  to?: MplLiteral;
}

/** `dataset:metric[range] as alias`. */
export interface MplSource extends Span {
  kind: 'source';
  dataset: MplName;
  metric?: MplName;
  range?: MplTimeRange;
  alias?: MplName;
}

/** `( query, query, … )`: the queries a `compute` joins. */
export interface MplGroup extends Span {
  kind: 'group';
  queries: MplPipeline[];
  /** The offsets of the commas between them, and of the closing parenthesis when there is one. */
  commas: number[];
  close?: number;
}

export interface MplPipeline extends Span {
  kind: 'pipeline';
  source?: MplSource | MplGroup;
  stages: MplStage[];
}

/** A function named in a stage: `avg`, `prom::rate`, `fill::const(0)`, `histogram(0.5, max)`; or an
 *  operator where one stands for a function (`map + 5`, `compute x using /`), with its operand. */
export interface MplFunctionRef extends Span {
  kind: 'function';
  name: MplWord;
  /** The arguments when written with parentheses (absent without). */
  args?: MplLiteral[];
  /** Whether its parentheses are closed. */
  closed?: boolean;
  /** After an arithmetic operator in `map`: the number. */
  operand?: MplLiteral;
}

export interface MplComparison extends Span {
  kind: 'comparison';
  tag: MplName;
  operator?: MplWord;
  value?: MplLiteral;
}

/** `tag is type`. */
export interface MplTypeTest extends Span {
  kind: 'typeTest';
  tag: MplName;
  type?: MplName;
}

export interface MplLogical extends Span {
  kind: 'logical';
  operator: MplWord;
  left: MplFilter;
  right?: MplFilter;
}

export interface MplNot extends Span {
  kind: 'not';
  operand?: MplFilter;
}

export interface MplParenFilter extends Span {
  kind: 'parenFilter';
  inner?: MplFilter;
  closed: boolean;
}

export type MplFilter = MplComparison | MplTypeTest | MplLogical | MplNot | MplParenFilter;

/** `tag = value` in extend. */
export interface MplAssignment extends Span {
  kind: 'assignment';
  tag: MplName;
  value?: MplLiteral;
}

/** One step after a pipe. Which parts it has depends on its operation. */
export interface MplStage extends Span {
  kind: 'stage';
  pipe: Span;
  /** The word after the pipe (absent when nothing follows it). */
  operation?: MplWord;
  /** Whether the operation is one MPL has. */
  known: boolean;
  /** where */
  filter?: MplFilter;
  /** by <tags> (group, bucket) */
  by?: MplName[];
  /** to <window> (align, bucket) */
  window?: MplLiteral;
  /** map's function, or the one after `using` */
  function?: MplFunctionRef;
  /** extend */
  assignments?: MplAssignment[];
  /** compute's name */
  name?: MplName;
}

export interface MplQuery extends Span {
  kind: 'query';
  directives: MplDirective[];
  body: MplPipeline;
}

export type MplNode =
  | MplQuery
  | MplDirective
  | MplPipeline
  | MplSource
  | MplGroup
  | MplTimeRange
  | MplStage
  | MplFunctionRef
  | MplFilter
  | MplAssignment
  | MplName
  | MplWord
  | MplLiteral;

export interface ParsedMpl {
  text: string;
  tokens: MplToken[];
  queries: MplQuery[];
  comments: MplToken[];
  /** The syntax problems the parser found, in the order of the text. */
  problems: MplProblem[];
}
