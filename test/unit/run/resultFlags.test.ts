import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { readTabular } from '../../../src/core/api/tabular';
import { queryReport } from '../../../src/core/agents/reports';
import { renderReport } from '../../../src/core/agents/resultText';
import { RESULT_FLAG_SENTENCES, readResultFlags, resultFlags } from '../../../src/core/run/resultFlags';
import { PANEL_WORDS } from '../../../src/core/run/panelWords';
import { statusParts } from '../../../src/webview/shared/statusLine';

/** A tabular answer whose status says it is partial, an estimate and continued. */
const FLAGGED = {
  status: {
    elapsedTime: 1000,
    isPartial: true,
    isEstimate: true,
    continuationToken: 'opaque-token-1',
    messages: [{ priority: 'warn', count: 1, code: 'partial_result', msg: 'the query stopped early' }],
  },
  tables: [{ name: '0', fields: [{ name: 'n', type: 'integer' }], columns: [[1]] }],
};

describe('result flags', () => {
  it('reads isPartial, isEstimate and a continuation token from the answer, and nothing from a plain one', () => {
    const { status } = readTabular(FLAGGED);
    assert.deepEqual(resultFlags(status), ['partial', 'estimate', 'continued']);
    assert.deepEqual(resultFlags(readTabular({ status: { continuationToken: '' }, tables: [] }).status), []);
  });

  it('says each flag in words in the status line (results panel and notebook outputs)', () => {
    const { status } = readTabular(FLAGGED);
    const parts = statusParts({ ...status, limitNote: 'Axiom returns at most 1,000 rows.' }, 1, 1, false);
    assert.equal(parts.partial, true);
    assert.deepEqual(parts.notes, [
      PANEL_WORDS.estimate,
      PANEL_WORDS.continued,
      'Axiom returns at most 1,000 rows.',
      'warn: the query stopped early',
    ]);
  });

  it("says each flag in an agent's tool result, outside the data blocks", () => {
    const result = readTabular(FLAGGED);
    const { text } = renderReport(queryReport({ name: '', host: 'api.axiom.co' }, 'the last hour', result, undefined));
    for (const flag of resultFlags(result.status)) {
      const at = text.indexOf(RESULT_FLAG_SENTENCES[flag]);
      assert.ok(at >= 0 && at < text.indexOf('<axiom-data'), flag);
    }
    assert.ok(!text.includes('opaque-token-1'), 'the continuation token itself is not handed over');
  });

  it('property: stored flags read back as known flags, each once, in order, and reading is idempotent', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.array(fc.oneof(fc.constantFrom('partial', 'estimate', 'continued'), fc.string())), fc.anything()),
        (value) => {
          const flags = readResultFlags(value);
          assert.equal(new Set(flags).size, flags.length);
          assert.deepEqual(readResultFlags(flags), flags);
          assert.deepEqual(
            resultFlags({
              isPartial: flags.includes('partial'),
              isEstimate: flags.includes('estimate'),
              continued: flags.includes('continued'),
            }),
            flags,
          );
        },
      ),
    );
  });
});
