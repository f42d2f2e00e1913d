// Run in a child Node process by test/unit/history/historyStore.test.ts, as a second VS Code window would
// record runs: appends `count` entries to the history in `folder`, compacting every `every`
// appends, and prints "done" when all are written.
import { HistoryStore } from '../../src/core/history/historyStore';

const [folder, writer, countText, everyText, maxText] = process.argv.slice(2);
const store = new HistoryStore({ folder, maxEntries: Number(maxText) });
const every = Number(everyText);
for (let i = 0; i < Number(countText); i++) {
  await store.append({
    id: `${writer}-${i}`,
    at: Date.now(),
    apl: `['${writer}'] | take ${i}`,
    deployment: 'prod',
    datasets: [writer],
    range: { version: 1, preset: '1h' },
    durationMs: 1,
    rows: i,
    outcome: 'ok',
    source: 'query',
  });
  if (every && i % every === every - 1) await store.compact('prod');
}
console.log('done');
