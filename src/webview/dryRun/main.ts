// The dry run's page (dist/webview/dryRun.js): a summary in words, the operator and threshold (a
// change is evaluated here at once, without the service), the period (a change asks the extension
// to run again), a chart of what each run compared — one line per group, the threshold across it,
// the runs that would have triggered and the alerts the monitor really raised marked apart — and
// what was approximated. Everything is set as text.
import 'uplot/dist/uPlot.min.css';
import '../results/results.css';
import './dryRun.css';
import type uPlot from 'uplot';
import { fill } from '../../core/phrase';
import { evaluate, summarize, type DryRunOutcome } from '../../core/monitors/dryRun';
import { OPERATORS } from '../../core/monitors/monitorFields';
import {
  parseDryRunWords,
  readDryRunHostMessage,
  samplesFromMessage,
  type DryRunPageMessage,
  type DryRunResult,
} from '../../core/monitors/dryRunProtocol';
import { Chart } from '../results/chart';
import { el } from '../results/dom';
import type { TimeSeries } from '../results/timeSeries';
import { startPage } from '../shared/page';

const page = startPage<DryRunPageMessage>();
const root = page.root;
const words = parseDryRunWords(page.words);
const locale = page.language || 'en';
const say = (template: string, ...args: (string | number)[]) => fill(template, args.map(String));
const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
const MAX_SERIES = 20;

root.classList.add('dry-run');
const summary = el('p', 'dry-run-summary');
summary.setAttribute('role', 'status');
summary.setAttribute('aria-live', 'polite');
const details = el('p', 'dry-run-details');
const controls = el('div', 'dry-run-controls');
const operator = el('select', 'dry-run-operator');
operator.setAttribute('aria-label', words.operator);
for (const op of OPERATORS) operator.append(new Option(op, op));
const threshold = el('input', 'dry-run-threshold');
threshold.type = 'number';
threshold.step = 'any';
threshold.setAttribute('aria-label', words.threshold);
const period = el('select', 'dry-run-period');
period.setAttribute('aria-label', words.period);
for (const [label, ms] of [
  [words.last24h, 86_400_000],
  [words.last3d, 3 * 86_400_000],
  [words.last7d, 7 * 86_400_000],
] as const)
  period.append(new Option(label, String(ms)));
const operatorLabel = el('label', '', words.operator);
const thresholdLabel = el('label', '', words.threshold);
controls.append(operatorLabel, operator, thresholdLabel, threshold, el('label', '', words.period), period);
const legend = el('p', 'dry-run-legend');
legend.append(el('span', 'mark would', words.wouldTrigger), el('span', 'mark real', words.realAlert));
// Its annotations' link and Add Annotation go to the extension (words: the chart's English).
const chart = new Chart(undefined, (request) => page.post(request));
const notes = el('ul', 'dry-run-notes');
root.append(summary, details, controls, legend, chart.element, notes);

let current: DryRunResult | undefined;
let samples: ReturnType<typeof samplesFromMessage> | undefined;

function themeColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** The value a run compared, per group: its greatest for Above…, its least for Below…, the farther from zero for AboveOrBelow. */
function series(result: DryRunResult, op: string): TimeSeries {
  const x = result.runs.map((t) => t / 1000);
  const lines = result.perGroup.slice(0, MAX_SERIES).map((g, i) => {
    const values: (number | null)[] = new Array<number | null>(result.runs.length).fill(null);
    g.run.forEach((k, j) => {
      values[k] = op.startsWith('Below')
        ? g.min[j]
        : op === 'AboveOrBelow'
          ? Math.abs(g.min[j]) > Math.abs(g.max[j])
            ? g.min[j]
            : g.max[j]
          : g.max[j];
    });
    return { label: result.groups[i] || result.name, values };
  });
  return { x, series: lines, capped: result.perGroup.length > MAX_SERIES };
}

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return [d && `${d}d`, h && `${h}h`, m && `${m}m`].filter(Boolean).join(' ') || '0m';
}

function overlay(
  result: DryRunResult,
  outcome: DryRunOutcome | undefined,
  op: string,
  limit: number,
): (plot: uPlot) => void {
  return (plot) => {
    const ctx = plot.ctx;
    const { left, top, width, height } = plot.bbox;
    ctx.save();
    const line = (y: number, colour: string) => {
      const pos = plot.valToPos(y, 'y', true);
      if (pos < top || pos > top + height) return;
      ctx.strokeStyle = colour;
      ctx.lineWidth = 1.5;
      ctx.setLineDash([6, 4]);
      ctx.beginPath();
      ctx.moveTo(left, pos);
      ctx.lineTo(left + width, pos);
      ctx.stroke();
    };
    const mark = (time: number, colour: string, dash: number[]) => {
      const pos = plot.valToPos(time / 1000, 'x', true);
      if (pos < left || pos > left + width) return;
      ctx.strokeStyle = colour;
      ctx.lineWidth = 2;
      ctx.setLineDash(dash);
      ctx.beginPath();
      ctx.moveTo(pos, top);
      ctx.lineTo(pos, top + height);
      ctx.stroke();
    };
    if (!result.noVerdict && !result.matches) {
      const colour = themeColour('--vscode-charts-red', '#f14c4c');
      if (op === 'AboveOrBelow') {
        line(Math.abs(limit), colour);
        line(-Math.abs(limit), colour);
      } else line(limit, colour);
    }
    for (const k of outcome?.openingRuns ?? [])
      mark(result.runs[k], themeColour('--vscode-charts-orange', '#d18616'), []);
    for (const t of result.realAlerts) mark(t, themeColour('--vscode-charts-purple', '#b180d7'), [2, 3]);
    ctx.restore();
  };
}

/** Evaluates with the operator and threshold shown, and says what would have happened. */
function render(): void {
  if (!current || !samples) return;
  const result = current;
  const op = operator.value;
  const limit = Number(threshold.value);
  let outcome: DryRunOutcome | undefined;
  details.textContent = '';
  chart.element.hidden = Boolean(result.noQuery);
  legend.hidden = Boolean(result.noQuery);
  if (result.noQuery) {
    // MPL: nothing was asked; the alerts it really raised are all there is to show.
    summary.textContent = result.noQuery;
    details.textContent = say(words.savedAlerts, result.realAlerts.length);
    root.dataset.count = '';
    return;
  } else if (result.noVerdict) {
    summary.textContent = result.noVerdict;
  } else if (result.matches) {
    summary.textContent = say(words.matches, result.matches.period, result.matches.lastDay);
    if (result.matches.lastDay > result.matches.limit)
      details.textContent = say(words.matchRefused, result.matches.limit);
  } else if (Number.isFinite(limit) && threshold.value.trim() !== '') {
    outcome = evaluate(samples, { ...result.rule, operator: op, threshold: limit });
    const s = summarize(samples, outcome, result.intervalMinutes);
    const real = result.realAlerts.length;
    summary.textContent = say(
      s.count === 0 ? words.triggeredNone : s.count === 1 ? words.triggeredOne : words.triggeredMany,
      s.count,
      real,
    );
    const parts: string[] = [];
    if (s.first !== undefined && s.last !== undefined)
      parts.push(say(words.firstLast, dates.format(s.first), dates.format(s.last)));
    if (s.longestMs !== undefined) parts.push(say(words.longest, duration(s.longestMs)));
    if (s.openAtEnd) parts.push(words.stillOpen);
    if (s.count) parts.push(say(words.notifications, s.notifications));
    details.textContent = parts.join(' ');
  }
  if (!result.perGroup.length) details.textContent = `${details.textContent} ${words.noData}`.trim();
  root.dataset.count = outcome ? String(outcome.alerts.length) : '';
  chart.setOverlay(overlay(result, outcome, op, limit));
  chart.show(series(result, op));
}

function receive(result: DryRunResult): void {
  current = result;
  samples = samplesFromMessage(result);
  operator.value = (OPERATORS as readonly string[]).includes(result.rule.operator) ? result.rule.operator : 'Above';
  threshold.value = String(result.rule.threshold);
  period.value = String(result.periodMs);
  const hideRule = Boolean(result.noVerdict || result.matches || result.noQuery);
  for (const control of [operator, threshold, operatorLabel, thresholdLabel]) control.hidden = hideRule;
  notes.textContent = '';
  const notesShown = result.noQuery
    ? []
    : [
        say(words.queries, result.queries, result.runs.length),
        ...result.approximations.map((a) => `${words.approximated}: ${a}`),
      ];
  for (const note of notesShown) notes.append(el('li', '', note));
  root.dataset.state = 'done';
  render();
}

operator.addEventListener('change', render);
threshold.addEventListener('input', render);
period.addEventListener('change', () => page.post({ type: 'period', periodMs: Number(period.value) }));

window.addEventListener('message', (event: MessageEvent) => {
  const message = readDryRunHostMessage(event.data);
  if (!message) return;
  if (message.type === 'progress') {
    root.dataset.state = 'running';
    summary.textContent = say(words.running, message.done, message.total);
  } else if (message.type === 'failed') {
    root.dataset.state = 'failed';
    summary.textContent = message.message;
  } else if (message.type === 'annotations') chart.setAnnotations(message.chart);
  else receive(message);
});
page.post({ type: 'ready' });
