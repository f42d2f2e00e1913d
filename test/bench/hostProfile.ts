// A CPU profile of work inside the extension host, for the benches that time there (explore.ts,
// openDashboard.ts, firstViewOpen.ts): where the time of one row goes, by function.
import fs from 'node:fs';
import inspector from 'node:inspector';

/** Runs `work` under the extension host's CPU profiler and writes the profile (`.cpuprofile`) to
 *  `file`, to be read by function (AXIOM_BENCH_EXPLORE_PROFILE, AXIOM_BENCH_OPEN_PROFILE, AXIOM_BENCH_VIEWS_PROFILE). */
export async function profiled<T>(file: string, work: () => Promise<T>): Promise<T> {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  // A sample every 100 µs: what is timed takes a few ms, of which the default (1 ms) saw a few points.
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}
