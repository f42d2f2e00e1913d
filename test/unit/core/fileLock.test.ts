import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { readLockHolder, tryFileLock, withFileLock, type FileLockTiming } from '../../../src/core/fileLock';
import { anyJsonText, FUZZ_BOUND } from '../../support/untrustedInput';

let folder: string;
beforeEach(() => (folder = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-lock-'))));
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('file lock', () => {
  it('one holder at a time, however many take it at once; each gets its turn; the file is gone after', async () => {
    const lock = path.join(folder, 'a', 'x.lock');
    let holding = 0;
    let most = 0;
    let turns = 0;
    await Promise.all(
      [...Array(20).keys()].map(() =>
        withFileLock(lock, async () => {
          most = Math.max(most, ++holding);
          await new Promise((resolve) => setImmediate(resolve));
          holding--;
          turns++;
        }),
      ),
    );
    assert.equal(most, 1);
    assert.equal(turns, 20);
    assert.equal(fs.existsSync(lock), false);
  });

  it('trying gives up while a holder that lives has it; a holder whose heartbeat stopped loses it, and it is told', async () => {
    const lock = path.join(folder, 'x.lock');
    const timing: FileLockTiming = { heartbeatMs: 50, stoppedAfterMs: 5_000, retryMs: 10 };
    let ran = false;
    const inside = await withFileLock(lock, () => tryFileLock(lock, async () => (ran = true), { timing }), { timing });
    assert.equal(inside, undefined);
    assert.equal(ran, false);
    // A holder on another host that stopped touching its lock longer ago than stoppedAfterMs.
    fs.writeFileSync(lock, JSON.stringify({ pid: 1, host: 'elsewhere', id: 'silent' }));
    const old = new Date(Date.now() - 6_000);
    fs.utimesSync(lock, old, old);
    const gone: unknown[] = [];
    const taken = await tryFileLock(lock, async () => 'mine', { timing, onTakeOver: (holder) => gone.push(holder) });
    assert.deepEqual(taken, { value: 'mine' });
    assert.deepEqual(gone, [{ pid: 1, host: 'elsewhere', id: 'silent' }]);
  });

  it('a lock file, read from anything, names a holder with its three fields or none', () => {
    fc.assert(
      fc.property(anyJsonText, (text) => {
        const holder = readLockHolder(text);
        if (holder === undefined) return;
        assert.deepEqual(Object.keys(holder).sort(), ['host', 'id', 'pid']);
        assert.ok(typeof holder.pid === 'number' && typeof holder.host === 'string' && typeof holder.id === 'string');
      }),
      FUZZ_BOUND,
    );
    assert.deepEqual(readLockHolder('{"pid":7,"host":"h","id":"i","extra":1}'), { pid: 7, host: 'h', id: 'i' });
  });
});
