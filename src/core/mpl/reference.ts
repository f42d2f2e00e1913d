// What the MPL language support knows of MPL: its operations, functions, directives, built-in
// variables, time units and the words it reserves. Names and syntax follow Axiom's MPL reference
// (https://axiom.co/docs/mpl/introduction); each description is a sentence of this project's own.

export const MPL_DOCS = 'https://axiom.co/docs/mpl/introduction';

/** An operation written after a pipe. */
export interface MplOperation {
  name: string;
  /** Its shape, as the reference writes it. */
  syntax: string;
  description: string;
}

/** Where a function may be named: after `map`, after `using` in align, group, bucket or compute. */
export type MplFunctionPlace = 'map' | 'align' | 'group' | 'bucket' | 'compute';

export interface MplFunction {
  name: string;
  places: readonly MplFunctionPlace[];
  /** Its parameters, for a function called with parentheses; none for one named alone. */
  parameters?: readonly string[];
  /** How many arguments it takes when called: at least, at most. */
  arity?: { min: number; max: number };
  description: string;
}

export const OPERATIONS: readonly MplOperation[] = Object.freeze([
  {
    name: 'where',
    syntax: '| where <tag> <operator> <value> [and|or …]',
    description: 'Keeps the series whose tags pass the condition: comparisons joined by and, or, not and parentheses.',
  },
  {
    name: 'map',
    syntax: '| map <function> | map <+ - * /> <number>',
    description: 'Changes every data point of each series: a rate, arithmetic, filling gaps, filter:: and is:: tests.',
  },
  {
    name: 'align',
    syntax: '| align [to <window>] using <function>',
    description:
      'Combines the points of each series over time windows; without a window, over the whole range into one value.',
  },
  {
    name: 'group',
    syntax: '| group [by <tag>, …] using <function>',
    description: 'Combines series that share the named tags into one; with no tags, all series into one.',
  },
  {
    name: 'bucket',
    syntax: '| bucket [by <tag>, …] [to <window>] using <function>',
    description: 'Combines along time and tags at once, as histograms and percentiles need.',
  },
  {
    name: 'extend',
    syntax: '| extend <tag> = <value> [, …]',
    description: 'Adds new tags to every series after the aggregations; a string value may name other tags with ${…}.',
  },
  {
    name: 'compute',
    syntax: '( <query>, <query> ) | compute <name> using <operator>',
    description:
      'Joins the results of the queries in parentheses point by point, for series with equal tags and times.',
  },
]);

const f = (
  name: string,
  places: MplFunctionPlace[],
  description: string,
  parameters?: string[],
  arity?: { min: number; max: number },
): MplFunction => ({
  name,
  places,
  description,
  ...(parameters ? { parameters, arity: arity ?? { min: parameters.length, max: parameters.length } } : {}),
});

const ALIGN_GROUP: MplFunctionPlace[] = ['align', 'group', 'bucket'];
const COMPARISONS = [
  ['eq', 'equal to'],
  ['neq', 'not equal to'],
  ['gt', 'greater than'],
  ['gte', 'greater than or equal to'],
  ['lt', 'less than'],
  ['lte', 'less than or equal to'],
] as const;

export const FUNCTIONS: readonly MplFunction[] = Object.freeze([
  f('rate', ['map'], 'The change per second from one data point to the next.'),
  f('increase', ['map'], 'The change from the previous data point.'),
  f('abs', ['map'], 'The absolute value of each data point.'),
  f('fill::prev', ['map'], 'Fills a gap with the last value before it.'),
  f('fill::const', ['map'], 'Fills a gap with the given number.', ['value']),
  f('interpolate::linear', ['map'], 'Fills a gap with the straight line between its neighbours.'),
  ...COMPARISONS.map(([op, words]) =>
    f(`filter::${op}`, ['map'], `Keeps only the data points ${words} the value; the others are dropped.`, ['value']),
  ),
  ...COMPARISONS.map(([op, words]) =>
    f(`is::${op}`, ['map'], `1.0 where a data point is ${words} the value, else 0.0; no point is dropped.`, ['value']),
  ),
  f(
    'min',
    ['map', ...ALIGN_GROUP, 'compute'],
    'The smallest value (after map: the smaller of the value and the argument).',
  ),
  f(
    'max',
    ['map', ...ALIGN_GROUP, 'compute'],
    'The largest value (after map: the larger of the value and the argument).',
  ),
  f('avg', [...ALIGN_GROUP, 'compute'], 'The mean of the values.'),
  f('sum', ALIGN_GROUP, 'The total of the values.'),
  f('count', ALIGN_GROUP, 'How many values are not null.'),
  f('last', ['align'], 'The last value of each window.'),
  f('prom::rate', ['align'], 'A rate computed the way PromQL computes one.'),
  f(
    'histogram',
    ['bucket'],
    'Buckets series that are not histograms: each spec a quantile between 0 and 1 or an aggregation.',
    ['spec', '…'],
    { min: 1, max: Infinity },
  ),
  f(
    'interpolate_cumulative_histogram',
    ['bucket'],
    'Reads histograms of cumulative temporality: mode rate or increase, then quantiles or aggregations.',
    ['mode', 'spec', '…'],
    { min: 2, max: Infinity },
  ),
  f(
    'interpolate_delta_histogram',
    ['bucket'],
    'Reads histograms of delta temporality: quantiles or aggregations.',
    ['spec', '…'],
    { min: 1, max: Infinity },
  ),
]);

/** min and max take an argument after map (`map min(0)`), none as an aggregation. */
export const MAP_ARGUMENT_OF: Readonly<Record<string, { parameters: readonly string[]; description: string }>> =
  Object.freeze({
    min: { parameters: ['value'], description: 'The smaller of each data point and the value.' },
    max: { parameters: ['value'], description: 'The larger of each data point and the value.' },
  });

/** The words a histogram function takes among its arguments: its mode (the first of
 *  interpolate_cumulative_histogram's), and the aggregations a spec may name beside quantiles. */
export const HISTOGRAM_MODES: readonly string[] = Object.freeze(['rate', 'increase']);
export const HISTOGRAM_SPECS: readonly string[] = Object.freeze(['count', 'avg', 'sum', 'min', 'max']);

/** What `map` and `compute … using` take as an operator rather than a function. */
export const ARITHMETIC = Object.freeze(['+', '-', '*', '/']);

export interface MplDirective {
  name: string;
  description: string;
}

export const DIRECTIVES: readonly MplDirective[] = Object.freeze([
  {
    name: 'custom_unit',
    description: 'The unit the results are drawn with in Axiom, as a string; "1" for plain numbers.',
  },
]);

export const VARIABLES: readonly { name: string; description: string }[] = Object.freeze([
  { name: '$__interval', description: 'A window size that suits a chart of the query’s time range.' },
]);

/** Time units of durations and relative times: case matters (m minutes, M months). */
export const TIME_UNITS: readonly string[] = Object.freeze(['ms', 's', 'm', 'h', 'd', 'w', 'M', 'y']);

/** Words MPL reads as its own: a name spelt so is written in backquotes. */
export const KEYWORDS: ReadonlySet<string> = new Set([
  'where',
  'map',
  'align',
  'group',
  'bucket',
  'extend',
  'compute',
  'set',
  'by',
  'to',
  'using',
  'as',
  'and',
  'or',
  'not',
  'is',
  'true',
  'false',
]);

/** What `<tag> is <type>` tests for. */
export const TYPE_NAMES: readonly string[] = Object.freeze(['string', 'int', 'float', 'bool']);

export const OPERATION_NAMES: readonly string[] = Object.freeze(OPERATIONS.map((o) => o.name));

export function findOperation(name: string): MplOperation | undefined {
  return OPERATIONS.find((o) => o.name === name);
}

export function findFunction(name: string): MplFunction | undefined {
  return FUNCTIONS.find((fn) => fn.name === name);
}

/** The functions a place takes, by name, frozen (the suggestions are kept per list). */
const NAMES_BY_PLACE = new Map<MplFunctionPlace, readonly string[]>();
export function functionNames(place: MplFunctionPlace): readonly string[] {
  let names = NAMES_BY_PLACE.get(place);
  if (!names) {
    names = Object.freeze(FUNCTIONS.filter((fn) => fn.places.includes(place)).map((fn) => fn.name));
    NAMES_BY_PLACE.set(place, names);
  }
  return names;
}

export const DIRECTIVE_NAMES: readonly string[] = Object.freeze(DIRECTIVES.map((d) => d.name));
