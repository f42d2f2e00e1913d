import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { mplHoverTarget, mplSignatureAt } from '../../../src/core/mpl/lookup';
import { mplLikeText } from '../../support/mplArbitraries';
import { FUZZ_BOUND } from '../../support/untrustedInput';

const hoverAt = (marked: string) => mplHoverTarget(marked.replace('‸', ''), marked.indexOf('‸'));

describe('MPL hover and signature help', () => {
  it('an operation, a function by where it stands, a directive, a built-in variable', () => {
    assert.equal(hoverAt('`a`:`b` | al‸ign to 5m using avg')?.kind, 'operation');
    const avg = hoverAt('`a`:`b` | align to 5m using a‸vg');
    assert.equal(avg?.kind === 'function' && avg.fn.name, 'avg');
    const mapMin = hoverAt('`a`:`b` | map m‸in(0)');
    assert.ok(mapMin?.kind === 'function' && mapMin.fn.parameters?.length === 1, 'map min takes a value');
    const groupMin = hoverAt('`a`:`b` | group using m‸in');
    assert.ok(groupMin?.kind === 'function' && !groupMin.fn.parameters, 'group min takes none');
    assert.equal(hoverAt('set custom_u‸nit = "ms";\n`a`:`b`')?.kind, 'directive');
    assert.equal(hoverAt('`a`:`b` | align to $__int‸erval using avg')?.kind, 'variable');
    assert.equal(hoverAt('`a`:`b` | where x‸ == 1'), undefined);
  });

  it("the argument under the cursor in a function's parentheses", () => {
    const text = '`a`:`b` | bucket to 5m using interpolate_cumulative_histogram(rate, 0.5, 0.9)';
    const first = mplSignatureAt(text, text.indexOf('rate'));
    assert.equal(first?.signature, 'interpolate_cumulative_histogram(mode, spec, …)');
    assert.equal(first?.activeParameter, 0);
    assert.equal(mplSignatureAt(text, text.indexOf('0.5'))?.activeParameter, 1);
    assert.equal(mplSignatureAt(text, text.indexOf('0.9'))?.activeParameter, 2, 'the last parameter repeats');
    assert.equal(mplSignatureAt(text, text.length), undefined, 'after the closing parenthesis');
    const open = '`a`:`b` | map fill::const(';
    assert.equal(mplSignatureAt(open, open.length)?.signature, 'fill::const(value)');
  });

  it('any text at any offset: never throws, a target inside the text', () => {
    fc.assert(
      fc.property(mplLikeText, fc.nat(), (text, n) => {
        const offset = n % (text.length + 1);
        const target = mplHoverTarget(text, offset);
        if (target) assert.ok(target.start <= offset && offset <= target.end);
        mplSignatureAt(text, offset);
      }),
      FUZZ_BOUND,
    );
  });
});
