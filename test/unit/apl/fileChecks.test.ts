// The command-line checker's core: each problem as one line in either format, and the work it
// takes held linear in the file (steps counted by aplWork, never time: speed is the bench's,
// test/bench/checkApl.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { aplWork, resetAplWork } from '../../../src/core/apl/aplWork';
import { problemLine, problemLines } from '../../../src/core/apl/fileChecks';
import { fileProblems } from '../../../src/core/monitors/checkedFiles';
import { FUNCTION_NAMES } from '../../../src/core/apl/reference';
import { suggest } from '../../../src/core/apl/suggest';
import { lineAndColumn } from '../../../src/core/apl/lineColumn';
import { phrase } from '../../../src/core/phrase';

/** A generated query: a dataset, then one stage a line. */
const generated = (lines: number, stage: (i: number) => string) =>
  `['logs']\n${Array.from({ length: lines }, (_, i) => stage(i)).join('\n')}\n`;

/** The problems of a text as the checker prints them, and the steps counted on the way. */
function checked(text: string): { lines: string[]; work: number } {
  resetAplWork();
  const lines = problemLines('q.apl', text, fileProblems('q.apl', text));
  return { lines, work: aplWork.lineSteps + aplWork.suggestionCells + aplWork.matchSteps };
}

describe('check-apl: linear in the file', () => {
  const shapes: [string, (i: number) => string][] = [
    ['the same unknown function on every line', (i) => `| extend a${i} = abz(1)`],
    ['a different unknown function on every line', (i) => `| extend a${i} = abz${i}(1)`],
    ['an unknown operator on every line', (i) => `| sumarize x${i}`],
    ['a string left open on every line', (i) => `| where a == "x${i}`],
    [
      'a string left open and an operand missing, line after line',
      (i) => (i % 2 ? `| where a == "x${i}` : '| where b =='),
    ],
    ['a closer that does not match on every line', (i) => `| extend a${i} = (1]`],
    ['a bracket never closed on every line', (i) => `| extend a${i} = (1`],
  ];
  for (const [what, stage] of shapes)
    it(`${what}: twice the lines, at most 2.2 times the steps and twice the problems`, () => {
      const once = checked(generated(2000, stage));
      const twice = checked(generated(4000, stage));
      assert.equal(twice.lines.length, 2 * once.lines.length);
      assert.ok(twice.work > 0);
      assert.ok(twice.work <= 2.2 * once.work, `${once.work} steps for 2,000 lines, ${twice.work} for 4,000`);
    });

  it('valid stages: no problem, so no step', () => {
    assert.deepEqual(checked(generated(2000, (i) => `| extend a${i} = abs(1)`)), { lines: [], work: 0 });
  });

  it('the same misspelt name on 2,000 lines is compared with the functions once', () => {
    resetAplWork();
    suggest('zorby', FUNCTION_NAMES);
    const oneWord = aplWork.suggestionCells;
    const { lines } = checked(generated(2000, (i) => `| extend a${i} = zorbx(1)`));
    assert.equal(lines.length, 2000);
    assert.ok(oneWord > 0);
    assert.ok(aplWork.suggestionCells <= 2 * oneWord, `${aplWork.suggestionCells} cells, one word ${oneWord}`);
  });
});

describe('check-apl: one line a problem', () => {
  it('text: FILE:LINE:COL: severity: message, the name and the message shown escaped', () => {
    assert.equal(
      problemLine('text', 'q.apl', { line: 2, column: 3 }, 'error', 'Unknown tabular operator'),
      'q.apl:2:3: error: Unknown tabular operator',
    );
    assert.equal(
      problemLine('text', 'x\n::error file=a.apl::forged.apl', { line: 1, column: 1 }, 'warning', 'bad \x1b[2J'),
      'x\\n::error file=a.apl::forged.apl:1:1: warning: bad \\x1b[2J',
    );
    assert.equal(
      problemLine('text', 'gone.apl', undefined, 'error', 'Cannot read it.'),
      'gone.apl: error: Cannot read it.',
    );
  });

  it('github: an annotation with the file, line and column, escaped by the runner’s rules', () => {
    assert.equal(
      problemLine('github', 'q,1:2%.apl', { line: 2, column: 3 }, 'error', "Nothing follows '==': 100%\nreally"),
      "::error file=q%2C1%3A2%25.apl,line=2,col=3::Nothing follows '==': 100%25%0Areally",
    );
    assert.equal(problemLine('github', 'gone.apl', undefined, 'warning', 'x'), '::warning file=gone.apl::x');
  });

  it('problems of any text, in either format, under any name: one line each', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.string({ unit: fc.constantFrom('|', '(', ']', '"', '\n', '\r', 'x', ' ', '=', 'abz(1)', '\x1b') }),
        fc.constantFrom('text' as const, 'github' as const),
        (name, text, format) => {
          const lines = problemLines(name, text, fileProblems(`${name}.apl`, text), format);
          for (const line of lines) assert.doesNotMatch(line, /[\r\n\u2028\u2029\x1b]/); // eslint-disable-line no-control-regex -- what is looked for
          if (format === 'github') for (const line of lines) assert.match(line, /^::(error|warning) file=/);
        },
      ),
    );
  });
});

describe('check-apl: where each problem is', () => {
  it('each problem at the line and column of its offset, in the order of the text or not', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\r', 'é'), maxLength: 200 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        (text, picks, inOrder) => {
          const offsets = picks.map((n) => n % (text.length + 1));
          if (inOrder) offsets.sort((a, b) => a - b);
          const lines = problemLines(
            'q.apl',
            text,
            offsets.map((offset) => ({ offset, severity: 'error' as const, message: phrase('m') })),
          );
          assert.deepEqual(
            lines,
            offsets.map((offset) => {
              const { line, column } = lineAndColumn(text, offset);
              return `q.apl:${line}:${column}: error: m`;
            }),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});
