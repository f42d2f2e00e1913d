import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AxiomError } from '../../../src/core/api/errors';
import { adviceFor } from '../../../src/core/api/errorAdvice';
import { fill, mapArgs, phrase, render, translateWords } from '../../../src/core/phrase';

/** A stand-in translation that marks each template, so tests can see what was translated. */
const shout = (template: string, args: string[]) => fill(template.toUpperCase(), args);

describe('phrases: core sentences the VS Code side translates', () => {
  it('renders English by default, holes filled in order, numbers as digits', () => {
    assert.equal(render(phrase('{1} before {0}', 'b', 2)), '2 before b');
    assert.equal(render('plain text'), 'plain text');
    assert.equal(fill('no holes {0}', []), 'no holes {0}', 'a hole with nothing for it stays');
  });

  it('translates every template, nested ones included, and never the texts in the holes', () => {
    const nested = phrase(
      '{0} failed: {1}',
      phrase('Loading monitors'),
      phrase('No answer from {0} within {1} s.', 'api.example.com', 30),
    );
    assert.equal(render(nested, shout), 'LOADING MONITORS FAILED: NO ANSWER FROM api.example.com WITHIN 30 S.');
  });

  it('advice is one phrase: the doing, then the reason the error gives', () => {
    const error = new AxiomError('timeout', phrase('No answer from {0} within {1} s.', 'h', 5));
    const advice = adviceFor(error, phrase('Loading monitors'));
    assert.equal(render(advice.message), 'Loading monitors failed: No answer from h within 5 s.');
    assert.equal(render(advice.message, shout), 'LOADING MONITORS FAILED: NO ANSWER FROM h WITHIN 5 S.');
    assert.equal(error.message, 'No answer from h within 5 s.', 'the error message stays English for the log');
  });

  it('an error masks secrets in its phrase as in its message', () => {
    const error = new AxiomError('forbidden', phrase('{0}: {1}', 403, phrase('said {0}', 'token xaat-abc123 refused')));
    assert.equal(render(error.phrase), '403: said token xaat-•••• refused');
    assert.ok(!JSON.stringify(error.phrase).includes('xaat-abc'));
  });

  it('mapArgs changes hole texts at any depth and leaves numbers and templates alone', () => {
    const changed = mapArgs(phrase('{0} {1}', 7, phrase('x {0}', 'secret')), (s) => s.replace('secret', '•'));
    assert.deepEqual(changed, { template: '{0} {1}', args: [7, { template: 'x {0}', args: ['•'] }] });
  });

  it('a words table is translated entry by entry, keys kept', () => {
    assert.deepEqual(
      translateWords({ a: 'every {0}', b: 'active' }, (t) => t.toUpperCase()),
      { a: 'EVERY {0}', b: 'ACTIVE' },
    );
  });
});
