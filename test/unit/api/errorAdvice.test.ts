import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AxiomError } from '../../../src/core/api/errors';
import { adviceFor } from '../../../src/core/api/errorAdvice';
import { render } from '../../../src/core/phrase';

describe('secrets and input', () => {
  it('error messages never carry a token the service echoed', () => {
    const error = new AxiomError('forbidden', '403: token xaat-secret-1 is invalid', {
      status: 403,
      serviceMessage: 'token xaat-secret-1 is invalid',
    });
    const advice = adviceFor(error, 'Loading monitors');
    assert.ok(!render(advice.message).includes('xaat-secret-1'));
    assert.deepEqual(advice.actions, ['retry', 'setToken', 'showLog']);
  });
});
