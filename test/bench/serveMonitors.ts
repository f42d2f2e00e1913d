// The fake service for the benchmark, in a process of its own (the real service is not on the
// extension's thread either): one server per list size. Prints {"<size>": "<url>", ...} once
// listening, and stops when its parent closes stdin.
import { FakeAxiom } from '../support/fakeAxiom';
import { manyMonitors } from '../support/manyMonitors';

const sizes = process.argv.slice(2).map(Number);
const servers = await Promise.all(
  sizes.map(async (size) => {
    // Chunked, with no declared length, as a service written in Go sends a large body.
    const fake = new FakeAxiom({ monitors: manyMonitors(size), chunkedLists: true });
    await fake.start();
    return [size, fake] as const;
  }),
);
// Requests are recorded by the fake; a benchmark makes thousands, so forget them as they come.
setInterval(() => servers.forEach(([, fake]) => fake.reset()), 1000).unref();
console.log(JSON.stringify(Object.fromEntries(servers.map(([size, fake]) => [size, fake.url]))));
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
