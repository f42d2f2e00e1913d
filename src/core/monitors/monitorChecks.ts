// What the service would refuse in a monitor, found before it is sent, each with the field it is
// about and the reason in words: the API description's rules (name and type required, one query,
// the bounds of interval, range, delay, compare days and tolerance, a threshold for a threshold
// monitor) and the monitor docs' rules on the query's shape (a threshold query ends with
// summarize; a match query does not aggregate). Warnings are said but do not stop a save.
import { fieldText, type JsonObject } from '../json';
import { phrase, type Phrase } from '../phrase';
import { operatorsOf } from '../apl/aplText';
import { parseApl } from '../apl/syntaxParser';
import { walk } from '../apl/syntaxWalk';
import { MONITOR_FIELDS, MONITOR_TYPES, OPERATORS, type MonitorField } from './monitorFields';

export interface MonitorProblem {
  /** The field it is about (`aplQuery` for the query's shape). */
  field: string;
  reason: Phrase;
  level: 'error' | 'warning';
}

/** Operators that turn events into aggregates: a match monitor's query may use none of them. */
const AGGREGATING = new Set(['summarize', 'count', 'top', 'top-hitters', 'distinct', 'make-series', 'topk']);

function numberProblem(field: MonitorField, value: unknown): Phrase | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return phrase('Enter a number.');
  if (field.kind === 'integer' && !Number.isInteger(value)) return phrase('Enter a whole number.');
  if (field.min !== undefined && field.max !== undefined && (value < field.min || value > field.max))
    return phrase('Enter a number from {0} to {1}.', field.min, field.max);
  if (field.min !== undefined && value < field.min) return phrase('Enter {0} or more.', field.min);
  if (field.max !== undefined && value > field.max) return phrase('Enter {0} or less.', field.max);
  return undefined;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * The problems of a monitor's definition (a record, a file's content, or a body about to be sent).
 * Fields that do not apply to the monitor's type are checked only for their kind: they are kept,
 * not judged.
 */
export function checkMonitor(definition: JsonObject): MonitorProblem[] {
  const problems: MonitorProblem[] = [];
  const error = (field: string, reason: Phrase) => problems.push({ field, reason, level: 'error' });
  const warn = (field: string, reason: Phrase) => problems.push({ field, reason, level: 'warning' });
  const type = definition.type;

  if (typeof definition.name !== 'string' || !definition.name.trim()) error('name', phrase('A monitor needs a name.'));
  if (typeof type !== 'string' || !type)
    error('type', phrase('Choose a type: Threshold, Match event or Anomaly detection.'));
  else if (!(MONITOR_TYPES as readonly string[]).includes(type))
    warn('type', phrase('“{0}” is not a type the API describes; the service may refuse it.', type));

  const apl = definition.aplQuery;
  const mpl = definition.mplQuery;
  const hasApl = typeof apl === 'string' && apl.trim() !== '';
  const hasMpl = typeof mpl === 'string' && mpl.trim() !== '';
  if (hasApl && hasMpl) error('aplQuery', phrase('A monitor has one query, APL or MPL, not both.'));
  else if (!hasApl && !hasMpl) error('aplQuery', phrase('A monitor needs a query.'));

  for (const field of MONITOR_FIELDS) {
    const value = definition[field.key];
    if (!present(value)) continue;
    if (field.kind === 'number' || field.kind === 'integer') {
      const reason = numberProblem(field, value);
      if (reason) error(field.key, reason);
    } else if (field.kind === 'boolean' && typeof value !== 'boolean') {
      error(field.key, phrase('Expected yes or no (true or false).'));
    } else if (
      (field.kind === 'text' || field.kind === 'longText' || field.kind === 'query') &&
      typeof value !== 'string'
    ) {
      error(field.key, phrase('Expected text.'));
    } else if (field.kind === 'time' && (typeof value !== 'string' || Number.isNaN(Date.parse(value)))) {
      error(field.key, phrase('Expected a date and time, such as 2026-05-01T09:00:00Z.'));
    } else if (field.kind === 'notifiers' && (!Array.isArray(value) || value.some((id) => typeof id !== 'string'))) {
      error(field.key, phrase('Expected a list of notifier ids.'));
    } else if (
      field.kind === 'operator' &&
      typeof value === 'string' &&
      !(OPERATORS as readonly string[]).includes(value)
    ) {
      warn(field.key, phrase('“{0}” is not an operator the API describes; the service may refuse it.', value));
    }
  }

  if (type === 'Threshold') {
    if (!present(definition.threshold)) error('threshold', phrase('A threshold monitor needs a threshold.'));
    if (!present(definition.operator)) error('operator', phrase('A threshold monitor needs an operator.'));
  }
  const n = definition.triggerAfterNPositiveResults;
  const m = definition.triggerFromNRuns;
  if (typeof n === 'number' && typeof m === 'number' && n > m)
    error('triggerAfterNPositiveResults', phrase('{0} positive runs cannot happen among the last {1}.', n, m));

  if (hasApl && !hasMpl) problems.push(...checkQueryShape(fieldText(type), apl));
  return problems;
}

/** The monitor docs' rules on a query's shape, for its type. */
export function checkQueryShape(type: string, apl: string): MonitorProblem[] {
  const parsed = parseApl(apl);
  const operators = operatorsOf(parsed).map((op) => op.name);
  const last = operators[operators.length - 1];
  const problems: MonitorProblem[] = [];
  if (type === 'Threshold') {
    if (last !== 'summarize') {
      const reason = last
        ? phrase('A threshold monitor’s query must end with summarize; this one ends with {0}.', last)
        : phrase('A threshold monitor’s query must end with summarize.');
      problems.push({ field: 'aplQuery', reason, level: 'error' });
    }
    let binAuto = false;
    walk(parsed, (node) => {
      if (node.kind === 'call' && node.callee.text === 'bin_auto') binAuto = true;
      return !binAuto;
    });
    if (binAuto)
      problems.push({
        field: 'aplQuery',
        reason: phrase(
          'Axiom advises bin(_time, …) rather than bin_auto in monitors: bin_auto’s buckets change with the range.',
        ),
        level: 'warning',
      });
  } else if (type === 'MatchEvent') {
    const aggregating = operators.find((op) => AGGREGATING.has(op));
    if (aggregating)
      problems.push({
        field: 'aplQuery',
        reason: phrase('A match monitor’s query filters events and cannot aggregate; this one uses {0}.', aggregating),
        level: 'error',
      });
  }
  return problems;
}

/** Whether any problem stops a save. */
export function hasErrors(problems: readonly MonitorProblem[]): boolean {
  return problems.some((p) => p.level === 'error');
}
