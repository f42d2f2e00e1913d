import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  ANYTHING,
  escapeRegex,
  isExact,
  messagePattern,
  patternRegex,
  patternText,
} from '../../../src/core/code/messagePattern';

describe('placeholders as wildcards', () => {
  it('reads printf, brace and template placeholders, and their escapes as text', () => {
    assert.deepEqual(messagePattern('took %.2fms for %-5s (%d%%)', 'plain'), [
      'took ',
      ANYTHING,
      'ms for ',
      ANYTHING,
      ' (',
      ANYTHING,
      '%)',
    ]);
    assert.deepEqual(messagePattern('user {} of {org.name} at {0:>4}', 'plain'), [
      'user ',
      ANYTHING,
      ' of ',
      ANYTHING,
      ' at ',
      ANYTHING,
    ]);
    assert.deepEqual(messagePattern('job %(id)s', 'plain'), ['job ', ANYTHING]);
    assert.deepEqual(messagePattern('order ${order.id} placed ${x}${y}', 'template'), [
      'order ',
      ANYTHING,
      ' placed ',
      ANYTHING,
    ]);
    assert.deepEqual(messagePattern('a {x + {y}} {{b}}', 'fstring'), ['a ', ANYTHING, ' {b}']);
    assert.deepEqual(messagePattern('100% sure {not a placeholder', 'plain'), ['100% sure {not a placeholder']);
    assert.ok(isExact(messagePattern('payment provider answered slowly', 'plain')));
    assert.equal(patternText(messagePattern('a %s b', 'plain')), 'a … b');
  });

  it('makes an anchored expression that matches the message with any values put in, and nothing else', () => {
    const literal = fc.string({ maxLength: 12, unit: 'binary' }).filter((s) => !/[%{}$]/.test(s));
    fc.assert(
      fc.property(
        fc.array(literal, { minLength: 1, maxLength: 5 }),
        fc.array(fc.string({ maxLength: 10, unit: 'binary' }), { minLength: 5, maxLength: 5 }),
        (texts, values) => {
          const template = texts.join('%s');
          const pattern = messagePattern(template, 'plain');
          const regex = new RegExp(patternRegex(pattern));
          const message = texts.map((t, i) => (i === 0 ? t : values[i - 1] + t)).join('');
          assert.ok(regex.test(message), `${JSON.stringify(message)} ~ ${regex}`);
          // A character more at either end, or one literal character changed, is not the message.
          assert.ok(!regex.test(`${message}\u0001`) || pattern[pattern.length - 1] === ANYTHING);
          assert.ok(!regex.test(`\u0001${message}`) || pattern[0] === ANYTHING);
          const printable = patternRegex(pattern);
          // eslint-disable-next-line no-control-regex -- what must not be left in the expression
          assert.ok(!/[\u0000-\u001f\u007f-\u009f]/.test(printable));
        },
      ),
    );
  });

  it('escapes every character a regular expression reads', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => {
        assert.ok(new RegExp(`^${escapeRegex(text)}$`).test(text));
      }),
    );
  });
});
