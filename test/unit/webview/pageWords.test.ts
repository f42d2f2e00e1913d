import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describe, it } from 'node:test';
import { parseWordTable } from '../../../src/core/run/panelWords';
import { pageWords, sayFrom } from '../../../src/webview/shared/pageWords';

const ENGLISH = { rows: '{0} rows', rowsOf: '{0} of {1} rows', stop: 'Stop' } as const;
const read = (json: string | undefined) => parseWordTable(ENGLISH, json);

describe("a page's words", () => {
  it("reads the page's JSON with the page's reader, and says each word with its holes filled", () => {
    const { words, say } = pageWords(JSON.stringify({ rowsOf: '{0} von {1} Zeilen', stop: 'Anhalten' }), read);
    assert.deepEqual(words, { rows: '{0} rows', rowsOf: '{0} von {1} Zeilen', stop: 'Anhalten' });
    assert.equal(say('rowsOf', 10, '1.000'), '10 von 1.000 Zeilen');
    assert.equal(say('rows', 3), '3 rows');
    assert.equal(say('stop'), 'Anhalten');
  });

  it('speaks English when the JSON is missing, broken or the wrong shape, and for a word with other holes', () => {
    for (const json of [undefined, '', '{not json', '[1,2]', '7', 'null', '{"rows":"{1} Zeilen"}'])
      assert.deepEqual(pageWords(json, read).words, ENGLISH, String(json));
  });

  it('leaves a hole no value fills, and says a key the table lacks rather than failing', () => {
    const say = sayFrom<Readonly<Record<string, string>>>({ pair: '{0} and {1}' });
    assert.equal(say('pair', 'a'), 'a and {1}');
    assert.equal(say('missing', 'x'), 'missing');
  });

  it('keeps any value as text in its hole, markup included, and never throws (fast-check)', () => {
    fc.assert(
      fc.property(fc.option(fc.json(), { nil: undefined }), fc.string(), fc.integer(), (json, text, n) => {
        const { words, say } = pageWords(json, read);
        assert.deepEqual(Object.keys(words).sort(), Object.keys(ENGLISH).sort());
        const said = say('rowsOf', text, n);
        assert.equal(typeof said, 'string');
        if (words.rowsOf === ENGLISH.rowsOf) assert.equal(said, `${text} of ${n} rows`);
      }),
    );
  });
});
