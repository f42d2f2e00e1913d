// The JSON helpers every reader shares: a field meant as text reads as String would for the values
// JSON has, and an object or a list never reads as "[object Object]".
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fieldText } from '../../../src/core/json';

describe('fieldText', () => {
  it('reads text, numbers and true/false as String does, and absent or null as the fallback', () => {
    assert.equal(fieldText('CPU high'), 'CPU high');
    assert.equal(fieldText(''), '');
    assert.equal(fieldText(42), '42');
    assert.equal(fieldText(-0.5), '-0.5');
    assert.equal(fieldText(false), 'false');
    assert.equal(fieldText(undefined), '');
    assert.equal(fieldText(null, 'monitor'), 'monitor');
  });

  it('gives the fallback for an object or a list, where String would say [object Object]', () => {
    assert.equal(fieldText({ name: 'x' }, 'monitor'), 'monitor');
    assert.equal(fieldText(['a', 'b']), '');
  });

  it('agrees with String(value ?? fallback) on every JSON value that is not an object or a list', () => {
    const scalar = fc.oneof(fc.string(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined));
    fc.assert(
      fc.property(scalar, fc.string(), (value, otherwise) => {
        assert.equal(fieldText(value, otherwise), String(value ?? otherwise));
      }),
    );
  });
});
