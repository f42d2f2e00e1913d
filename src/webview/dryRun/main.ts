// The dry run's page (dist/webview/dryRun.js): a summary in words, the operator and threshold (a
// change is evaluated here at once, without the service), the period (a change asks the extension
// to run again), a chart of what each run compared — one line per group, the threshold across it,
// the runs that would have triggered and the alerts the monitor really raised marked apart — and
// what was approximated. Everything is set as text. While queries answer, the result so far comes
// a few times a second: the verdict so far is said and drawn at once, once per frame at most. The
// operator and threshold are the settings form's: told here when they change there, and sent back
// when they are changed here.
import 'uplot/dist/uPlot.min.css';
import '../shared/panel.css';
import './dryRun.css';
import type uPlot from 'uplot';
import { evaluate, summarize, type DryRunOutcome } from '../../core/monitors/dryRun';
import { OPERATORS } from '../../core/monitors/monitorFields';
import {
  alertsWords,
  notificationsWords,
  parseDryRunWords,
  readDryRunHostMessage,
  samplesFromMessage,
  timesWords,
  type DryRunPageMessage,
  type DryRunResult,
} from '../../core/monitors/dryRunProtocol';
import { operatorWords } from '../../core/monitors/monitorWords';
import { Chart } from '../shared/chart';
import { el, liveStatus } from '../shared/dom';
import { panelText } from '../shared/panelText';
import { dateFormat } from '../shared/timeText';
import type { TimeSeries } from '../shared/timeSeries';
import { startPage } from '../shared/page';
import { pageWords } from '../shared/pageWords';

const page = startPage<DryRunPageMessage>('dry-run');
const root = page.root;
const { words, say } = pageWords(page.words, parseDryRunWords);
const locale = page.language || 'en';
/** Dates in the zone times show in, the chart's and the summary's alike (axiom.timeZone, as in the results panel). */
const dates = dateFormat(locale, page.timeZone, { dateStyle: 'medium', timeStyle: 'short' });
const MAX_SERIES = 20;

root.classList.add('dry-run');
const summary = liveStatus('p', 'dry-run-summary');
const details = el('p', 'dry-run-details');
const controls = el('div', 'dry-run-controls');
const operator = el('select', 'dry-run-operator');
operator.setAttribute('aria-label', words.operator);
for (const op of OPERATORS) operator.append(new Option(operatorWords(op, words), op));
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
const thresholdKey = el('span', 'mark threshold', words.thresholdLine);
const wouldKey = el('span', 'mark would', words.wouldTrigger);
const realKey = el('span', 'mark real', words.realAlert);
legend.append(thresholdKey, wouldKey, realKey);
// Its annotations' link and Add Annotation go to the extension (words: the chart's English; times in the zone).
const chart = new Chart(panelText(undefined, undefined, page.timeZone), (request) => page.post(request));
const notes = el('ul', 'dry-run-notes');
root.append(summary, details, controls, legend, chart.element, notes);

let current: DryRunResult | undefined;
/** Whether the result shown is one of a run still answering (the rule is then the page's own, not the result's). */
let answering = false;
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
      // Said on the page, for whoever checks what is drawn (the scale always takes the threshold in).
      root.dataset.thresholdDrawn = String(pos >= top && pos <= top + height);
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
  if (result.progress && !answeredRuns(result)) {
    // Nothing seen yet: the rule is shown (the boxes), the verdict comes with the first answers.
    summary.textContent = say('running', result.progress.done, result.progress.total);
    root.dataset.count = '';
    return;
  }
  chart.element.hidden = Boolean(result.noQuery);
  legend.hidden = Boolean(result.noQuery);
  if (result.noQuery) {
    // MPL: nothing was asked; the alerts it really raised are all there is to show.
    summary.textContent = result.noQuery;
    details.textContent = say('savedAlerts', alertsWords(result.realAlerts.length, words));
    root.dataset.count = '';
    return;
  } else if (result.noVerdict) {
    summary.textContent = result.noVerdict;
  } else if (result.matches) {
    summary.textContent = say('matches', result.matches.period, result.matches.lastDay);
    if (result.matches.lastDay > result.matches.limit) details.textContent = say('matchRefused', result.matches.limit);
  } else if (Number.isFinite(limit) && threshold.value.trim() !== '') {
    outcome = evaluate(samples, { ...result.rule, operator: op, threshold: limit });
    const s = summarize(samples, outcome, result.intervalMinutes);
    const real = alertsWords(result.realAlerts.length, words);
    const verdict = say(s.count === 0 ? 'triggeredNone' : 'triggered', timesWords(s.count, words), real);
    summary.textContent = result.progress
      ? `${say('soFar', answeredRuns(result), result.runs.length)} ${verdict}`
      : verdict;
    const parts: string[] = [];
    if (s.first !== undefined && s.last !== undefined)
      parts.push(say('firstLast', dates.format(s.first), dates.format(s.last)));
    if (s.longestMs !== undefined) parts.push(say('longest', duration(s.longestMs)));
    if (s.openAtEnd) parts.push(words.stillOpen);
    if (s.count) parts.push(say('notificationsSent', notificationsWords(s.notifications, words)));
    details.textContent = parts.join(' ');
  }
  if (!result.perGroup.length && !result.progress)
    details.textContent = `${details.textContent} ${words.noData}`.trim();
  root.dataset.count = outcome ? String(outcome.alerts.length) : '';
  // The key names what is drawn, and only that.
  const ruled = !result.noVerdict && !result.matches && Number.isFinite(limit);
  thresholdKey.hidden = !ruled;
  wouldKey.hidden = !outcome?.openingRuns.length;
  realKey.hidden = !result.realAlerts.length;
  // The threshold line is always within the chart's range (a band: both its edges).
  chart.setYIncludes(ruled ? (op === 'AboveOrBelow' ? [Math.abs(limit), -Math.abs(limit)] : [limit]) : []);
  chart.setOverlay(overlay(result, outcome, op, limit));
  chart.show(series(result, op));
}

/** Runs whose query answered so far (one query per run), or none until the one query over the period has. */
function answeredRuns(result: DryRunResult): number {
  const progress = result.progress;
  if (!progress) return result.runs.length;
  return progress.total === result.runs.length ? progress.done : 0;
}

/** Draws on the next frame, once however many results and keystrokes came before it. */
let frame: number | undefined;
function renderSoon(): void {
  frame ??= requestAnimationFrame(() => {
    frame = undefined;
    render();
  });
}

function showRule(op: string, value: number): void {
  operator.value = (OPERATORS as readonly string[]).includes(op) ? op : 'Above';
  // What is typed stays as typed while it means the same number ("1." is 1).
  if (Number(threshold.value) !== value || threshold.value.trim() === '') threshold.value = String(value);
}

function receive(result: DryRunResult): void {
  // A run's rule is taken from its first message; after it, the rule is what the page and the form say.
  if (!answering) showRule(result.rule.operator, result.rule.threshold);
  answering = Boolean(result.progress);
  current = result;
  samples = samplesFromMessage(result);
  period.value = String(result.periodMs);
  const hideRule = Boolean(result.noVerdict || result.matches || result.noQuery);
  for (const control of [operator, threshold, operatorLabel, thresholdLabel]) control.hidden = hideRule;
  notes.textContent = '';
  const notesShown = result.noQuery
    ? []
    : [
        say('queries', result.queries, result.runs.length),
        ...result.approximations.map((a) => `${words.approximated}: ${a}`),
      ];
  for (const note of notesShown) notes.append(el('li', '', note));
  root.dataset.state = result.progress ? 'running' : 'done';
  root.dataset.answered = String(answeredRuns(result));
  if (result.progress) renderSoon();
  else render();
}

/** The rule as the page shows it, sent so that the form's document takes it (once committed). */
function sendRule(): void {
  const value = Number(threshold.value);
  if (threshold.value.trim() === '' || !Number.isFinite(value)) return;
  page.post({ type: 'rule', operator: operator.value, threshold: value });
}

operator.addEventListener('change', () => {
  render();
  sendRule();
});
// Recounted as it is typed; sent when it is committed (left, or Enter), as the form writes its fields.
threshold.addEventListener('input', render);
threshold.addEventListener('change', sendRule);
period.addEventListener('change', () => {
  answering = false;
  page.post({ type: 'period', periodMs: Number(period.value) });
});

window.addEventListener('message', (event: MessageEvent) => {
  const message = readDryRunHostMessage(event.data);
  if (!message) return;
  if (message.type === 'failed') {
    answering = false;
    root.dataset.state = 'failed';
    summary.textContent = message.message;
  } else if (message.type === 'rule') {
    showRule(message.operator, message.threshold);
    if (current) render();
  } else if (message.type === 'annotations') chart.setAnnotations(message.chart);
  else receive(message);
});
page.post({ type: 'ready' });
