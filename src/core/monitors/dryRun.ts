// What a monitor would have done: given the values each run would have compared, which runs would
// have opened an alert, how long alerts stayed open, and how many notifications went out. Pure and
// quick: the values are gathered once per run and group (their least and greatest are all any
// operator needs), so a change of threshold or operator is evaluated again without a request.
// The rules follow API-NOTES, "How a monitor decides".

export interface Schedule {
  intervalMinutes: number;
  rangeMinutes: number;
  /** secondDelay: each run's range ends this long before the run. */
  delaySeconds: number;
}

/** One run: when it happens and the range its query looks at, [start, end), in ms since the epoch. */
export interface RunWindow {
  at: number;
  start: number;
  end: number;
}

const MINUTE = 60_000;

/**
 * The runs in (from, to]: at whole multiples of the interval since the epoch (when the service
 * really runs a monitor is not public: the dry run says so), each looking at the range that ends
 * `delay` before it.
 */
export function runWindows(schedule: Schedule, from: number, to: number): RunWindow[] {
  const step = Math.max(1, Math.round(schedule.intervalMinutes)) * MINUTE;
  const range = Math.max(1, schedule.rangeMinutes) * MINUTE;
  const delay = Math.max(0, schedule.delaySeconds) * 1000;
  const windows: RunWindow[] = [];
  for (let at = Math.floor(from / step) * step + step; at <= to; at += step)
    windows.push({ at, start: at - delay - range, end: at - delay });
  return windows;
}

/** A value a run compares: from a row of the result, in a group ('' when the query has none). */
export interface Point {
  /** The row's time (a bin's start); for a result without time, the run's own. */
  time: number;
  group: string;
  value: number;
}

/**
 * What each run saw, gathered once: per group, the runs it had values in, with the least and the
 * greatest of them. `empty[k]` says run k saw no row at all (no data).
 */
export interface RunSamples {
  runs: RunWindow[];
  groups: string[];
  perGroup: { run: Int32Array; min: Float64Array; max: Float64Array }[];
  empty: Uint8Array;
  /** Values gathered in all (a run that sees a point twice, when ranges overlap, counts it twice). */
  points: number;
}

/** Gathers points by the runs whose ranges hold their time. Ranges may overlap (range > interval) or leave gaps. */
export function samplesByTime(runs: RunWindow[], points: readonly Point[]): RunSamples {
  const sorted = [...points].sort((a, b) => a.time - b.time);
  const perRun: Point[][] = runs.map(() => []);
  // Runs are in order of time, and so are their starts and ends: two moving bounds find each run's points.
  let first = 0;
  for (let k = 0; k < runs.length; k++) {
    const { start, end } = runs[k];
    while (first < sorted.length && sorted[first].time < start) first++;
    for (let i = first; i < sorted.length && sorted[i].time < end; i++) perRun[k].push(sorted[i]);
  }
  return samplesByRun(runs, perRun);
}

/** Gathers points already known per run (one query per run, or bins combined per run). A run whose
 *  entry is missing is not known yet (its query has not answered): it counts as neither data nor no data. */
export function samplesByRun(
  runs: RunWindow[],
  perRun: readonly (readonly { group: string; value: number }[] | undefined)[],
): RunSamples {
  const groupIndex = new Map<string, number>();
  const lists: { run: number[]; min: number[]; max: number[] }[] = [];
  const empty = new Uint8Array(runs.length);
  let points = 0;
  for (let k = 0; k < runs.length; k++) {
    const seen = perRun[k];
    if (!seen) continue;
    if (!seen.length) empty[k] = 1;
    for (const { group, value } of seen) {
      if (!Number.isFinite(value)) continue;
      points++;
      let g = groupIndex.get(group);
      if (g === undefined) {
        g = lists.length;
        groupIndex.set(group, g);
        lists.push({ run: [], min: [], max: [] });
      }
      const list = lists[g];
      const last = list.run.length - 1;
      if (last >= 0 && list.run[last] === k) {
        list.min[last] = Math.min(list.min[last], value);
        list.max[last] = Math.max(list.max[last], value);
      } else {
        list.run.push(k);
        list.min.push(value);
        list.max.push(value);
      }
    }
  }
  return {
    runs,
    groups: [...groupIndex.keys()],
    perGroup: lists.map((l) => ({
      run: Int32Array.from(l.run),
      min: Float64Array.from(l.min),
      max: Float64Array.from(l.max),
    })),
    empty,
    points,
  };
}

export interface TriggerRule {
  operator: string;
  threshold: number;
  alertOnNoData: boolean;
  notifyByGroup: boolean;
  notifyEveryRun: boolean;
  /** Positive runs needed among the last `ofRuns` (1 of 1 when unset). */
  positives: number;
  ofRuns: number;
}

/** Whether a run that saw values from `min` to `max` crosses. AboveOrBelow: outside −|threshold| … +|threshold|. */
export function crosses(operator: string, threshold: number, min: number, max: number): boolean {
  switch (operator) {
    case 'Above':
      return max > threshold;
    case 'AboveOrEqual':
      return max >= threshold;
    case 'Below':
      return min < threshold;
    case 'BelowOrEqual':
      return min <= threshold;
    case 'AboveOrBelow':
      return max > Math.abs(threshold) || min < -Math.abs(threshold);
    default:
      return false;
  }
}

/** An alert that would have opened: for a check (a group, or '' for the monitor as a whole). */
export interface WouldAlert {
  check: string;
  /** Index of the run that opened it, and of the first run that found it closed (absent: open at the end). */
  openRun: number;
  closeRun?: number;
}

export interface DryRunOutcome {
  alerts: WouldAlert[];
  /** Runs at which at least one alert opened, in order. */
  openingRuns: number[];
  /** Notifications sent: one per opening, or one per run while open with notifyEveryRun. */
  notifications: number;
  /** Runs in which some check crossed (before N of M). */
  positiveRuns: number;
}

/** The monitor as a whole: its one check when it does not notify by group, and its no-data check when it does. */
export const WHOLE_MONITOR = '';

export function normalRule(rule: Partial<TriggerRule> & Pick<TriggerRule, 'operator' | 'threshold'>): TriggerRule {
  const positives = Math.max(1, Math.floor(rule.positives ?? 1));
  return {
    operator: rule.operator,
    threshold: rule.threshold,
    alertOnNoData: rule.alertOnNoData ?? false,
    notifyByGroup: rule.notifyByGroup ?? false,
    notifyEveryRun: rule.notifyEveryRun ?? false,
    positives,
    ofRuns: Math.max(positives, Math.floor(rule.ofRuns ?? positives)),
  };
}

/**
 * Evaluates the rule over the runs. Runs before the period are unknown and count as not crossing
 * (the first M−1 runs of N of M see fewer runs than the service would).
 */
export function evaluate(samples: RunSamples, ruleIn: TriggerRule): DryRunOutcome {
  const rule = normalRule(ruleIn);
  const n = samples.runs.length;
  const checks: { name: string; positive: Uint8Array }[] = [];
  const whole = new Uint8Array(n);
  let wholeAny = false;
  samples.perGroup.forEach((list, g) => {
    let positive: Uint8Array | undefined;
    for (let i = 0; i < list.run.length; i++) {
      if (!crosses(rule.operator, rule.threshold, list.min[i], list.max[i])) continue;
      if (rule.notifyByGroup) (positive ??= new Uint8Array(n))[list.run[i]] = 1;
      else {
        whole[list.run[i]] = 1;
        wholeAny = true;
      }
    }
    if (positive) checks.push({ name: samples.groups[g], positive });
  });
  if (rule.alertOnNoData) {
    for (let k = 0; k < n; k++) {
      if (samples.empty[k]) {
        whole[k] = 1;
        wholeAny = true;
      }
    }
  }
  if (wholeAny) checks.unshift({ name: WHOLE_MONITOR, positive: whole });

  const positiveAny = new Uint8Array(n);
  const alerts: WouldAlert[] = [];
  const opening = new Uint8Array(n);
  let notifications = 0;
  for (const check of checks) {
    let inWindow = 0;
    let open: WouldAlert | undefined;
    for (let k = 0; k < n; k++) {
      if (check.positive[k]) {
        inWindow++;
        positiveAny[k] = 1;
      }
      if (k >= rule.ofRuns && check.positive[k - rule.ofRuns]) inWindow--;
      const isOpen = inWindow >= rule.positives;
      if (isOpen && !open) {
        open = { check: check.name, openRun: k };
        alerts.push(open);
        opening[k] = 1;
        notifications++;
      } else if (isOpen && rule.notifyEveryRun) {
        notifications++;
      } else if (!isOpen && open) {
        open.closeRun = k;
        open = undefined;
      }
    }
  }
  alerts.sort((a, b) => a.openRun - b.openRun || (a.check < b.check ? -1 : a.check > b.check ? 1 : 0));
  const openingRuns: number[] = [];
  let positiveRuns = 0;
  for (let k = 0; k < n; k++) {
    if (opening[k]) openingRuns.push(k);
    positiveRuns += positiveAny[k];
  }
  return { alerts, openingRuns, notifications, positiveRuns };
}

export interface DryRunSummary {
  /** Alerts that would have opened. */
  count: number;
  first?: number;
  last?: number;
  /** The longest time an alert stayed open, in ms (up to the last run for one still open), and its check. */
  longestMs?: number;
  longestCheck?: string;
  /** Whether an alert is still open at the end of the period. */
  openAtEnd: boolean;
  notifications: number;
}

export function summarize(samples: RunSamples, outcome: DryRunOutcome, intervalMinutes: number): DryRunSummary {
  const { runs } = samples;
  const { alerts } = outcome;
  let longestMs: number | undefined;
  let longestCheck: string | undefined;
  for (const alert of alerts) {
    const start = runs[alert.openRun].at;
    const end =
      alert.closeRun === undefined ? runs[runs.length - 1].at + intervalMinutes * MINUTE : runs[alert.closeRun].at;
    if (longestMs === undefined || end - start > longestMs) {
      longestMs = end - start;
      longestCheck = alert.check;
    }
  }
  return {
    count: alerts.length,
    first: alerts.length ? runs[alerts[0].openRun].at : undefined,
    last: alerts.length ? runs[alerts[alerts.length - 1].openRun].at : undefined,
    longestMs,
    longestCheck,
    openAtEnd: alerts.some((a) => a.closeRun === undefined),
    notifications: outcome.notifications,
  };
}
