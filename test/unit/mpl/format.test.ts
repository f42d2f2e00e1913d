import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { formatMpl, formatMplEdits } from '../../../src/core/mpl/format';
import { lexMpl } from '../../../src/core/mpl/lexer';
import { checkMpl } from '../../../src/core/mpl/checks';
import { MPL_EXAMPLES, asQuery } from '../../support/mplReferenceExamples';
import { mplLikeText, mplQuery } from '../../support/mplArbitraries';
import { FUZZ_BOUND } from '../../support/untrustedInput';

/** The tokens, comments among them, as kind and text: what formatting must keep. */
const tokensOf = (text: string) => lexMpl(text).map((t) => `${t.kind} ${t.text}`);

function formatsWell(text: string): string {
  const formatted = formatMpl(text);
  assert.deepEqual(tokensOf(formatted), tokensOf(text), `the tokens changed:\n${text}\n→\n${formatted}`);
  assert.equal(formatMpl(formatted), formatted, `formatting again changed:\n${formatted}`);
  return formatted;
}

describe('MPL formatter', () => {
  it('writes the reference examples as the reference writes them', () => {
    for (const example of MPL_EXAMPLES) {
      if (example.text.includes('compute total')) continue; // written on one line there; see below
      assert.equal(formatMpl(example.text), example.text);
    }
  });

  it('puts each stage on its line, one space between words, none around : :: .. and inside brackets', () => {
    assert.equal(
      formatMpl(
        '   `ds`  :  `m` [ -1h .. +5m ]as x|where a==1 and(b !=-2 or not c is  string)   |map fill :: const ( 0 )|align to 5m using avg // hi\n|group by a ,b using sum',
      ),
      '`ds`:`m`[-1h..+5m] as x\n| where a == 1 and (b != -2 or not c is string)\n| map fill::const(0)\n| align to 5m using avg // hi\n| group by a, b using sum',
    );
  });

  it('gives a directive its line, and the queries of a compute one each, indented', () => {
    assert.equal(formatMpl('set custom_unit="ms"; `a`:`b`|map rate'), 'set custom_unit = "ms";\n`a`:`b`\n| map rate');
    assert.equal(
      formatMpl('(`a`:`b`|map rate,`c`:`d`)|compute x using /', { indent: '    ' }),
      '(\n    `a`:`b`\n    | map rate,\n    `c`:`d`\n)\n| compute x using /',
    );
  });

  it('keeps one blank line of several, comments where they were, and the line ends asked for', () => {
    assert.equal(
      formatMpl('`a`:`b` // the source\n\n\n// own line\n|map rate\n', { eol: '\r\n' }),
      '`a`:`b` // the source\r\n\r\n// own line\r\n| map rate\r\n',
    );
  });

  it('leaves text with an unclosed string as it is', () => {
    assert.deepEqual(formatMplEdits('`a`:`b`|where x == "abc'), []);
  });

  it('edits only the gaps that change', () => {
    const edits = formatMplEdits('`a`:`b`\n| map  rate');
    assert.deepEqual(edits, [{ start: 13, end: 15, newText: ' ' }]);
  });

  it('every example of the reference, as a whole query, formats to the same tokens and a fixed point', () => {
    for (const example of MPL_EXAMPLES) formatsWell(asQuery(example));
  });

  // However a valid query is spaced and commented: the same tokens, once formatted a fixed point,
  // and still valid.
  const separator = fc.constantFrom(' ', '', '  ', '\n', '\t', '\n\n', ' // a note\n', '\n// own line\n', '\n  ');
  it('is idempotent and keeps every token, however a valid query is spaced and commented', () => {
    fc.assert(
      fc.property(mplQuery, fc.array(separator, { minLength: 1, maxLength: 30 }), (query, gaps) => {
        const tokens = lexMpl(query);
        const respaced = tokens.map((t, i) => t.text + (i + 1 < tokens.length ? gaps[i % gaps.length] : '')).join('');
        if (
          JSON.stringify(tokensOf(respaced).filter((t) => !t.startsWith('comment'))) !== JSON.stringify(tokensOf(query))
        )
          return; // the gaps joined two tokens: another text
        const formatted = formatsWell(respaced);
        assert.deepEqual(checkMpl(formatted), [], `a valid query stays valid:\n${formatted}`);
      }),
      { numRuns: 400 },
    );
  });

  it('on any text: never throws, keeps every token, formats to a fixed point', () => {
    fc.assert(
      fc.property(mplLikeText, (text) => {
        formatsWell(text);
      }),
      FUZZ_BOUND,
    );
  });
});
