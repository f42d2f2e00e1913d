// The live tail's page (dist/webview/tail.js): the events a tail receives, one line each, newest at
// the bottom. While the person is at the bottom, new events show as they come; scrolled up, they
// wait (the "N new" button says how many and jumps back). A filter box (APL conditions, checked by
// the extension before anything is sent), a word to highlight, links on trace ids (Open Trace) and
// on places in code (Open Code Location). Everything from logs is set as text, never as HTML; at
// most maxRows lines are kept, as the extension keeps.
import '../shared/panel.css';
import './tail.css';
import { placesIn, placesInRow, type CodePlace } from '../../core/code/codePlaces';
import {
  isTraceField,
  parseTailWords,
  traceIdIn,
  type TailHostMessage,
  type TailPageMessage,
  type TailRowMessage,
  type TailState,
} from '../../core/tail/tailProtocol';
import { isJsonObject } from '../../core/json';
import { button, el, liveStatus, show } from '../shared/dom';
import { placeLabel } from '../shared/grid';
import { dateFormat } from '../shared/timeText';
import { startPage } from '../shared/page';
import { pageWords } from '../shared/pageWords';

const page = startPage<TailPageMessage, TailState>('tail');
const root = page.root;
const { words, say } = pageWords(page.words, parseTailWords);
const times = dateFormat(page.language || 'en', page.timeZone, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hour12: false,
});
/** How much of one value is shown (the rest is cut, with an ellipsis). */
const MAX_VALUE_CHARS = 2000;
/** Places in code linked per line at most. */
const MAX_PLACES_PER_ROW = 3;

root.classList.add('tail');
const status = liveStatus('p', 'tail-status');
const keeps = el('p', 'tail-keeps');
const resume = button(words.resume, 'tail-resume', () => {
  show(resume, false);
  page.post({ type: 'resume' });
});
show(resume, false);
const form = el('form', 'tail-controls');
const filter = el('input', 'tail-filter');
filter.type = 'text';
filter.placeholder = words.filterPlaceholder;
filter.setAttribute('aria-label', words.filter);
filter.spellcheck = false;
const apply = el('button', 'action tail-apply', words.applyFilter);
apply.type = 'submit';
const highlight = el('input', 'tail-highlight');
highlight.type = 'search';
highlight.placeholder = words.highlightPlaceholder;
highlight.setAttribute('aria-label', words.highlight);
form.append(el('label', '', words.filter), filter, apply, el('label', '', words.highlight), highlight);
const notes = el('p', 'tail-notes');
const list = el('div', 'tail-rows');
list.setAttribute('role', 'log');
list.tabIndex = 0;
const empty = el('p', 'tail-empty', words.noEvents);
list.append(empty);
const jump = button('', 'tail-new', () => catchUp());
show(jump, false);
root.append(status, resume, keeps, form, notes, list, jump);

let maxRows = 5000;
let droppedTotal = 0;
let gapBefore: number | undefined;
/** Events received while the person was scrolled up, shown when they come back down. */
let waiting: TailRowMessage[] = [];
let word = '';

form.addEventListener('submit', (event) => {
  event.preventDefault();
  page.post({ type: 'filter', text: filter.value });
});

let highlightTimer: ReturnType<typeof setTimeout> | undefined;
highlight.addEventListener('input', () => {
  clearTimeout(highlightTimer);
  highlightTimer = setTimeout(() => {
    word = highlight.value.trim();
    for (const value of list.querySelectorAll<HTMLElement>('.tail-value')) markWord(value, value.dataset.text ?? '');
  }, 120);
});

/** Whether the list shows its last line (a line's height of slack). */
function atBottom(): boolean {
  return list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
}

/** Whether new events show as they come: until the person scrolls up, and again once they are back
 *  at the bottom. Only a move up stops it: rows that wrap in a narrow panel, fonts that load or a
 *  panel made smaller grow the list under a still scroll position, which is no one scrolling up. */
let following = true;
let lastTop = 0;
list.addEventListener('scroll', () => {
  if (atBottom()) following = true;
  else if (list.scrollTop < lastTop - 2) following = false;
  lastTop = list.scrollTop;
  if (waiting.length && following) catchUp();
});

/** Shows the events that waited and follows again. */
function catchUp(): void {
  const rows = waiting;
  waiting = [];
  append(rows);
  show(jump, false);
  list.scrollTop = list.scrollHeight;
}

/** Sets `text` into `target`, the highlighted word's occurrences in <mark>s: text nodes only. */
function markWord(target: HTMLElement, text: string): void {
  target.textContent = '';
  if (!word) {
    target.textContent = text;
    return;
  }
  const lower = text.toLowerCase();
  const wanted = word.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(wanted); at >= 0; at = lower.indexOf(wanted, from)) {
    if (at > from) target.append(document.createTextNode(text.slice(from, at)));
    target.append(el('mark', 'tail-mark', text.slice(at, at + wanted.length)));
    from = at + wanted.length;
  }
  if (from < text.length) target.append(document.createTextNode(text.slice(from)));
}

function valueText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

/** The places in code a row names: its OpenTelemetry code attributes and stack frames, then frames in its text values. */
function placesOf(row: TailRowMessage): CodePlace[] {
  const record: Record<string, unknown> = {};
  row.fields.forEach((f, i) => (record[f] = row.values[i]));
  const found = placesInRow(record);
  for (let i = 0; i < row.fields.length && found.length < MAX_PLACES_PER_ROW; i++) {
    const value = row.values[i];
    if (typeof value === 'string' || isJsonObject(value))
      for (const place of placesIn(value, row.fields[i]))
        if (!found.some((p) => p.path === place.path && p.line === place.line)) found.push(place);
  }
  return found.slice(0, MAX_PLACES_PER_ROW);
}

function line(row: TailRowMessage): HTMLElement {
  const item = el('div', 'tail-row');
  const time = row.time;
  const seenAt = time === null ? undefined : new Date(time).toISOString();
  item.append(el('span', 'tail-time', time === null ? '—' : times.format(time)));
  row.fields.forEach((name, i) => {
    const value = row.values[i];
    if (name === '_time' || name === '_sysTime' || value === null || value === undefined || value === '') return;
    const field = el('span', 'tail-field');
    field.append(el('span', 'tail-name', name), document.createTextNode('='));
    const text = valueText(value);
    const traceId = isTraceField(name) ? traceIdIn(value) : undefined;
    const shown = traceId
      ? button('', 'tail-value tail-trace', () => page.post({ type: 'openTrace', traceId, ...(seenAt && { seenAt }) }))
      : el('span', 'tail-value');
    if (traceId) shown.title = say('openTrace', traceId);
    shown.dataset.text = text;
    markWord(shown, text);
    field.append(shown);
    item.append(field);
  });
  for (const place of placesOf(row)) {
    const label = placeLabel(place);
    const link = button(`↗ ${label}`, 'tail-place', () => page.post({ type: 'openCodePlace', place }));
    link.title = say('openCodePlace', label);
    item.append(link);
  }
  return item;
}

/** The event lines in the list, counted as they come and go (a poll's work is its new events',
 *  not a query over the thousands shown). */
let lines = 0;

function append(rows: readonly TailRowMessage[]): void {
  if (!rows.length) return;
  show(empty, false);
  const fragment = document.createDocumentFragment();
  const added = rows.slice(-maxRows);
  for (const row of added) fragment.append(line(row));
  list.append(fragment);
  lines += added.length;
  for (; lines > maxRows; lines--) list.querySelector('.tail-row')?.remove();
  root.dataset.rows = String(lines);
}

function sayNotes(): void {
  const parts: string[] = [];
  if (droppedTotal) parts.push(say('dropped', droppedTotal, maxRows));
  if (gapBefore !== undefined) parts.push(say('gap', times.format(gapBefore)));
  notes.textContent = parts.join(' ');
}

function receive(message: TailHostMessage): void {
  switch (message.type) {
    case 'target':
      document.title = message.title;
      keeps.textContent = message.keeps;
      filter.value = message.state.filter;
      page.remember(message.state);
      return;
    case 'rows': {
      maxRows = Math.max(1, message.maxRows);
      droppedTotal = message.droppedTotal;
      sayNotes();
      if (waiting.length || !following) {
        waiting.push(...message.rows);
        if (waiting.length > maxRows) waiting.splice(0, waiting.length - maxRows);
        jump.textContent = waiting.length === 1 ? words.oneNewRow : say('newRows', waiting.length);
        show(jump, waiting.length > 0);
        return;
      }
      append(message.rows);
      list.scrollTop = list.scrollHeight;
      return;
    }
    case 'reset':
      for (const row of [...list.querySelectorAll('.tail-row')]) row.remove();
      lines = 0;
      waiting = [];
      show(jump, false);
      show(empty, true);
      droppedTotal = 0;
      gapBefore = undefined;
      sayNotes();
      root.dataset.rows = '0';
      return;
    case 'status':
      status.textContent = message.text;
      status.dataset.tone = message.tone;
      return;
    case 'gap':
      gapBefore = message.before;
      sayNotes();
      return;
    case 'restored':
      show(resume, true);
      return;
    case 'filterRejected':
      status.textContent = message.text;
      status.dataset.tone = 'error';
      filter.focus();
      return;
  }
}

const HOST_TYPES = new Set(['target', 'rows', 'reset', 'status', 'gap', 'restored', 'filterRejected']);
window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const data = event.data;
  // Only the extension posts here; a message of another shape is dropped.
  if (isJsonObject(data) && typeof data.type === 'string' && HOST_TYPES.has(data.type))
    receive(data as TailHostMessage);
});
page.post({ type: 'ready' });
