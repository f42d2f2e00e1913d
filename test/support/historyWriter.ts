// Run in a child Node process by test/unit/history/historyStore.test.ts, as a second VS Code window
// would record runs. With arguments (folder, writer, count, every, maxEntries): appends `count`
// entries to the history in `folder`, compacting every `every` appends, and prints "done". Without
// them, forked with an IPC channel for the stress rounds: each message `StressRound` appends its
// entries (long queries) to the round's deployment, compacting on the way, then records and removes
// one more, and answers with the round's number.
import { HistoryStore } from '../../src/core/history/historyStore';

/** One stress round, as the test sends it to each writer. */
export interface StressRound {
  folder: string;
  writer: string;
  round: number;
  entries: number;
  /** The length of each entry's query, in characters. */
  aplLength: number;
}

/** The id of a writer's i-th entry in a round, and of the entry it removes again (the test spells them alike). */
const stressId = (writer: string, round: number, i: number | 'removed') => `${writer}-${round}-${i}`;

function run(store: HistoryStore, id: string, deployment: string, apl: string, rows: number) {
  return store.append({
    id,
    at: Date.now(),
    apl,
    deployment,
    datasets: ['stress'],
    range: { version: 1, preset: '1h' },
    durationMs: 1,
    rows,
    outcome: 'ok',
    source: 'query',
  });
}

async function stressRound(r: StressRound): Promise<void> {
  const store = new HistoryStore({ folder: r.folder, maxEntries: 10_000 });
  const deployment = `round-${r.round}`;
  const apl = (i: number) => `['stress'] | where id == "${r.writer}-${i}" | ${'x'.repeat(r.aplLength)}`;
  for (let i = 0; i < r.entries; i++) {
    await run(store, stressId(r.writer, r.round, i), deployment, apl(i), i);
    if (i % 2 === 1) await store.compact(deployment);
  }
  const removed = stressId(r.writer, r.round, 'removed');
  await run(store, removed, deployment, apl(-1), -1);
  await store.remove(deployment, removed);
}

const [folder, writer, countText, everyText, maxText] = process.argv.slice(2);
if (folder) {
  const store = new HistoryStore({ folder, maxEntries: Number(maxText) });
  const every = Number(everyText);
  for (let i = 0; i < Number(countText); i++) {
    await run(store, `${writer}-${i}`, 'prod', `['${writer}'] | take ${i}`, i);
    if (every && i % every === every - 1) await store.compact('prod');
  }
  console.log('done');
} else {
  process.on('message', (message: StressRound | 'exit') => {
    if (message === 'exit') process.disconnect();
    else
      void stressRound(message).then(
        () => process.send?.(message.round),
        (error: unknown) => process.send?.({ failed: String(error) }),
      );
  });
}
