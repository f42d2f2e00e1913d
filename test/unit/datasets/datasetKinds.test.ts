// A dataset's kind in words (core/datasets/datasetKinds.ts): the kinds Axiom names read as words,
// any other as the service sent it, and nothing for none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { DATASET_KIND_WORDS, datasetKindText } from '../../../src/core/datasets/datasetKinds';

describe('dataset kinds in words', () => {
  it('reads the kinds Axiom names as words', () => {
    assert.equal(datasetKindText('axiom:events:v1'), 'events');
    assert.equal(datasetKindText('otel:traces:v1'), 'OpenTelemetry traces');
    assert.equal(datasetKindText('otel:logs:v1'), 'OpenTelemetry logs');
    assert.equal(datasetKindText('otel:metrics:v1'), 'OpenTelemetry metrics');
  });

  it('shows any other kind as sent, and nothing for none', () => {
    assert.equal(datasetKindText('acme:custom:v2'), 'acme:custom:v2');
    assert.equal(datasetKindText('__proto__'), '__proto__');
    assert.equal(datasetKindText(undefined), '');
    assert.equal(datasetKindText(''), '');
  });

  it('uses the table it is given (a translation)', () => {
    assert.equal(
      datasetKindText('axiom:events:v1', { ...DATASET_KIND_WORDS, 'axiom:events:v1': 'Ereignisse' }),
      'Ereignisse',
    );
  });

  it('any kind gives a string: its words, or itself', () => {
    fc.assert(
      fc.property(fc.string(), (kind) => {
        const text = datasetKindText(kind);
        assert.ok(text === kind || Object.values(DATASET_KIND_WORDS).includes(text as never));
      }),
    );
  });
});
