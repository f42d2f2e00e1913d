import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { KeyedDelay } from '../../../src/core/keyedDelay';

describe('KeyedDelay', () => {
  it("runs each key's latest work once its wait passes, a new schedule restarting the wait; cancel and clear drop it", () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      const ran: string[] = [];
      const delay = new KeyedDelay(250);
      delay.schedule('a', () => ran.push('a1'));
      mock.timers.tick(200);
      delay.schedule('a', () => ran.push('a2'));
      delay.schedule('b', () => ran.push('b'));
      mock.timers.tick(200);
      assert.equal(ran.length, 0, 'each wait restarted or not over');
      mock.timers.tick(50);
      assert.deepEqual(ran, ['a2', 'b']);
      delay.schedule('c', () => ran.push('c'));
      delay.cancel('c');
      delay.schedule('d', () => ran.push('d'));
      delay.clear();
      mock.timers.tick(1000);
      assert.deepEqual(ran, ['a2', 'b']);
    } finally {
      mock.timers.reset();
    }
  });
});
