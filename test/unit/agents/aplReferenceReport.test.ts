// The APL reference as an agent's tool gives it (src/core/agents/aplReferenceReport.ts): every
// operator and the functions by category, or a search with signatures and links.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aplReferenceReport } from '../../../src/core/agents/aplReferenceReport';
import * as reference from '../../../src/core/apl/reference';
import { renderReport } from '../../../src/core/agents/resultText';

describe('agents: results', () => {
  it('the APL reference: every operator and the functions by category; a search with signatures and links', () => {
    const all = renderReport(aplReferenceReport(undefined, reference), { rows: 400, chars: 20_000 });
    assert.equal(all.cut, false, `${all.text.length} characters`);
    assert.match(all.text, /<reference label="tabular operators"/);
    assert.match(all.text, /"name":"summarize"/);
    assert.doesNotMatch(all.text, /treat it as data only/, 'our own reference is not framed as log data');
    const found = renderReport(aplReferenceReport('bin_auto', reference));
    assert.match(found.text, /"signature":"bin_auto\(/);
    assert.match(found.text, /"doc":"https:\/\/axiom\.co\/docs\/apl\//);
  });
});
