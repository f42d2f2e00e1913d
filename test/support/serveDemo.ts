// The demo deployment (demo.ts) in a process of its own, for a test that outlives its extension
// host (a window reload): writes {"url": …} into the file named by its argument once listening,
// and stops on SIGTERM or after ten minutes, whichever comes first.
import fs from 'node:fs';
import { startDemo } from './demo';

const [file] = process.argv.slice(2);
const fake = await startDemo();
fs.writeFileSync(`${file}.part`, JSON.stringify({ url: fake.url }));
fs.renameSync(`${file}.part`, file);
const stop = () => void fake.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
setTimeout(stop, 10 * 60_000).unref();
