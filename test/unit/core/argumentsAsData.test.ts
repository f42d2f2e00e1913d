// argumentsAsData: the arguments of a call from outside, shown to the person as data (property-based, fast-check).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { argumentsAsData, SHOWN_CHARACTERS } from '../../../src/core/argumentsAsData';

/** What may not reach the question raw: controls but the line feed, bidirectional and invisible characters. */
const UNSEEN =
  // eslint-disable-next-line no-control-regex -- these characters are what is looked for
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

describe('argumentsAsData', () => {
  it('reads back as the same JSON value, with no character that reorders or hides text left raw', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const shown = argumentsAsData([value]);
        assert.doesNotMatch(shown, UNSEEN);
        if (shown.length <= SHOWN_CHARACTERS) assert.deepEqual(JSON.parse(shown), JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('never shows more than its limit, whatever the text', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' })), (texts) => {
        const shown = argumentsAsData(texts);
        assert.ok(shown.length <= SHOWN_CHARACTERS + 1);
        assert.doesNotMatch(shown, UNSEEN);
      }),
    );
  });

  it('quotes a name that would pass for other words, and escapes the override that reorders it', () => {
    const shown = argumentsAsData([{ id: 'mon_1', name: 'Ok](command:axiom.signOut) \u202egnp.exe' }]);
    assert.equal(shown, '{\n  "id": "mon_1",\n  "name": "Ok](command:axiom.signOut) \\u202egnp.exe"\n}');
  });

  it('shows several arguments as a list, and what JSON cannot write as text', () => {
    assert.equal(argumentsAsData([1, 'two']), '[\n  1,\n  "two"\n]');
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    assert.equal(argumentsAsData([cycle]), '[object Object]');
    assert.equal(argumentsAsData([undefined]), 'undefined');
  });
});
