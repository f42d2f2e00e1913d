// Fields a query names that its dataset does not have: `| where stauts == 500` on a dataset with a
// `status` field. Read from the syntax tree (syntaxNodes.ts) against the fields the extension already
// knows of each dataset (the service's fields and virtual fields), following the query stage by
// stage: what extend, project, summarize, parse and mv-expand create is known after them, and
// after an operator whose output fields cannot be known here (join, union, make-series, an unknown
// operator, …) nothing more is checked. The rule is no false alarm: a dataset whose fields are not
// known yet is not checked at all, a stage with a syntax problem ends the checking of its query,
// and a dotted name is unknown only when no field starts with it or is a prefix of it (a map or
// dynamic field holds keys the field list does not name).
import { phrase } from '../phrase';
import { queryBlocks } from './queryBlocks';
import type { Problem } from './problem';
import { TYPE_NAMES } from './reference';
import { suggestField } from './fieldSuggest';
import type { Expression, ParsedApl, Pipeline, Stage, SyntaxNode } from './syntaxNodes';
import { parseApl } from './syntaxParser';
import { walk } from './syntaxWalk';
import { datasetOfPipeline, declaredNames } from './datasetsRead';

export { datasetOfPipeline, declaredNames, datasetsRead } from './datasetsRead';

/** The names of a dataset's fields, or undefined while they are not known. */
export type FieldsOf = (dataset: string) => readonly string[] | undefined;

/** Fields every dataset has, whether or not the field list names them. */
const SYSTEM_FIELDS = ['_time', '_sysTime', '_rowId', '_cursor', '_source'];

/** Operators that keep every field and create none: the fields they name are checked. */
const KEEPING = new Set(['where', 'take', 'limit', 'sample', 'sort', 'order', 'top', 'distinct', 'extend-valid']);
/** Operators that keep or drop fields by pattern (or search them): nothing in them is checked, the fields stay. */
const UNCHECKED = new Set(['project-away', 'project-keep', 'project-reorder', 'search', 'redact']);
/** Operators whose items create fields as `name = expression` (or name one that stays). */
const CREATING = new Set(['extend', 'project', 'project-rename', 'summarize', 'mv-expand']);
/** The binary operators whose right side may be a tabular expression or a let name rather than fields. */
const SET_OPERATORS = new Set(['in', '!in', 'in~', '!in~', 'has_any', 'has_all']);
/** Calls whose arguments are types or literals, not fields. */
const NOT_FIELD_ARGUMENTS = new Set(['typeof', ...TYPE_NAMES]);

/** Warnings for the fields the text names that its datasets do not have; none where a dataset's fields are not known. */
export function checkFields(parsed: ParsedApl, fieldsOf: FieldsOf): Problem[] {
  const declared = declaredNames(parsed);
  const problems: Problem[] = [];
  walk(parsed, (node) => {
    if (node.kind !== 'pipeline') return;
    const dataset = datasetOfPipeline(node, declared);
    const fields = dataset === undefined ? undefined : fieldsOf(dataset);
    if (dataset !== undefined && fields) problems.push(...checkPipeline(parsed, node, dataset, fields, declared));
  });
  return problems.sort((a, b) => a.start - b.start);
}

/** The same for a document of queries apart by blank lines (as Run Query reads them): each block on its own. */
export function checkFieldsOfText(text: string, parsed: ParsedApl, fieldsOf: FieldsOf): Problem[] {
  const blocks = queryBlocks(text);
  if (blocks.length <= 1) return checkFields(parsed, fieldsOf);
  return blocks.flatMap((block) =>
    checkFields(parseApl(text.slice(block.start, block.end)), fieldsOf).map((p) => ({
      ...p,
      start: p.start + block.start,
      end: p.end + block.start,
    })),
  );
}

function checkPipeline(
  parsed: ParsedApl,
  pipeline: Pipeline,
  dataset: string,
  fields: readonly string[],
  declared: ReadonlySet<string>,
): Problem[] {
  const known = new Set<string>([...fields, ...SYSTEM_FIELDS, ...declared]);
  const problems: Problem[] = [];
  const report = (name: string, start: number, end: number) => {
    if (isKnown(name, known)) return;
    const suggestions = suggestField(name, fields);
    problems.push({
      code: 'unknown-field',
      severity: 'warning',
      start,
      end,
      message: suggestions.length
        ? phrase('{0} is not a field of {1}. Did you mean {2}?', quoted(name), dataset, quoted(suggestions[0]))
        : phrase('{0} is not a field of {1}.', quoted(name), dataset),
      suggestions,
    });
  };
  for (const stage of pipeline.stages) {
    // A stage the parser could not read whole is where the checking ends: what follows may be misread.
    if (parsed.problems.some((p) => p.start < stage.end && p.end > stage.start)) break;
    if (!readStage(stage, known, report)) break;
  }
  return problems;
}

/** Checks a stage's fields and adds those it creates; false when the fields after it cannot be known. */
function readStage(
  stage: Stage,
  known: Set<string>,
  report: (name: string, start: number, end: number) => void,
): boolean {
  const operator = stage.operator?.text.toLowerCase();
  if (!operator || !stage.known) return false;
  if (UNCHECKED.has(operator)) return true;
  if (KEEPING.has(operator)) {
    for (const clause of stage.clauses) for (const item of clause.items) references(item, report);
    return true;
  }
  if (operator === 'parse' || operator === 'parse-where' || operator === 'parse-kv') {
    for (const clause of stage.clauses) {
      if (!clause.keyword) for (const item of clause.items) references(item, report);
      else walk(clause.items, (node) => (node.kind === 'typed' ? (known.add(node.name.text), false) : undefined));
    }
    return true;
  }
  if (!CREATING.has(operator)) return false;
  let open = false;
  for (const parameter of stage.parameters)
    if (parameter.name.text === 'with_itemindex' && parameter.value?.kind === 'name') known.add(parameter.value.text);
  for (const clause of stage.clauses) {
    const keyword = clause.keyword?.text;
    if (keyword && keyword !== 'by' && keyword !== 'to' && keyword !== 'limit') return false;
    for (const item of clause.items) {
      if (item.kind === 'assignment') {
        if (item.value) references(item.value, report);
        walk(item.target, (node) => (node.kind === 'name' ? (known.add(node.text), false) : undefined));
        continue;
      }
      references(item, report);
      if (keyword === 'to' || keyword === 'limit') continue;
      const name = outputName(item, operator, keyword);
      if (name === undefined) open = true;
      else known.add(name);
    }
  }
  return !open;
}

/** The name of the field an item without `name =` gives, when it can be known: a field named as it is,
 *  summarize's `count()` → count_ and `avg(x)` → avg_x, `by bin(_time, 1h)` → _time. */
function outputName(item: Expression, operator: string, keyword: string | undefined): string | undefined {
  const named = dottedName(item);
  if (named !== undefined) return named;
  if (operator !== 'summarize' || item.kind !== 'call') return undefined;
  const first = item.args[0] ? dottedName(item.args[0]) : undefined;
  if (keyword === 'by') return item.callee.text.startsWith('bin') ? first : undefined;
  if (!item.args.length) return `${item.callee.text}_`;
  return first !== undefined && item.args.length === 1 ? `${item.callee.text}_${first}` : undefined;
}

/** `status`, `['geo.city']`, `geo.city` as one name; undefined for anything else. */
function dottedName(node: SyntaxNode): string | undefined {
  if (node.kind === 'name') return node.text;
  if (node.kind === 'member' && node.member) {
    const object = dottedName(node.object);
    return object === undefined ? undefined : `${object}.${node.member.text}`;
  }
  return undefined;
}

/** Whether a name is a field here: named as it is, inside a known (map or dynamic) field, or the start of known ones. */
function isKnown(name: string, known: ReadonlySet<string>): boolean {
  if (known.has(name)) return true;
  for (const field of known) if (name.startsWith(`${field}.`) || field.startsWith(`${name}.`)) return true;
  return false;
}

/** Reports each field an expression names, not looking into subqueries, function bodies, parse patterns or types. */
function references(expression: Expression, report: (name: string, start: number, end: number) => void): void {
  walk(expression, (node) => {
    switch (node.kind) {
      case 'name':
        if (!node.text.startsWith('$')) report(node.text, node.start, node.end);
        return false;
      case 'member': {
        const dotted = dottedName(node);
        if (dotted !== undefined) {
          if (!dotted.startsWith('$')) report(dotted, node.start, node.end);
          return false;
        }
        references(node.object, report);
        return false;
      }
      case 'call':
        if (!NOT_FIELD_ARGUMENTS.has(node.callee.text)) for (const arg of node.args) references(arg, report);
        return false;
      case 'binary':
        references(node.left, report);
        if (node.right && !SET_OPERATORS.has(node.operator)) references(node.right, report);
        return false;
      case 'assignment':
        if (node.value) references(node.value, report);
        return false;
      case 'sorted':
        references(node.expression, report);
        return false;
      case 'pipeline':
      case 'function':
      case 'typed':
      case 'pattern':
      case 'literal':
        return false;
      default:
        return undefined;
    }
  });
}

function quoted(text: string): string {
  return `'${text}'`;
}
