// The counter that the APL tests count reads with instead of timing them: it must read as the same
// string, and count what each way of reading reads.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { countingText } from '../../support/countingText';

describe('countingText', () => {
  it('an index reads one character; the length is free', () => {
    const { counted, reads } = countingText('abc');
    assert.equal(counted.length, 3);
    assert.equal(reads.total, 0);
    assert.equal(`${counted[0]}${counted[2]}${counted[5]}`, 'acundefined');
    assert.deepEqual(reads, { total: 3, byWay: { index: 3 } });
  });

  it('slice counts what it copies, indexOf what it passes over, startsWith what it compares', () => {
    const { counted, reads } = countingText('0123456789');
    assert.equal(counted.slice(2, 5), '234');
    assert.equal(counted.slice(-3), '789');
    assert.equal(counted.indexOf('5', 1), 5);
    assert.equal(counted.indexOf('x', 4), -1);
    assert.equal(counted.startsWith('23', 2), true);
    assert.equal(counted.charCodeAt(9), 57);
    assert.deepEqual(reads.byWay, { slice: 3 + 3, indexOf: 5 + 6, startsWith: 2, charCodeAt: 1 });
    assert.equal(reads.total, 6 + 11 + 2 + 1);
  });

  it('a conversion, and a method it does not know, count the whole text', () => {
    const { counted, reads } = countingText('hello');
    assert.equal(`<${counted}>`, '<hello>');
    assert.equal(counted.toUpperCase(), 'HELLO');
    assert.deepEqual(reads.byWay, { conversion: 5, toUpperCase: 5 });
  });

  it('any call reads as on the string, and counts no more than the text and what it looks for', () => {
    const position = fc.option(fc.integer({ min: -40, max: 40 }), { nil: undefined });
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('slice', 'substring', 'substr', 'indexOf', 'lastIndexOf', 'startsWith', 'endsWith'),
        fc.string({ maxLength: 3 }),
        position,
        position,
        (text, method, needle, a, b) => {
          const { counted, reads } = countingText(text);
          const args: unknown[] = ['slice', 'substring', 'substr'].includes(method) ? [a, b] : [needle, a];
          const call = (on: string) => (on[method as keyof string] as (...x: unknown[]) => unknown).apply(on, args);
          assert.deepEqual(call(counted), call(text));
          assert.ok(reads.total >= 0 && reads.total <= text.length + needle.length, JSON.stringify(reads));
        },
      ),
    );
  });
});
