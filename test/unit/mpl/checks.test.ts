import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkMpl, type MplProblem } from '../../../src/core/mpl/checks';
import { FUNCTIONS, OPERATIONS } from '../../../src/core/mpl/reference';
import { render } from '../../../src/core/phrase';
import { MPL_EXAMPLES, asQuery } from '../../support/mplReferenceExamples';
import { mplQuery } from '../../support/mplArbitraries';

const described = (text: string, problems: MplProblem[]) =>
  problems.map((p) => ({
    code: p.code,
    severity: p.severity,
    text: text.slice(p.start, p.end),
    message: render(p.message),
  }));

function only(text: string): { code: string; severity: string; text: string; message: string } {
  const found = described(text, checkMpl(text));
  assert.equal(found.length, 1, `one problem in:\n${text}\n${JSON.stringify(found, null, 1)}`);
  return found[0];
}

describe('MPL checks: no false alarm', () => {
  it(`on every example of the reference (${MPL_EXAMPLES.length})`, () => {
    for (const example of MPL_EXAMPLES) {
      const text = asQuery(example);
      assert.deepEqual(described(text, checkMpl(text)), [], text);
    }
  });

  it('on generated valid queries of every stage', () => {
    fc.assert(
      fc.property(mplQuery, (text) => assert.deepEqual(described(text, checkMpl(text)), [], text)),
      { numRuns: 400 },
    );
  });

  it('on what the reference does not list: a parameter of its own, any directive, any type name far from one', () => {
    assert.deepEqual(
      checkMpl('set something_else = 3;\n`a`:`b` | align to $window using avg | where x is timestamp'),
      [],
    );
  });
});

describe('MPL checks: misspelt words, with the name meant', () => {
  it('an operation', () => {
    const problem = only('`a`:`b` | gruop by x using sum');
    assert.equal(problem.code, 'unknown-operation');
    assert.equal(problem.severity, 'error');
    assert.equal(problem.text, 'gruop');
    assert.match(problem.message, /Did you mean 'group'\?/);
  });

  it('a function, by the place it stands in', () => {
    assert.match(only('`a`:`b` | align to 5m using avgg').message, /Did you mean 'avg'\?/);
    assert.match(only('`a`:`b` | map fill::prv').message, /Did you mean 'fill::prev'\?/);
    assert.match(only('`a`:`b` | bucket to 5m using histogramm(0.5)').message, /Did you mean 'histogram'\?/);
    // rate is map's, not group's: group's functions are named.
    const misplaced = only('`a`:`b` | group using rate');
    assert.equal(misplaced.code, 'unknown-function');
    assert.match(misplaced.message, /avg, sum, min, max, count|min, max, avg, sum, count/);
  });

  it('a time unit, a directive, a type, a built-in variable', () => {
    assert.equal(only('`a`:`b` | align to 5x using avg').code, 'unknown-unit');
    assert.match(only('set custom_units = "ms";\n`a`:`b`').message, /Did you mean 'custom_unit'\?/);
    assert.match(only('`a`:`b` | where x is strng').message, /Did you mean 'string'\?/);
    assert.match(only('`a`:`b` | align to $__intreval using avg').message, /Did you mean '\$__interval'\?/);
  });

  it('what MPL writes otherwise: =~, single quotes, dotted names without backquotes', () => {
    assert.equal(only('`a`:`b` | where x =~ "a.*"').code, 'regex-operator');
    assert.equal(only("`a`:`b` | where x == 'a'").code, 'single-quotes');
    const dotted = only('otel:go.memory.used');
    assert.equal(dotted.code, 'needs-quotes');
    assert.equal(dotted.text, 'go.memory.used');
  });
});

describe('MPL checks: missing parts, at their place', () => {
  const cases: [string, string, RegExp][] = [
    ['`ds`', '`ds`', /followed by : and its metric/],
    ['`ds`:', ':', /The metric after/],
    ['`a`:`b` |', '|', /A pipe is followed by an operation/],
    ['`a`:`b` | where', 'where', /where needs a condition/],
    ['`a`:`b` | where x ==', '==', /A value after ==/],
    ['`a`:`b` | where x', 'x', /A comparison after x/],
    ['`a`:`b` | where x == 1 and', 'and', /A condition after and/],
    ['`a`:`b` | align to 5m', '5m', /align needs using/],
    ['`a`:`b` | align to using avg', 'to', /A time window after to/],
    ['`a`:`b` | align using', 'using', /A function after using/],
    ['`a`:`b` | group by using sum', 'by', /The tags to group by/],
    ['`a`:`b` | group by a, using sum', ',', /A tag after the comma/],
    ['`a`:`b` | map', 'map', /map needs a function/],
    ['`a`:`b` | map *', '*', /A number after \*/],
    ['`a`:`b` | map fill::const', 'fill::const', /needs its arguments: fill::const\(value\)/],
    ['`a`:`b` | extend x =', '=', /A value after =/],
    ['`a`:`b`[1h..', '[', /This \[ is not closed/],
    ['`a`:`b`[1h]', '1h', /A time range is \[start..end\]/],
    ['set custom_unit = "ms"\n`a`:`b`', '"ms"', /A directive ends with ;/],
    ['(`a`:`b`, `c`:`d`) | compute using /', 'compute', /compute needs a name/],
  ];
  for (const [text, place, message] of cases)
    it(text.replace(/\n/g, ' '), () => {
      const problem = only(text);
      assert.equal(problem.severity, 'error');
      assert.equal(problem.text, place);
      assert.match(problem.message, message);
    });

  it('arguments: too few, too many, where none are taken', () => {
    assert.equal(only('`a`:`b` | bucket using interpolate_cumulative_histogram(rate)').code, 'argument-count');
    assert.equal(only('`a`:`b` | map filter::lt(1, 2)').code, 'argument-count');
    assert.equal(only('`a`:`b` | map rate(5)').code, 'argument-count');
    assert.equal(only('`a`:`b` | map min').code, 'missing-part');
  });
});

describe('MPL checks: property', () => {
  // A generated query with one operation or function misspelt (a letter doubled) is caught at that word.
  it('a misspelt operation or function in a valid query is always reported there, with the right name first', () => {
    const words = [...OPERATIONS.map((o) => o.name), ...FUNCTIONS.map((f) => f.name)].filter((w) => w.length >= 4);
    fc.assert(
      fc.property(mplQuery, fc.nat(), fc.nat(), (text, pick, letter) => {
        const found = [...text.matchAll(/[a-z_:]+/g)].filter((m) => words.includes(m[0]) && text[m.index - 1] !== '`');
        if (!found.length) return;
        const match = found[pick % found.length];
        const word = match[0];
        const at = 1 + (letter % (word.length - 1));
        if (word[at] === ':' || word[at - 1] === ':') return;
        const misspelt = word.slice(0, at) + word[at] + word.slice(at);
        const changed = text.slice(0, match.index) + misspelt + text.slice(match.index + word.length);
        const problems = checkMpl(changed).filter((p) => p.start === match.index);
        assert.equal(problems.length, 1, changed);
        assert.equal(problems[0].suggestions?.[0], word, changed);
      }),
      { numRuns: 300 },
    );
  });
});
