// fieldSuggest: fields close to an unknown one, by spelling and by parts, on the demo's fields.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { suggest } from '../../../src/core/apl/suggest';
import { suggestField } from '../../../src/core/apl/fieldSuggest';
import { checkFieldsOfText } from '../../../src/core/apl/fieldChecks';
import { parseApl } from '../../../src/core/apl/syntaxParser';
import { demoDatasets } from '../../support/demo';

describe('suggestField: near names by parts as well as by spelling (issue 52, item 6)', () => {
  const httpLogs = demoDatasets(Date.now())
    .find((d) => d.name === 'http-logs')!
    .fields.map((f) => f.name);

  it('on the demo’s http-logs: duration_ms finds req_duration_ms, city finds geo.city, a misspelling its field', () => {
    assert.deepEqual(suggestField('duration_ms', httpLogs), ['req_duration_ms']);
    assert.deepEqual(suggestField('city', httpLogs), ['geo.city']);
    assert.deepEqual(suggestField('stauts', httpLogs), ['status']);
    assert.deepEqual(suggestField('agent', httpLogs), ['user_agent']);
  });

  it('the check’s warning on duration_ms names req_duration_ms, and gives it to the quick fix', () => {
    const text = "['http-logs'] | where duration_ms > 500";
    const [problem] = checkFieldsOfText(text, parseApl(text), (dataset) =>
      dataset === 'http-logs' ? httpLogs : undefined,
    );
    assert.equal(problem.code, 'unknown-field');
    assert.deepEqual(problem.suggestions, ['req_duration_ms']);
  });

  it('spelling first, then the fewest extra parts; each once, at most the limit', () => {
    const fields = ['a_b_c_d', 'x_b_c', 'b_c', 'b_d', 'q_b_c_r'];
    assert.deepEqual(suggestField('b_c', fields), ['b_c', 'b_d', 'x_b_c']);
    assert.deepEqual(suggestField('b_c', fields, 5), ['b_c', 'b_d', 'x_b_c', 'a_b_c_d', 'q_b_c_r']);
    assert.deepEqual(suggestField('c_b', ['x_b_c']), []);
  });

  it('(property) each answer is a known field, once, spelt close or holding the word’s parts in a row', () => {
    const part = fc.constantFrom('req', 'duration', 'ms', 'geo', 'city', 'id', 'x');
    const name = fc
      .array(part, { minLength: 1, maxLength: 4 })
      .chain((parts) => fc.constantFrom('_', '.', '-').map((sep) => parts.join(sep)));
    fc.assert(
      fc.property(name, fc.uniqueArray(name, { maxLength: 12 }), (word, fields) => {
        const answer = suggestField(word, fields);
        assert.ok(answer.length <= 3);
        assert.equal(new Set(answer).size, answer.length);
        const spelt = suggest(word, fields);
        const wordParts = word.split(/[_.-]/).join('\u0000');
        for (const field of answer) {
          assert.ok(fields.includes(field));
          const fieldParts = field.split(/[_.-]/).join('\u0000');
          assert.ok(spelt.includes(field) || `\u0000${fieldParts}\u0000`.includes(`\u0000${wordParts}\u0000`), field);
        }
      }),
    );
  });
});
