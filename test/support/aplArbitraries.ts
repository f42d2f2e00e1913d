// Generated valid APL, for property tests of the parser and of whatever reads its tree: a dataset
// and stages of every kind, with expressions of every scalar operator, every literal, comments in
// between, over one line or several.
import fc from 'fast-check';

const FIELDS = ['status', 'method', 'uri', '_time', 'req_duration_ms', 'id', "['geo.country']", "['user agent']"];
const DATASETS = ["['http-logs']", "['otel-demo-traces']", 'sample_logs', '["a.b"]'];

const field = fc.constantFrom(...FIELDS);
const newName = fc.constantFrom('a', 'b2', 'total', 'is_error', 'span_ms');

const literal = fc.oneof(
  fc.integer({ min: 0, max: 100000 }).map(String),
  fc.constantFrom('1.5', '0xFF', '1e6', '5m', '1.5h', '100ms', '2d', 'true', 'false', 'null'),
  fc.constantFrom("'GET'", '"a \\" b"', "@'C:\\temp'", "h'secret'", '```\nmulti\nline\n```'),
  fc.constantFrom('datetime(2024-01-01)', 'datetime(2024-12-31 23:59:59.9)', 'timespan(2d)', 'dynamic(null)'),
  fc.constantFrom('dynamic([1, 2, "a"])', 'dynamic({"k": [1, 2.5, true, null], "o": {"x": 1}})', 'long(null)'),
);

const COMPARISONS = ['==', '!=', '<>', '<', '>', '<=', '>=', '=~', '!~'];
const STRING_OPERATORS = ['has', 'hasprefix', 'hassuffix', 'contains', 'startswith', 'endswith', 'has_any']
  .flatMap((w) => [w, `${w}_cs`, `!${w}`])
  .filter((w) => w !== '!has_any');

const { expression } = fc.letrec<{ expression: string; operand: string }>((tie) => ({
  operand: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    field,
    literal,
    fc
      .tuple(fc.constantFrom('strlen', 'tostring', 'isnotempty', 'isnull'), tie('operand'))
      .map(([f, a]) => `${f}(${a})`),
    fc.tuple(tie('operand'), tie('operand')).map(([a, b]) => `strcat(${a}, ${b})`),
    fc.tuple(tie('operand'), tie('operand'), tie('operand')).map(([a, b, c]) => `iff(${a}, ${b}, ${c})`),
    tie('expression').map((e) => `(${e})`),
    field.map((f) => `${f}.inner['key'][0]`),
    field.map((f) => `-${f}`),
  ),
  expression: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('operand'),
    fc
      .tuple(tie('operand'), fc.constantFrom('+', '-', '*', '/', '%', ...COMPARISONS), tie('operand'))
      .map(([a, op, b]) => `${a} ${op} ${b}`),
    fc
      .tuple(field, fc.constantFrom(...STRING_OPERATORS), fc.constantFrom("'api'", '"x"'))
      .map(([f, op, s]) => (op.startsWith('has_any') ? `${f} ${op} (${s}, 'b')` : `${f} ${op} ${s}`)),
    fc
      .tuple(field, fc.constantFrom('in', '!in', 'in~', '!in~'), fc.array(literal, { minLength: 1, maxLength: 3 }))
      .map(([f, op, items]) => `${f} ${op} (${items.join(', ')})`),
    fc.tuple(field, fc.constantFrom('between', '!between')).map(([f, op]) => `${f} ${op} (1 .. 500)`),
    fc.tuple(field, fc.constantFrom('matches regex', '!matches regex')).map(([f, op]) => `${f} ${op} @'^\\d+$'`),
    fc.tuple(tie('expression'), fc.constantFrom('and', 'or'), tie('expression')).map(([a, op, b]) => `${a} ${op} ${b}`),
    tie('expression').map((e) => `not(${e})`),
  ),
}));

export const aplExpression = expression;

const assignments = fc
  .array(fc.tuple(newName, expression), { minLength: 1, maxLength: 3 })
  .map((items) => items.map(([n, e]) => `${n} = ${e}`).join(', '));
const fields = fc.uniqueArray(field, { minLength: 1, maxLength: 3 }).map((f) => f.join(', '));
const order = fc.constantFrom('', ' asc', ' desc', ' desc nulls last', ' asc nulls first');

const stage = fc.oneof(
  expression.map((e) => `where ${e}`),
  assignments.map((a) => `extend ${a}`),
  assignments.map((a) => `extend-valid ${a}`),
  fc.tuple(fields, assignments).map(([f, a]) => `project ${f}, ${a}`),
  fields.map((f) => `project-away ${f}`),
  fc.constantFrom('project-away geo.*', "project-keep ['geo.']*, _time", 'project-reorder status desc, * asc'),
  fc.constantFrom('project-rename duration = req_duration_ms', 'count', 'getschema', 'take 10', 'limit 5', 'sample 3'),
  fields.map((f) => `distinct ${f}`),
  fc
    .tuple(fc.constantFrom('count()', 'avg(req_duration_ms)', 'n = dcount(id)', 'arg_max(_time, *)'), fc.option(fields))
    .map(([agg, by]) => `summarize ${agg}${by ? ` by ${by}, bin(_time, 5m)` : ''}`),
  fc.tuple(fc.constantFrom('order', 'sort'), field, order).map(([op, f, o]) => `${op} by ${f}${o}`),
  fc.tuple(field, order).map(([f, o]) => `top 5 by ${f}${o}`),
  fc.constantFrom(
    "join kind=inner (['users'] | project id, name) on $left.id == $right.id",
    "lookup kind=leftouter ['countries'] on code",
    'make-series avg(req_duration_ms) default=0 on _time from ago(1d) to now() step 1h by method',
    'mv-expand kind=array with_itemindex=i tags to typeof(string) limit 10',
    "parse uri with '/api/' version:string '/' * ",
    "parse-where kind=regex msg with @'id=(\\d+)' id:long",
    "parse-kv msg as (a:string, b:long) with (pair_delimiter=',', kv_delimiter='=')",
    "redact replaceToken='#' @'\\d{4}' on uri",
    "search 'error' and method == 'POST'",
    "union withsource=src ['a'], (['b'] | where x > 1)",
  ),
);

const separator = fc.constantFrom('\n| ', ' | ', '\n  | ', '\n// a note\n| ', ' // note | not a stage\n| ');

/** A valid query: a dataset (or a let statement and its name), stages, and separators with comments. */
export const aplQuery = fc
  .tuple(
    fc.constantFrom(...DATASETS),
    fc.array(fc.tuple(separator, stage), { maxLength: 6 }),
    fc.option(
      fc.constantFrom(
        'let limit_ms = 500;\n',
        "let recent = ['http-logs'] | where _time > ago(1h);\n",
        'set truncationmaxsize=100;\n',
      ),
    ),
    fc.option(fc.constantFrom('\n// trailing comment', '   // after')),
  )
  .map(
    ([dataset, stages, head, tail]) => `${head ?? ''}${dataset}${stages.map(([s, t]) => s + t).join('')}${tail ?? ''}`,
  );

/** What malformed APL is made of: what opens and closes things (brackets, quotes of each kind,
 *  comments), pipes, operators, words of the grammar, literals, and characters that are odd in
 *  UTF-16 (an emoji, a lone surrogate). */
const PIECES = [
  ...['|', "['", "']", '(', ')', '[', ']', '{', '}', "'", '"', '```', '@', "@'", 'h"', '\\', '//', '/', '`'],
  ...['\n', ' ', ';', ',', '=', '==', '.', '..', ':', '-', '*', '!', '~', 'in~', '0', '5m', '1.5', 'x', 'h'],
  ...['where', 'summarize', 'by', 'let', 'project-away', 'matches', 'regex', '$left', 'dynamic(', 'datetime('],
  ...['😀', '\ud800'],
];

/** Text for tests that a reader of APL takes any text: any string (of code units, or of graphemes),
 *  or APL's pieces joined with short strings between them. */
export const aplLikeText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 4 })), { maxLength: 60 }).map((p) => p.join('')),
);
