import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  CLAUSE_WORDS,
  DOCS_BASE,
  EXPRESSION_WORDS,
  FUNCTIONS,
  TABULAR_OPERATORS,
  findFunction,
  findOperator,
  parametersOf,
} from '../../../src/core/apl/reference';

const root = (() => {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir))
    if (fs.existsSync(path.join(dir, 'syntaxes/axiom-apl.tmLanguage.json'))) return dir;
  throw new Error('project root not found');
})();

interface Capture {
  name?: string;
}
interface Rule {
  match?: string;
  begin?: string;
  name?: string;
  patterns?: Rule[];
  captures?: Record<string, Capture>;
  beginCaptures?: Record<string, Capture>;
}
const grammar = JSON.parse(fs.readFileSync(path.join(root, 'syntaxes/axiom-apl.tmLanguage.json'), 'utf8')) as {
  repository: Record<string, Rule>;
};
/** The text of capture group `n` of a regular expression (groups counted as Oniguruma counts them). */
function groupText(source: string, n: number): string {
  let count = 0;
  const open: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '(') {
      const capturing = source[i + 1] !== '?';
      if (capturing) count++;
      open.push(capturing && count === n ? i : -1);
    } else if (c === ')') {
      const start = open.pop();
      if (start !== undefined && start >= 0) return source.slice(start + 1, i);
    }
  }
  return '';
}
/** The words a rule colours as `scope`: the a|b|… alternation of the capture group given that name. */
function grammarWords(rule: Rule | undefined, scope: string): Set<string> {
  const source = rule?.match ?? rule?.begin ?? '';
  const captures = rule?.captures ?? rule?.beginCaptures ?? {};
  const group = Object.keys(captures).find((k) => captures[k].name === scope);
  const alternation = group ? groupText(source, Number(group)) : '';
  return new Set(alternation.split('|').map((w) => w.replace(/\\-/g, '-')));
}

describe('APL reference', () => {
  it('every function has a signature that starts with its name, a sentence of its own and a page in the APL reference', () => {
    assert.ok(FUNCTIONS.length > 290, `${FUNCTIONS.length} functions`);
    const seen = new Set<string>();
    for (const f of FUNCTIONS) {
      assert.ok(!seen.has(f.name), `${f.name} twice`);
      seen.add(f.name);
      assert.ok(f.signature.startsWith(`${f.name}(`) && f.signature.endsWith(')'), f.signature);
      assert.match(f.description, /^\S.*[.]$/, `${f.name}: ${f.description}`);
      assert.ok(f.description.length <= 120, `${f.name}: one short sentence`);
      assert.ok(f.doc.startsWith(DOCS_BASE), f.doc);
      assert.match(f.doc, /^https:\/\/axiom\.co\/docs\/apl\/[a-z0-9/-]+$/, f.doc);
    }
    assert.equal(findFunction('toreal')?.doc, `${DOCS_BASE}scalar-functions/conversion-functions/todouble`);
    assert.equal(findFunction('percentile')?.kind, 'aggregation');
    assert.equal(findFunction('strlen')?.kind, 'scalar');
  });

  it('parameters come from the signature, optional ones included', () => {
    assert.deepEqual(parametersOf('round(x, [precision])'), ['x', 'precision']);
    assert.deepEqual(parametersOf('pi()'), []);
    assert.deepEqual(findFunction('indexof')?.parameters, ['text', 'search', 'start', 'length', 'occurrence']);
  });

  it('knows the 29 tabular operators of the reference, hyphenated ones included, each with syntax and a page', () => {
    assert.equal(TABULAR_OPERATORS.length, 29);
    for (const name of [
      'where',
      'project-away',
      'mv-expand',
      'parse-kv',
      'make-series',
      'extend-valid',
      'project-reorder',
    ])
      assert.ok(findOperator(name), name);
    for (const o of TABULAR_OPERATORS) {
      assert.match(o.doc, /^https:\/\/axiom\.co\/docs\/apl\/tabular-operators\/[a-z-]+$/);
      assert.ok(o.syntax.includes(o.name), o.syntax);
      assert.match(o.description, /^\S.*[.]$/);
    }
  });

  it('the grammar colours the same operators and functions the reference knows', () => {
    const pipe = grammar.repository.pipe.patterns ?? [];
    const operatorRule = pipe.find(
      (r) =>
        r.match && Object.values(r.captures ?? {}).some((c) => c.name === 'keyword.other.operator.tabular.axiom-apl'),
    );
    const operators = grammarWords(operatorRule, 'keyword.other.operator.tabular.axiom-apl');
    for (const name of ['join', 'lookup', 'union']) operators.add(name);
    assert.deepEqual([...operators].sort(), TABULAR_OPERATORS.map((o) => o.name).sort());
    const calls = grammar.repository['function-calls'];
    const aggregation = grammarWords(calls, 'support.function.aggregation.axiom-apl');
    const scalar = grammarWords(calls, 'support.function.scalar.axiom-apl');
    assert.deepEqual(
      [...aggregation].sort(),
      FUNCTIONS.filter((f) => f.kind === 'aggregation')
        .map((f) => f.name)
        .sort(),
    );
    // `not` is coloured as a word operator; literals such as datetime() by rules of their own.
    assert.deepEqual(
      [...scalar, 'not'].sort(),
      FUNCTIONS.filter((f) => f.kind === 'scalar' && f.category !== 'literal')
        .map((f) => f.name)
        .sort(),
    );
  });

  it('expression words and clause words are there', () => {
    const words = new Set(EXPRESSION_WORDS.map((w) => w.name));
    for (const w of [
      'and',
      'or',
      'not',
      'between',
      'in',
      '!in',
      'in~',
      '!in~',
      'has',
      '!has',
      'has_cs',
      'contains',
      '!contains_cs',
      'startswith',
      'endswith_cs',
      'matches regex',
      'has_any',
      'true',
      'null',
    ])
      assert.ok(words.has(w), w);
    for (const w of ['by', 'on', 'asc', 'desc', 'kind', 'with']) assert.ok(CLAUSE_WORDS.includes(w), w);
  });
});
