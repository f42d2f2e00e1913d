// Local checks of MPL text, with no network, read from its syntax tree: the parser's syntax
// problems, and what the names mean: a function that the place it stands in does not take (with
// the names it may have meant), a function's arguments, a time unit, a directive, a type after
// `is`, a built-in variable. Where Axiom's reference says nothing, the text is accepted rather than
// flagged: a directive, type or variable it does not list is only reported when it is close to one
// it does (a misspelling). A valid query is never reported (tested on every example of the
// reference).
import { phrase, type Phrase } from '../phrase';
import type { MplProblem } from './problem';
import {
  ARITHMETIC,
  DIRECTIVE_NAMES,
  HISTOGRAM_MODES,
  HISTOGRAM_SPECS,
  MAP_ARGUMENT_OF,
  TIME_UNITS,
  TYPE_NAMES,
  VARIABLES,
  findFunction,
  functionNames,
  type MplFunctionPlace,
} from './reference';
import { suggest } from '../apl/suggest';
import type { MplFunctionRef, MplLiteral, MplStage, ParsedMpl } from './syntaxNodes';
import { parseMpl } from './syntaxParser';
import { walkMpl } from './syntaxWalk';

export type { MplProblem, MplProblemCode } from './problem';

const VARIABLE_NAMES = Object.freeze(VARIABLES.map((v) => v.name));

export function checkMpl(text: string): MplProblem[] {
  return checkParsedMpl(parseMpl(text));
}

/** The problems of text already parsed: its syntax problems and those of its names. */
export function checkParsedMpl(parsed: ParsedMpl): MplProblem[] {
  const found: MplProblem[] = [];
  walkMpl(parsed, (node) => {
    if (node.kind === 'stage') found.push(...stageProblems(node));
    else if (node.kind === 'literal') found.push(...literalProblems(node));
    else if (node.kind === 'directive' && node.name)
      found.push(
        ...nearMiss(node.name, DIRECTIVE_NAMES, 'unknown-directive', (found, meant) =>
          phrase('MPL has no directive {0}. Did you mean {1}?', found, meant),
        ),
      );
    else if (node.kind === 'typeTest' && node.type && !node.type.quoted)
      found.push(
        ...nearMiss(node.type, TYPE_NAMES, 'unknown-type', (found, meant) =>
          phrase('Not a type MPL lists ({0}). Did you mean {1}?', found, meant),
        ),
      );
  });
  if (!found.length) return parsed.problems;
  return [...parsed.problems, ...found].sort((a, b) => a.start - b.start || a.end - b.end);
}

function stageProblems(stage: MplStage): MplProblem[] {
  const fn = stage.function;
  const operation = stage.operation?.text;
  if (!fn || !operation || !stage.known) return [];
  const place = operation as MplFunctionPlace;
  const name = fn.name.text;
  if (ARITHMETIC.includes(name) && (place === 'map' || place === 'compute')) return [];
  const known = findFunction(name);
  const names = functionNames(place);
  if (!known || !known.places.includes(place)) {
    const suggestions = suggest(name, names);
    return [
      warning(
        fn.name,
        suggestions.length
          ? phrase(
              '{0} takes no function {1} in the reference. Did you mean {2}?',
              operation,
              quoted(name),
              quoted(suggestions[0]),
            )
          : phrase('{0} takes no function {1} in the reference: {2}.', operation, quoted(name), names.join(', ')),
        suggestions,
        'unknown-function',
      ),
    ];
  }
  return argumentProblems(fn, place);
}

function argumentProblems(fn: MplFunctionRef, place: MplFunctionPlace): MplProblem[] {
  const known = findFunction(fn.name.text);
  if (!known) return [];
  const mapArgument = place === 'map' ? MAP_ARGUMENT_OF[known.name] : undefined;
  const parameters = mapArgument?.parameters ?? known.parameters;
  const arity = mapArgument ? { min: 1, max: 1 } : known.arity;
  // An unclosed call is reported as such; its arguments are not counted.
  if (fn.closed === false) return [];
  if (!parameters || !arity) {
    if (!fn.args) return [];
    return [
      {
        code: 'argument-count',
        severity: 'error',
        start: fn.start,
        end: fn.end,
        message: phrase('{0} takes no arguments here.', quoted(known.name)),
      },
    ];
  }
  const given = fn.args?.length ?? 0;
  if (given >= arity.min && given <= arity.max) return histogramWords(fn);
  const signature = `${known.name}(${parameters.join(', ')})`;
  return [
    {
      code: fn.args ? 'argument-count' : 'missing-part',
      severity: 'error',
      start: fn.start,
      end: fn.end,
      message: fn.args
        ? phrase(
            '{0} takes {1} arguments, not {2}: {3}.',
            quoted(known.name),
            arity.max === Infinity ? phrase('at least {0}', arity.min) : String(arity.min),
            given,
            signature,
          )
        : phrase('{0} needs its arguments: {1}.', quoted(known.name), signature),
    },
  ];
}

/** The words among a histogram function's arguments: a mode (rate, increase) first for the
 *  cumulative one, then quantiles or aggregations. */
function histogramWords(fn: MplFunctionRef): MplProblem[] {
  if (!fn.name.text.includes('histogram')) return [];
  const problems: MplProblem[] = [];
  fn.args?.forEach((arg, index) => {
    if (arg.type !== 'name') return;
    const mode = index === 0 && fn.name.text === 'interpolate_cumulative_histogram';
    const words = mode ? HISTOGRAM_MODES : HISTOGRAM_SPECS;
    if (words.includes(arg.text)) return;
    const suggestions = suggest(arg.text, words);
    problems.push(
      warning(
        arg,
        suggestions.length
          ? phrase('Not a {0} the reference lists. Did you mean {1}?', mode ? 'mode' : 'spec', quoted(suggestions[0]))
          : phrase('Not a {0} the reference lists: {1}.', mode ? 'mode' : 'spec', words.join(', ')),
        suggestions,
        'unknown-function',
      ),
    );
  });
  return problems;
}

function literalProblems(literal: MplLiteral): MplProblem[] {
  if (literal.type === 'duration') {
    const unit = /[A-Za-z]+$/.exec(literal.text)?.[0] ?? '';
    if (TIME_UNITS.includes(unit)) return [];
    const suggestions = suggest(unit, TIME_UNITS).filter((u) => u.length > 0);
    return [
      {
        code: 'unknown-unit',
        severity: 'error',
        start: literal.end - unit.length,
        end: literal.end,
        message: phrase('{0} is no time unit of MPL: {1}.', quoted(unit), TIME_UNITS.join(', ')),
        suggestions,
      },
    ];
  }
  // A parameter of the query's own may have any name: only a near miss of a built-in one is said.
  if (literal.type === 'variable')
    return nearMiss(literal, VARIABLE_NAMES, 'unknown-variable', (found, meant) =>
      phrase('Not a built-in variable ({0}). Did you mean {1}?', found, meant),
    );
  return [];
}

/** A name the reference does not list, reported only when it is close to one it does (a misspelling). */
function nearMiss(
  at: { start: number; end: number; text: string },
  known: readonly string[],
  code: MplProblem['code'],
  says: (found: string, meant: string) => Phrase,
): MplProblem[] {
  if (known.includes(at.text)) return [];
  const suggestions = suggest(at.text, known);
  return suggestions.length ? [warning(at, says(quoted(at.text), quoted(suggestions[0])), suggestions, code)] : [];
}

function warning(
  at: { start: number; end: number },
  message: MplProblem['message'],
  suggestions: string[],
  code: MplProblem['code'],
): MplProblem {
  return { code, severity: 'warning', start: at.start, end: at.end, message, suggestions };
}

function quoted(text: string): string {
  return `'${text}'`;
}
