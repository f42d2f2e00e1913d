// The trace view's page (dist/webview/trace.js): the trace's summary and notes, a search box, Run
// as APL, the waterfall (waterfall.ts) and the selected span's details: status, attributes,
// events, resource, links, and links to the places in code they name (core/code/codePlaces.ts, as
// the results panel finds them; the extension opens them). It says it is ready, then reads each
// message through readTraceHostMessage and drops whatever that rejects. Everything from the data
// is set as text.
import './trace.css';
import { placesIn, placesInRow, type CodePlace } from '../../core/code/codePlaces';
import { parseWordTable } from '../../core/run/panelWords';
import { durationWords } from '../../core/traces/timespan';
import {
  readTraceHostMessage,
  TRACE_WORDS,
  type SpanView,
  type TracePageMessage,
  type TraceState,
  type TraceView,
} from '../../core/traces/traceProtocol';
import { el, liveStatus } from '../shared/dom';
import { startPage } from '../shared/page';
import { pageWords } from '../shared/pageWords';
import { Waterfall } from './waterfall';

const page = startPage<TracePageMessage, TraceState>('trace');
const { words, say } = pageWords(page.words, (json) => parseWordTable(TRACE_WORDS, json));

const header = el('header', 'trace-header');
const title = el('h1', 'trace-title');
const summary = el('div', 'trace-summary');
const search = el('input', 'trace-search');
search.type = 'search';
search.placeholder = words.search;
search.setAttribute('aria-label', words.search);
const found = liveStatus('span', 'trace-found');
const runAsApl = el('button', 'action run-as-apl', words.runAsApl);
runAsApl.type = 'button';
runAsApl.title = words.runAsAplTitle;
runAsApl.addEventListener('click', () => page.post({ type: 'runAsApl' }));
const tools = el('div', 'trace-tools');
tools.append(search, found, runAsApl);
header.append(title, summary, tools);
const notes = el('ul', 'trace-notes');
const legend = el('div', 'trace-legend');
const details = el('aside', 'span-details');
details.setAttribute('aria-label', words.details);
details.setAttribute('role', 'region');
const status = liveStatus('p', 'trace-status');

let trace: TraceView | undefined;
const waterfall = new Waterfall(
  { select: (row) => showDetails(row) },
  { label: words.waterfall, missingParent: (id) => say('missingParent', id) },
);
const body = el('div', 'trace-body');
body.append(waterfall.element, details);
page.root.classList.add('trace');
page.root.append(header, status, notes, legend, body);

/** The rows the search box matches, and which of them was selected last. */
let matches: number[] = [];
let matchAt = -1;
search.addEventListener('input', () => {
  matches = waterfall.find(search.value.trim());
  matchAt = -1;
  found.textContent = search.value.trim() ? (matches.length ? say('matches', 0, matches.length) : words.noMatch) : '';
});
search.addEventListener('keydown', (e) => {
  if (e.key !== 'Enter' || !matches.length) return;
  matchAt = (matchAt + (e.shiftKey ? matches.length - 1 : 1)) % matches.length;
  waterfall.select(matches[matchAt]);
  found.textContent = say('matches', matchAt + 1, matches.length);
});

function show(view: TraceView): void {
  trace = view;
  const rootSpan = view.rows.find((r) => r.span)?.span;
  title.textContent = rootSpan ? `${rootSpan.service} · ${rootSpan.name}` : view.traceId;
  title.title = view.traceId;
  const counts = say('summary', durationWords(view.durationMs * 1e6), view.spanCount, view.services.length);
  summary.textContent = view.errors ? `${counts} · ${say('errors', view.errors)}` : counts;
  summary.classList.toggle('has-errors', view.errors > 0);
  notes.replaceChildren(...view.notes.map((n) => el('li', undefined, n)));
  legend.replaceChildren(
    ...view.services.map((s, i) => {
      const item = el('span', 'legend-item');
      item.append(el('span', `service-mark service-${i % 8}`), el('span', undefined, s));
      return item;
    }),
  );
  status.textContent = view.spanCount ? '' : words.noSpans;
  search.value = '';
  found.textContent = '';
  waterfall.show(view);
}

/** The places in code a span names: its code.* attributes and the stack traces of its attributes and events. */
function spanPlaces(span: SpanView): CodePlace[] {
  const places = [...placesInRow({ attributes: span.attributes }), ...span.events.flatMap((e) => placesIn(e))];
  const seen = new Set<string>();
  return places.filter((p) => {
    const key = `${p.path}:${p.line ?? ''}:${p.column ?? ''}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

function valueText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

function table(heading: string, entries: readonly (readonly [string, unknown])[]): HTMLElement[] {
  if (!entries.length) return [];
  const list = el('dl', 'span-fields');
  for (const [key, value] of entries) list.append(el('dt', undefined, key), el('dd', undefined, valueText(value)));
  return [el('h3', undefined, heading), list];
}

function showDetails(row: number): void {
  const r = waterfall.rowAt(row);
  const span = r?.span;
  if (!r || !span) {
    details.replaceChildren(el('p', 'span-hint', r?.missingParent ? words.missingParentTitle : words.selectSpan));
    return;
  }
  const parts: HTMLElement[] = [el('h2', span.error ? 'span-title error' : 'span-title', span.name)];
  for (const note of r.notes)
    parts.push(el('p', 'span-note', say(note, span.durationNs === null ? '' : durationWords(span.durationNs))));
  if (r.critical) parts.push(el('p', 'span-critical', words.criticalPath));
  const places = spanPlaces(span);
  if (places.length) {
    const links = el('div', 'code-links');
    for (const place of places.slice(0, 10)) {
      const label = [place.path, place.line, place.line !== undefined ? place.column : undefined]
        .filter((p) => p !== undefined)
        .join(':');
      const link = el('button', 'action code-link', say('openCodePlace', label));
      link.type = 'button';
      link.addEventListener('click', () => page.post({ type: 'openCodePlace', place }));
      links.append(link);
    }
    parts.push(links);
  }
  parts.push(
    ...table(
      words.status,
      [
        [words.service, span.service],
        [words.duration, span.durationNs === null ? words.unknownDuration : durationWords(span.durationNs)],
        [words.startsAt, `+${durationWords(r.offsetMs * 1e6)}`],
        [words.kind, span.kind],
        [words.error, span.error],
        ['status.code', span.statusCode],
        ['status.message', span.statusMessage],
        [words.spanId, span.spanId],
        [words.parentId, span.parentId],
      ].filter(([, v]) => v !== '') as [string, unknown][],
    ),
    ...table(words.attributes, Object.entries(span.attributes)),
    ...table(
      words.events,
      span.events.map((e, i) => [String(i + 1), e] as const),
    ),
    ...table(words.resource, Object.entries(span.resource)),
    ...table(
      words.links,
      span.links.map((l, i) => [String(i + 1), l] as const),
    ),
  );
  details.replaceChildren(...parts);
}

/** On a view brought back by a reload: the trace is read again only when the person clicks it. */
const loadAgain = el('button', 'action load-again', words.loadAgain);
loadAgain.type = 'button';
loadAgain.hidden = true;
loadAgain.addEventListener('click', () => {
  loadAgain.hidden = true;
  page.post({ type: 'loadAgain' });
});
status.after(loadAgain);

window.addEventListener('message', (event: MessageEvent) => {
  const message = readTraceHostMessage(event.data);
  if (!message) return;
  switch (message.type) {
    case 'state':
      page.remember(message.state);
      return;
    case 'restored':
      status.textContent = message.text;
      loadAgain.hidden = false;
      return;
    case 'loading':
      title.textContent = say('loading', message.traceId);
      status.textContent = say('loading', message.traceId);
      return;
    case 'failed':
      status.textContent = message.message;
      return;
    case 'trace':
      show(message.trace);
      return;
    case 'traceRows':
      if (trace?.traceId === message.traceId && waterfall.append(message.start, message.rows) && search.value.trim())
        matches = waterfall.find(search.value.trim());
      return;
  }
});
showDetails(-1);
page.post({ type: 'ready' });
