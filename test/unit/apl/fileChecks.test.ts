// The command-line checker's core: each problem as one line in either format, and the work it
// takes held linear in the file (steps counted by aplWork, never time: speed is the bench's,
// test/bench/checkApl.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { aplWork, resetAplWork } from '../../../src/core/apl/aplWork';
import { ProblemOutput, problemLine, type FileProblem, type ProblemFormat } from '../../../src/core/apl/fileChecks';
import { fileProblems } from '../../../src/core/monitors/checkedFiles';
import { FUNCTION_NAMES } from '../../../src/core/apl/reference';
import { suggest } from '../../../src/core/apl/suggest';
import { lineAndColumn } from '../../../src/core/apl/lineColumn';
import { phrase, render } from '../../../src/core/phrase';
import { githubCommandValue, oneLine } from '../../../src/core/consoleText';

/** The lines the checker prints for a file's problems (ProblemOutput's bytes, read back). */
function problemLines(name: string, text: string, problems: readonly FileProblem[], format?: ProblemFormat): string[] {
  const output = new ProblemOutput();
  output.problems(name, text, problems, format);
  const printed = Buffer.concat(output.bytes()).toString('utf8');
  return printed ? printed.slice(0, -1).split('\n') : [];
}

/** The lines as the printer before ProblemOutput made them (5b0a7d5): a string a line, each field
 *  escaped and placed by template, joined by line breaks. */
function linesAsBefore(name: string, text: string, problems: readonly FileProblem[], format: ProblemFormat): string {
  const escape = (value: string, where: 'property' | 'message') =>
    format === 'github' ? githubCommandValue(value, where) : oneLine(value);
  const file = escape(name, 'property');
  return problems
    .map((p) => {
      const { line, column } = lineAndColumn(text, p.offset);
      const message = escape(render(p.message), 'message');
      return format === 'github'
        ? `::${p.severity} file=${file},line=${line},col=${column}::${message}`
        : `${file}:${line}:${column}: ${p.severity}: ${message}`;
    })
    .join('\n');
}

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

describe('check-apl: the bytes it prints', () => {
  /** Any text of UTF-16 code units: control characters, line breaks, lone surrogates and all. */
  const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) });
  const severity = fc.constantFrom('error' as const, 'warning' as const);

  it('the same bytes as the printer before it, for any problems under any name, file after file', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            name: fc.oneof(anyText, fc.constantFrom('q.apl', 'a,b:100%.apl', 'x\n::error file=f::y')),
            text: fc.string({ unit: fc.constantFrom('a', '\n', '\r', 'é', '😀'), maxLength: 300 }),
            problems: fc.array(
              fc.record({
                at: fc.nat(),
                severity,
                message: fc.oneof(anyText, fc.constantFrom("Unknown function 'abz'.", '100%\n\x1b[2J', '')),
              }),
              { maxLength: 20 },
            ),
            sorted: fc.boolean(),
          }),
          { maxLength: 4 },
        ),
        fc.constantFrom('text' as const, 'github' as const),
        fc.integer({ min: 0, max: 3 }),
        (files, format, shared) => {
          const output = new ProblemOutput();
          const expected: string[] = [];
          // A phrase shared by several problems (as the checks share one), or one a problem.
          const sharedPhrase = phrase('shared {0}', shared);
          for (const { name, text, problems, sorted } of files) {
            const placed: FileProblem[] = problems.map((p, i) => ({
              offset: p.at % (text.length + 1),
              severity: p.severity,
              message: i % 3 === shared ? sharedPhrase : phrase('{0}', p.message),
            }));
            if (sorted) placed.sort((a, b) => a.offset - b.offset);
            output.problems(name, text, placed, format);
            if (placed.length) expected.push(`${linesAsBefore(name, text, placed, format)}\n`);
            if (name.length % 2) {
              const line = problemLine(format, name, undefined, 'error', 'Cannot read it.');
              output.line(line);
              expected.push(`${line}\n`);
            }
          }
          assert.deepEqual(Buffer.concat(output.bytes()), Buffer.from(expected.join(''), 'utf8'));
          assert.equal(output.bytes().length, 0, 'the output starts again empty');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('lines longer than a chunk, and many chunks, as they were', () => {
    const long = 'x'.repeat(100_000);
    const text = 'a\n'.repeat(3000);
    const problems: FileProblem[] = Array.from({ length: 3000 }, (_, i) => ({
      offset: 2 * i,
      severity: i % 2 ? 'warning' : 'error',
      message: i % 500 ? phrase('m') : phrase('{0}', long),
    }));
    const output = new ProblemOutput();
    output.problems(`${long}.apl`, text, problems.slice(0, 3));
    output.problems('q.apl', text, problems);
    const expected = `${linesAsBefore(`${long}.apl`, text, problems.slice(0, 3), 'text')}\n${linesAsBefore('q.apl', text, problems, 'text')}\n`;
    const chunks = output.bytes();
    assert.ok(chunks.length > 2, `${chunks.length} chunks`);
    assert.ok(Buffer.concat(chunks).equals(Buffer.from(expected, 'utf8')));
  });
});
