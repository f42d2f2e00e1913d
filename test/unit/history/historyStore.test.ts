import assert from 'node:assert/strict';
import { execFile, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { HistoryStore, readLines } from '../../../src/core/history/historyStore';
import { historyEntry } from '../../support/historyEntries';
import type { StressRound } from '../../support/historyWriter';

const run = promisify(execFile);
let folder: string;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-history-'));
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

function lines(store: HistoryStore, deployment = 'prod'): string[] {
  return fs
    .readFileSync(store.fileOf(deployment), 'utf8')
    .split('\n')
    .filter((l) => l.trim());
}

describe('history store', () => {
  it('reads runs newest first, each with what was recorded', async () => {
    const store = new HistoryStore({ folder });
    await store.append(historyEntry(2));
    await store.append(historyEntry(1));
    await store.append(
      historyEntry(3, {
        outcome: 'compileError',
        message: 'unknown operator',
        rows: undefined,
        range: { version: 1, start: '2026-01-01T00:00:00.000Z', end: '2026-01-02T00:00:00.000Z' },
      }),
    );
    const read = await store.read('prod');
    assert.deepEqual(
      read.map((e) => e.id),
      ['e3', 'e2', 'e1'],
    );
    const { rows: _none, ...expected } = {
      ...historyEntry(3),
      outcome: 'compileError' as const,
      message: 'unknown operator',
      range: { version: 1 as const, start: '2026-01-01T00:00:00.000Z', end: '2026-01-02T00:00:00.000Z' },
    };
    assert.deepEqual(read[0], expected);
    assert.equal('rows' in read[0], false, 'no rows without a result');
  });

  it('keeps what an answer said of itself (partial, estimate, continued), and drops flags it does not know', async () => {
    const store = new HistoryStore({ folder });
    await store.append(historyEntry(1, { flags: ['partial', 'continued'] }));
    fs.appendFileSync(
      store.fileOf('prod'),
      `${JSON.stringify({ ...historyEntry(2), id: 'e2', flags: ['estimate', 'later-flag', 'estimate'] })}\n`,
    );
    const read = await store.read('prod');
    assert.deepEqual(
      read.map((e) => e.flags),
      [['estimate'], ['partial', 'continued']],
    );
  });

  it('hands out the same list while the file is unchanged, and a new one once a run, a removal or another writer changed it', async () => {
    const store = new HistoryStore({ folder });
    await store.append(historyEntry(1));
    await store.append(historyEntry(2));
    const first = await store.read('prod');
    assert.equal(await store.read('prod'), first, 'unchanged: the same list, not read again');
    assert.ok(Object.isFrozen(first), 'the list handed out twice is not for changing');
    await store.append(historyEntry(3));
    const appended = await store.read('prod');
    assert.deepEqual(
      appended.map((e) => e.id),
      ['e3', 'e2', 'e1'],
    );
    await store.remove('prod', 'e2');
    assert.deepEqual(
      (await store.read('prod')).map((e) => e.id),
      ['e3', 'e1'],
    );
    // Another window's store writes the same file.
    await new HistoryStore({ folder }).append(historyEntry(4));
    assert.deepEqual(
      (await new HistoryStore({ folder }).read('prod')).map((e) => e.id),
      (await store.read('prod')).map((e) => e.id),
    );
    assert.equal((await store.read('prod'))[0].id, 'e4');
  });

  it('runs that start in the same millisecond keep the order they were written in', async () => {
    const store = new HistoryStore({ folder });
    for (const id of ['a', 'b', 'c']) await store.append({ ...historyEntry(0), id });
    assert.deepEqual(
      (await store.read('prod')).map((e) => e.id),
      ['c', 'b', 'a'],
    );
  });

  it('keeps each deployment apart', async () => {
    const store = new HistoryStore({ folder });
    await store.append(historyEntry(1));
    await store.append(historyEntry(2, { deployment: 'Prod' }));
    await store.append(historyEntry(3, { deployment: '' }));
    assert.deepEqual(
      (await store.read('prod')).map((e) => e.id),
      ['e1'],
    );
    assert.deepEqual(
      (await store.read('Prod')).map((e) => e.id),
      ['e2'],
    );
    assert.deepEqual(
      (await store.read('')).map((e) => e.id),
      ['e3'],
    );
    assert.deepEqual(await store.read('staging'), []);
  });

  it('keeps at most maxEntries, dropping the oldest, and compacts the file past the cap', async () => {
    const store = new HistoryStore({ folder, maxEntries: 50 });
    for (let i = 0; i < 200; i++) await store.append(historyEntry(i));
    const read = await store.read('prod');
    assert.equal(read.length, 50);
    assert.equal(read[0].id, 'e199');
    assert.equal(read[49].id, 'e150');
    assert.ok(lines(store).length <= 50 + 20, `the file holds ${lines(store).length} lines`);
    // A smaller cap later applies at once to what is read.
    store.maxEntries = 10;
    assert.deepEqual((await store.read('prod')).map((e) => e.id).slice(0, 2), ['e199', 'e198']);
    assert.equal((await store.read('prod')).length, 10);
  });

  it('removes one run from the disk at once', async () => {
    const store = new HistoryStore({ folder });
    await store.append(historyEntry(1, { apl: "['logs'] | where password == 'hunter2'" }));
    await store.append(historyEntry(2));
    await store.remove('prod', 'e1');
    assert.deepEqual(
      (await store.read('prod')).map((e) => e.id),
      ['e2'],
    );
    assert.doesNotMatch(fs.readFileSync(store.fileOf('prod'), 'utf8'), /hunter2/);
  });

  it('clears a deployment’s history from the disk', async () => {
    const store = new HistoryStore({ folder });
    await store.append(historyEntry(1));
    await store.append(historyEntry(2, { deployment: 'other' }));
    await store.clear('prod');
    assert.equal(fs.existsSync(store.fileOf('prod')), false);
    assert.deepEqual(await store.read('prod'), []);
    assert.equal((await store.read('other')).length, 1);
    await store.append(historyEntry(3));
    assert.deepEqual(
      (await store.read('prod')).map((e) => e.id),
      ['e3'],
    );
  });

  it('skips lines that cannot be read, a torn last line included, without losing the entries after them', async () => {
    const store = new HistoryStore({ folder });
    await store.append(historyEntry(1));
    // A window that crashed mid-write, a line from another program, an entry of the wrong shape.
    fs.appendFileSync(
      store.fileOf('prod'),
      'not json at all\n{"id":"x","apl":5}\n[1,2]\n{"id":"e9","at":1,"apl":"torn',
    );
    await store.append(historyEntry(2));
    await store.append(historyEntry(3));
    assert.deepEqual(
      (await store.read('prod')).map((e) => e.id),
      ['e3', 'e2', 'e1'],
    );
    // Compaction keeps what could be read and drops the rest.
    await store.compact('prod');
    assert.deepEqual(
      (await store.read('prod')).map((e) => e.id),
      ['e3', 'e2', 'e1'],
    );
    assert.equal(lines(store).length, 3);
  });

  it('takes a lock whose holder process is gone at once, and one whose heartbeat stopped', async () => {
    const store = new HistoryStore({ folder, maxEntries: 5 });
    for (let i = 0; i < 8; i++) await store.append(historyEntry(i));
    const lock = `${store.fileOf('prod')}.lock`;
    // A holder on this host whose process ended: its lock is fresh, but nobody will release it.
    const ended = await run(process.execPath, ['-p', 'process.pid']);
    fs.writeFileSync(lock, JSON.stringify({ pid: Number(ended.stdout), host: os.hostname(), id: 'ended' }));
    await store.compact('prod');
    assert.equal(lines(store).length, 5);
    assert.equal(fs.existsSync(lock), false);
    // A holder elsewhere (another host sharing the folder) that stopped touching its lock.
    for (let i = 8; i < 12; i++) await store.append(historyEntry(i));
    fs.writeFileSync(lock, JSON.stringify({ pid: process.pid, host: 'elsewhere', id: 'silent' }));
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lock, old, old);
    await store.compact('prod');
    assert.equal(lines(store).length, 5);
    assert.equal(fs.existsSync(lock), false);
  });

  it('a waiting removal never takes the lock of a holder that lives, however long it holds it', async () => {
    const store = new HistoryStore({ folder });
    await store.append(historyEntry(1));
    await store.append(historyEntry(2));
    const lock = `${store.fileOf('prod')}.lock`;
    // A live holder on this host (this process), touching its lock as a holder does.
    fs.writeFileSync(lock, JSON.stringify({ pid: process.pid, host: os.hostname(), id: 'alive' }));
    let removed = false;
    const removal = store.remove('prod', 'e1').then(() => (removed = true));
    await new Promise((resolve) => setTimeout(resolve, 4_000)); // past the 3 s after which it used to break in
    assert.equal(removed, false, 'the removal waits');
    assert.equal((JSON.parse(fs.readFileSync(lock, 'utf8')) as { id: string }).id, 'alive');
    fs.rmSync(lock); // the holder is done
    await removal;
    assert.deepEqual(
      (await store.read('prod')).map((e) => e.id),
      ['e2'],
    );
  });

  it('two processes appending and compacting at once lose nothing', async () => {
    const writer = path.resolve(__dirname, '../../support/historyWriter.mjs');
    // Each compacts every 7 appends: many compactions race with the other's appends.
    const [a, b] = await Promise.all([
      run(process.execPath, [writer, folder, 'a', '300', '7', '10000']),
      run(process.execPath, [writer, folder, 'b', '300', '11', '10000']),
    ]);
    assert.equal(a.stdout.trim(), 'done');
    assert.equal(b.stdout.trim(), 'done');
    const store = new HistoryStore({ folder, maxEntries: 10_000 });
    const ids = new Set((await store.read('prod')).map((e) => e.id));
    const missing = [...Array(300).keys()].flatMap((i) => [`a-${i}`, `b-${i}`]).filter((id) => !ids.has(id));
    assert.deepEqual(missing, []);
    assert.equal(ids.size, 600);
    await store.compact('prod');
    assert.equal(lines(store).length, 600, 'each entry once after compaction');
  });

  it('two processes writing, compacting and removing at once, 200 rounds of 60 KB lines: no entry lost, no torn line', async () => {
    const rounds = Number(process.env.AXIOM_HISTORY_STRESS_ROUNDS ?? 200);
    const entries = 4;
    const writers = ['a', 'b'].map((name) => ({
      name,
      child: fork(path.resolve(__dirname, '../../support/historyWriter.mjs'), [], { stdio: 'ignore' }),
    }));
    const answer = (child: ChildProcess) =>
      new Promise<unknown>((resolve, reject) => {
        const ended = (code: number | null) => reject(new Error(`a writer ended (${code})`));
        child.once('exit', ended);
        child.once('message', (message) => {
          child.off('exit', ended);
          resolve(message);
        });
      });
    const problems: string[] = [];
    try {
      for (let round = 0; round < rounds; round++) {
        const answers = writers.map(({ name, child }) => {
          const done = answer(child);
          const message: StressRound = { folder, writer: name, round, entries, aplLength: 60_000 };
          child.send(message);
          return done;
        });
        assert.deepEqual(await Promise.all(answers), [round, round]);
        const store = new HistoryStore({ folder, maxEntries: 10_000 });
        const file = store.fileOf(`round-${round}`);
        const torn = fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => {
            if (!line.trim()) return false;
            try {
              JSON.parse(line);
              return false;
            } catch {
              return true;
            }
          });
        const ids = new Set((await store.read(`round-${round}`)).map((e) => e.id));
        const wanted = writers.flatMap(({ name }) => [...Array(entries).keys()].map((i) => `${name}-${round}-${i}`));
        const missing = wanted.filter((id) => !ids.has(id));
        if (missing.length || torn.length || ids.size !== wanted.length)
          problems.push(
            `round ${round}: missing ${missing.join(', ') || 'none'}, ${torn.length} torn, ${ids.size} kept`,
          );
        fs.rmSync(file);
      }
    } finally {
      for (const { child } of writers) child.kill();
    }
    assert.deepEqual(problems, []);
  });

  it('reads a file of 1,000 entries written by the cap, with ids once', () => {
    const text =
      [...Array(1000).keys()].map((i) => JSON.stringify(historyEntry(i))).join('\n') +
      '\n' +
      JSON.stringify(historyEntry(5)) +
      '\n' +
      JSON.stringify({ removed: 'e7' });
    const { entries, lines: count } = readLines(text);
    assert.equal(entries.length, 999);
    assert.equal(count, 1002);
    assert.equal(
      entries.some((e) => e.id === 'e7'),
      false,
    );
  });
});
