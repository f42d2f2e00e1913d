// Query answers shaped by the query's time range, for dry runs against the fake service: the data
// is a count per minute (and per group), and a query is answered as the service would answer it
// over the range it names — `summarize count()` sums the minutes of its range, `max(…)` takes the
// greatest, `by bin(_time, Nm)` gives one row per bin, `by service` one per group. So a dry run
// over the past crosses a threshold at runs a test can know in advance.
import type { AplAnswer, AplRequestBody } from './fakeAxiom';

const MINUTE = 60_000;

export interface MinuteSeries {
  /** The groups of `by service` (one unnamed group without a by). */
  groups: string[];
  /** The value of a minute (its start, ms) in a group. */
  value(minute: number, group: string): number;
}

/** A monitor the spiky series cross: the count over each 5-minute run's 5-minute range, above 50
 *  (a spike minute is well above it, a quiet minute well below). */
export const COUNT_ABOVE_FIFTY = {
  type: 'Threshold',
  aplQuery: "['http-logs'] | summarize count()",
  operator: 'Above',
  threshold: 50,
  intervalMinutes: 5,
  rangeMinutes: 5,
};

/** A monitor whose runs overlap: the average over a 15-minute range every 5 minutes, above 5, so
 *  that a dry run asks one query per run. */
export const AVERAGE_OVER_FIFTEEN_MINUTES = {
  type: 'Threshold',
  aplQuery: "['http-logs'] | summarize avg(v)",
  operator: 'Above',
  threshold: 5,
  intervalMinutes: 5,
  rangeMinutes: 15,
};

/** A quiet series with spikes: `base` each minute, `spike` in the minutes listed (ms, any time inside the minute), in `spikeGroup` only. */
export function spikySeries(
  spikes: readonly number[],
  options: { base?: number; spike?: number; groups?: string[]; spikeGroup?: string } = {},
): MinuteSeries {
  const minutes = new Set(spikes.map((t) => Math.floor(t / MINUTE) * MINUTE));
  const base = options.base ?? 1;
  const spike = options.spike ?? 100;
  const groups = options.groups ?? [''];
  return {
    groups,
    value: (minute, group) =>
      minutes.has(minute) && (options.spikeGroup === undefined || group === options.spikeGroup) ? spike : base,
  };
}

function readTimeArg(value: unknown, now: number): number {
  if (typeof value !== 'string') return now;
  const relative = /^now(?:-(\d+)([mhd]))?$/.exec(value);
  if (relative)
    return (
      now -
      (relative[1]
        ? Number(relative[1]) * { m: MINUTE, h: 60 * MINUTE, d: 1440 * MINUTE }[relative[2] as 'm' | 'h' | 'd']
        : 0)
    );
  return Date.parse(value);
}

/** The fake's `aplAnswer` for a series; `seen` hears every range asked. */
export function seriesAplAnswer(
  series: MinuteSeries,
  seen?: (range: { start: number; end: number; apl: string }) => void,
): (body: AplRequestBody) => AplAnswer {
  return (body) => {
    const apl = String(body.apl);
    const now = Date.now();
    const start = readTimeArg(body.startTime, now - 60 * MINUTE);
    const end = readTimeArg(body.endTime, now);
    seen?.({ start, end, apl });
    // The service reads no code in a comment: nor does its stand-in.
    const code = withoutComments(apl);
    const lastSummarize = code.slice(code.lastIndexOf('summarize'));
    const bin = /bin\(_time,\s*(\d+)m\)/.exec(lastSummarize);
    const binMs = bin ? Number(bin[1]) * MINUTE : undefined;
    const grouped = /\bby\b[^|]*\bservice\b/.test(lastSummarize);
    const aggregate = /\bmax\s*\(/.test(lastSummarize) ? 'max' : /\bavg\s*\(/.test(lastSummarize) ? 'avg' : 'count';
    const groups = grouped ? series.groups : [''];
    const times: string[] = [];
    const names: string[] = [];
    const values: number[] = [];
    const buckets: [number, number][] = [];
    if (binMs) for (let b = Math.floor(start / binMs) * binMs; b < end; b += binMs) buckets.push([b, b + binMs]);
    else buckets.push([start, end]);
    for (const [from, to] of buckets) {
      for (const group of groups) {
        let total = 0;
        let greatest = -Infinity;
        let any = false;
        // Each minute's value is its count of events (or the value of its one event).
        for (let m = Math.ceil(Math.max(from, start) / MINUTE) * MINUTE; m < Math.min(to, end); m += MINUTE) {
          const v = series.value(m, group);
          total += v;
          greatest = Math.max(greatest, v);
          any = true;
        }
        if (!any) continue;
        times.push(new Date(from).toISOString());
        names.push(group);
        values.push(
          aggregate === 'max'
            ? greatest
            : aggregate === 'avg'
              ? total / ((Math.min(to, end) - Math.max(from, start)) / MINUTE)
              : total,
        );
      }
    }
    const valueName = aggregate === 'count' ? 'count_' : `${aggregate}_v`;
    const fields = [
      ...(binMs ? [{ name: '_time', type: 'datetime' }] : []),
      ...(grouped ? [{ name: 'service', type: 'string' }] : []),
      { name: valueName, type: 'integer', agg: { name: aggregate } },
    ];
    const columns = [...(binMs ? [times] : []), ...(grouped ? [names] : []), values];
    return {
      body: {
        format: 'tabular',
        status: { elapsedTime: 900, rowsExamined: values.length, rowsMatched: values.length, isPartial: false },
        tables: [{ name: '0', sources: [{ name: 'http-logs' }], fields, columns }],
        datasetNames: ['http-logs'],
      },
    };
  };
}

/** APL without its `//` comments (those outside strings), read independently of the project's parser. */
function withoutComments(apl: string): string {
  return apl
    .split('\n')
    .map((line) => {
      let quote: string | undefined;
      for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (quote) {
          if (c === '\\') i++;
          else if (c === quote) quote = undefined;
        } else if (c === "'" || c === '"') quote = c;
        else if (c === '/' && line[i + 1] === '/') return line.slice(0, i);
      }
      return line;
    })
    .join('\n');
}
