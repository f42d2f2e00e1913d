// consoleText: file names and messages written to a terminal or a CI log as one line, with nothing
// a terminal obeys and nothing GitHub Actions reads as a second workflow command (property-based, fast-check).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { githubCommandValue, oneLine } from '../../../src/core/consoleText';

/** What must never reach a terminal raw: control characters (line breaks included), line and
 *  paragraph separators, bidirectional controls. */
const UNSEEN =
  // eslint-disable-next-line no-control-regex -- these characters are what is looked for
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

/** oneLine read back, by the rules its comment states: the proof that no two texts print alike. */
function readBack(line: string): string {
  return line.replace(/\\(\\|n|r|t|x[0-9a-f]{2}|u[0-9a-f]{4})/g, (_, escape: string) => {
    if (escape === '\\') return '\\';
    if (escape === 'n') return '\n';
    if (escape === 'r') return '\r';
    if (escape === 't') return '\t';
    return String.fromCharCode(parseInt(escape.slice(1), 16));
  });
}

/** What GitHub's runner reads back from a property or a message. */
const runnerReads = (value: string) =>
  value.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');

/** Text rich in what matters here: line breaks, escapes, backslashes, percent signs, colons. */
const hostile = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      '\n',
      '\r',
      '\t',
      '\x1b',
      '\\',
      'n',
      'x',
      'u',
      '%',
      ':',
      ',',
      '::error ',
      '\u2028',
      '\u202e',
      '\x85',
    ),
    fc.string({ unit: 'binary', maxLength: 1 }),
  ),
});

describe('oneLine', () => {
  it('shows control characters by their escape, and leaves a plain name or a Windows path as it is', () => {
    assert.equal(oneLine('a\nb.apl'), 'a\\nb.apl');
    assert.equal(oneLine('\x1b[2J'), '\\x1b[2J');
    assert.equal(oneLine('tab\there\r'), 'tab\\there\\r');
    assert.equal(oneLine('right\u202eto left'), 'right\\u202eto left');
    assert.equal(oneLine('queries/errors by host.apl'), 'queries/errors by host.apl');
    assert.equal(oneLine('C:\\work\\queries\\errors.apl'), 'C:\\work\\queries\\errors.apl');
    // A backslash that an escape could be read from is doubled: \n here is a backslash and an n.
    assert.equal(oneLine('C:\\work\\new.apl'), 'C:\\work\\\\new.apl');
  });

  it('any text in: one line out, nothing a terminal obeys, and it reads back to the same text', () => {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string({ unit: 'binary' })), (text) => {
        const line = oneLine(text);
        assert.doesNotMatch(line, UNSEEN);
        assert.equal(readBack(line), text);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('githubCommandValue', () => {
  it("escapes by the runner's rules: %, CR and LF everywhere, : and , in properties", () => {
    assert.equal(githubCommandValue('50%, a:b\r\nc', 'property'), '50%25%2C a%3Ab%0D%0Ac');
    assert.equal(githubCommandValue('50%, a:b\r\nc', 'message'), '50%25, a:b%0D%0Ac');
    assert.equal(githubCommandValue('colour \x1b[31m', 'message'), 'colour \\x1b[31m');
    assert.equal(githubCommandValue('C:\\repo\\new.apl', 'property'), 'C%3A\\repo\\new.apl');
  });

  it('no file name or message makes a second workflow command, and the runner reads both back', () => {
    fc.assert(
      fc.property(hostile, hostile, (file, message) => {
        const command = `::error file=${githubCommandValue(file, 'property')},line=1,col=2::${githubCommandValue(message, 'message')}`;
        assert.doesNotMatch(command, UNSEEN);
        // The command's own separators are the only ones left: the runner splits it where it was written.
        const [, properties, text] = /^::error (.*?)::(.*)$/.exec(command) ?? [];
        assert.ok(properties !== undefined && text !== undefined, command);
        const fields = properties.split(',');
        assert.equal(fields.length, 3);
        assert.equal(fields[0].split('=').length, 2);
        const unseen =
          /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/; // eslint-disable-line no-control-regex -- what is looked for
        if (!unseen.test(file)) assert.equal(runnerReads(fields[0].slice('file='.length)), file);
        if (!unseen.test(message)) assert.equal(runnerReads(text), message);
      }),
      { numRuns: 2000 },
    );
  });
});
