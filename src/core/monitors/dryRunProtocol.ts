// What the dry run's panel (a webview, src/webview/dryRun) is sent and sends back, and its words.
// The panel gets what each run saw (per group, the least and greatest value), so that a change of
// threshold or operator is evaluated there at once, without the service. Both sides read what they
// receive through the readers below and drop anything else.
import {
  readAnnotationRequest,
  readChartAnnotations,
  type AnnotationRequest,
  type ChartAnnotations,
} from '../run/chartAnnotations';
import { isJsonObject, type JsonObject } from '../json';
import { fill } from '../phrase';
import { parseWordTable } from '../run/panelWords';
import { MONITOR_WORDS } from './monitorVocabulary';
import type { RunSamples, TriggerRule } from './dryRun';

/** The panel's words: English templates with holes, translated by the extension and filled by the page. */
export const DRY_RUN_WORDS = {
  title: 'Dry run',
  running: 'Asking Axiom… {0} of {1} queries',
  soFar: 'So far ({0} of {1} runs):',
  triggered: 'Would have triggered {0} ({1} in this period as saved).',
  triggeredNone: 'Would not have triggered ({1} in this period as saved).',
  once: 'once',
  times: '{0} times',
  oneAlert: '1 alert',
  alerts: '{0} alerts',
  oneNotification: '1 notification',
  notifications: '{0} notifications',
  firstLast: 'First {0}, last {1}.',
  longest: 'Longest open: {0}.',
  stillOpen: 'An alert is still open at the end.',
  notificationsSent: '{0}.',
  matches:
    '{0} matching events in the period, each a notification (at most 10 a minute and 500 a day); {1} in the last 24 hours.',
  matchRefused:
    'More than {0} matches in the last 24 hours: Axiom refuses a match monitor like this one. Narrow the query before saving.',
  operator: 'Operator',
  threshold: 'Threshold',
  period: 'Period',
  last24h: 'Last 24 hours',
  last3d: 'Last 3 days',
  last7d: 'Last 7 days',
  approximated: 'Approximated',
  wouldTrigger: 'Would trigger',
  thresholdLine: 'Threshold',
  realAlert: 'Alert as saved',
  noData: 'No run saw any data in this period.',
  queries: '{0} queries over {1} runs.',
  savedAlerts: '{0} in this period as saved.',
  // The operators in the words of the hovers and rows (one table: monitorVocabulary's).
  above: MONITOR_WORDS.above,
  atOrAbove: MONITOR_WORDS.atOrAbove,
  below: MONITOR_WORDS.below,
  atOrBelow: MONITOR_WORDS.atOrBelow,
  aboveOrBelow: MONITOR_WORDS.aboveOrBelow,
} as const;

/** How many, in words: the template for one when there is one, the other (with the number) otherwise. */
export function countWords(count: number, one: string, many: string): string {
  return count === 1 ? one : fill(many, [String(count)]);
}

/** "once", "2 times". */
export function timesWords(count: number, words: Pick<DryRunWords, 'once' | 'times'>): string {
  return countWords(count, words.once, words.times);
}

/** "1 alert", "2 alerts". */
export function alertsWords(count: number, words: Pick<DryRunWords, 'oneAlert' | 'alerts'>): string {
  return countWords(count, words.oneAlert, words.alerts);
}

/** "1 notification", "2 notifications". */
export function notificationsWords(
  count: number,
  words: Pick<DryRunWords, 'oneNotification' | 'notifications'>,
): string {
  return countWords(count, words.oneNotification, words.notifications);
}

export type DryRunWordKey = keyof typeof DRY_RUN_WORDS;
export type DryRunWords = { readonly [K in DryRunWordKey]: string };

/** The page's words from its data attribute's text, checked against the English (readWordTable). */
export function parseDryRunWords(json: string | undefined): DryRunWords {
  return parseWordTable(DRY_RUN_WORDS, json);
}

/** One dry run's result, as the panel receives it. */
export interface DryRunResult {
  type: 'result';
  name: string;
  intervalMinutes: number;
  periodMs: number;
  runs: number[];
  groups: string[];
  perGroup: { run: number[]; min: number[]; max: number[] }[];
  /** Indexes of runs that saw no row. */
  empty: number[];
  rule: TriggerRule;
  /** When the monitor as saved opened an alert in the period (its history). */
  realAlerts: number[];
  /** What is approximated, in the display language. */
  approximations: string[];
  queries: number;
  /** Anomaly monitors: why there is no verdict. */
  noVerdict?: string;
  /** MPL monitors: why nothing was asked (no public call runs MPL); only the real alerts are shown. */
  noQuery?: string;
  /** Match monitors: matching events in the period and in the last 24 hours. */
  matches?: { period: number; lastDay: number; limit: number };
  /** While queries are still answering: how many have, of all. Runs not answered yet are unknown. */
  progress?: { done: number; total: number };
}

/** The operator and threshold: the settings form's, told to the page when they change there, and
 *  sent by the page when they are changed in it (the form's document takes them). */
export interface DryRunRuleMessage {
  type: 'rule';
  operator: string;
  threshold: number;
}

export type DryRunHostMessage =
  | DryRunResult
  | DryRunRuleMessage
  | { type: 'failed'; message: string }
  /** The annotations of the monitor's datasets over the period (or why there are none), for the chart. */
  | { type: 'annotations'; chart: ChartAnnotations };

export type DryRunPageMessage =
  | { type: 'ready' }
  | { type: 'period'; periodMs: number }
  | DryRunRuleMessage
  /** The chart's link to open or Add Annotation (resultsProtocol.ts reads them for every chart). */
  | AnnotationRequest;

function readRule(value: JsonObject): DryRunRuleMessage | undefined {
  return value.type === 'rule' &&
    typeof value.operator === 'string' &&
    typeof value.threshold === 'number' &&
    Number.isFinite(value.threshold)
    ? { type: 'rule', operator: value.operator, threshold: value.threshold }
    : undefined;
}

export function readDryRunPageMessage(value: unknown): DryRunPageMessage | undefined {
  if (!isJsonObject(value)) return undefined;
  if (value.type === 'ready') return { type: 'ready' };
  if (value.type === 'rule') return readRule(value);
  if (value.type === 'openAnnotationUrl' || value.type === 'addAnnotation') return readAnnotationRequest(value);
  if (
    value.type === 'period' &&
    typeof value.periodMs === 'number' &&
    Number.isFinite(value.periodMs) &&
    value.periodMs > 0
  )
    return { type: 'period', periodMs: value.periodMs };
  return undefined;
}

const numbers = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((n) => typeof n === 'number');
const strings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((s) => typeof s === 'string');

export function readDryRunHostMessage(value: unknown): DryRunHostMessage | undefined {
  if (!isJsonObject(value)) return undefined;
  if (value.type === 'failed' && typeof value.message === 'string') return { type: 'failed', message: value.message };
  if (value.type === 'rule') return readRule(value);
  if (value.type === 'annotations') {
    const chart = readChartAnnotations(value.chart);
    return chart && { type: 'annotations', chart };
  }
  if (value.type !== 'result') return undefined;
  const { name, intervalMinutes, periodMs, runs, groups, perGroup, empty, rule, realAlerts, approximations, queries } =
    value;
  if (
    typeof name !== 'string' ||
    typeof intervalMinutes !== 'number' ||
    typeof periodMs !== 'number' ||
    typeof queries !== 'number'
  )
    return undefined;
  if (
    !numbers(runs) ||
    !strings(groups) ||
    !numbers(empty) ||
    !numbers(realAlerts) ||
    !strings(approximations) ||
    !Array.isArray(perGroup) ||
    !isJsonObject(rule)
  )
    return undefined;
  if (!perGroup.every((g) => isJsonObject(g) && numbers(g.run) && numbers(g.min) && numbers(g.max))) return undefined;
  if (typeof rule.operator !== 'string' || typeof rule.threshold !== 'number') return undefined;
  if (
    (value.noVerdict !== undefined && typeof value.noVerdict !== 'string') ||
    (value.noQuery !== undefined && typeof value.noQuery !== 'string')
  )
    return undefined;
  const { progress } = value;
  if (
    progress !== undefined &&
    !(isJsonObject(progress) && typeof progress.done === 'number' && typeof progress.total === 'number')
  )
    return undefined;
  return value as unknown as DryRunResult;
}

/** What each run saw, as the panel is sent it (plain arrays). */
export function samplesMessage(samples: RunSamples): Pick<DryRunResult, 'runs' | 'groups' | 'perGroup' | 'empty'> {
  const empty: number[] = [];
  samples.empty.forEach((flag, k) => flag && empty.push(k));
  return {
    runs: samples.runs.map((r) => r.at),
    groups: samples.groups,
    perGroup: samples.perGroup.map((g) => ({ run: [...g.run], min: [...g.min], max: [...g.max] })),
    empty,
  };
}

/** The samples again, from what the panel was sent (run ranges are not needed to evaluate). */
export function samplesFromMessage(result: Pick<DryRunResult, 'runs' | 'groups' | 'perGroup' | 'empty'>): RunSamples {
  const empty = new Uint8Array(result.runs.length);
  for (const k of result.empty) empty[k] = 1;
  return {
    runs: result.runs.map((at) => ({ at, start: at, end: at })),
    groups: result.groups,
    perGroup: result.perGroup.map((g) => ({
      run: Int32Array.from(g.run),
      min: Float64Array.from(g.min),
      max: Float64Array.from(g.max),
    })),
    empty,
    points: result.perGroup.reduce((sum, g) => sum + g.run.length, 0),
  };
}
