// The trace view's waterfall: one row per span, nested by parent (indented names), bars on one
// time axis, coloured by service, errors marked, the critical path highlighted. Only the rows in
// sight are in the DOM (a trace may have 10,000 spans); a subtree folds; the arrow keys move the
// selection (Left folds or goes to the parent, Right unfolds), Enter or Space folds. Every name
// and value is set as text.
import type { RowView, TraceView } from '../../core/traces/traceProtocol';
import { durationWords } from '../../core/traces/timespan';
import { el } from '../shared/dom';

export const ROW_HEIGHT = 22;
/** Rows drawn above and below those in sight, so a small scroll shows no gap. */
const OVERSCAN = 8;
/** Colours a service may take, in the order services are first seen (VS Code's chart colours). */
const SERVICE_COLOURS = 8;

export interface WaterfallEvents {
  select(row: number): void;
}

export class Waterfall {
  readonly element = el('div', 'waterfall');
  private readonly spacer = el('div', 'waterfall-spacer');
  private readonly layer = el('div', 'waterfall-rows');
  private trace: TraceView | undefined;
  private folded = new Set<number>();
  /** The rows not hidden by a fold, in order (indexes into trace.rows). */
  private visible: number[] = [];
  private selected = -1;
  private matches = new Set<number>();
  private readonly serviceColour = new Map<string, number>();

  constructor(
    private readonly events: WaterfallEvents,
    private readonly words: { label: string; missingParent: (id: string) => string },
  ) {
    this.element.tabIndex = 0;
    this.element.setAttribute('role', 'tree');
    this.element.setAttribute('aria-label', words.label);
    this.spacer.append(this.layer);
    this.element.append(this.spacer);
    this.element.addEventListener('scroll', () => this.draw());
    this.element.addEventListener('keydown', (e) => this.key(e));
    this.layer.addEventListener('click', (e) => {
      const target = e.target as HTMLElement;
      const rowElement = target.closest<HTMLElement>('.span-row');
      if (!rowElement) return;
      const row = Number(rowElement.dataset.row);
      if (target.closest('.fold')) this.toggle(row);
      this.select(row);
      this.element.focus();
    });
  }

  show(trace: TraceView): void {
    this.trace = { ...trace, rows: [...trace.rows] };
    this.folded = new Set();
    this.matches = new Set();
    this.serviceColour.clear();
    trace.services.forEach((s, i) => this.serviceColour.set(s, i % SERVICE_COLOURS));
    this.selected = -1;
    this.relayout();
    if (trace.rows.length) this.select(0);
  }

  /** The rows in sight are drawn (the tests count them). */
  get drawnRows(): number {
    return this.layer.childElementCount;
  }

  /** Row `row` of the trace, if it has arrived. */
  rowAt(row: number): RowView | undefined {
    return this.trace?.rows[row];
  }

  get selectedRow(): number {
    return this.selected;
  }

  /** Marks the rows whose span's name, service, id or attribute values hold `text`; returns them in order. */
  find(text: string): number[] {
    const trace = this.trace;
    this.matches = new Set();
    if (!trace || !text) {
      this.draw();
      return [];
    }
    const needle = text.toLowerCase();
    const found: number[] = [];
    trace.rows.forEach((row, r) => {
      const span = row.span;
      const hay = span
        ? [span.name, span.service, span.spanId, ...Object.values(span.attributes).map((v) => String(v))]
        : [row.missingParent ?? ''];
      if (hay.some((h) => h.toLowerCase().includes(needle))) found.push(r);
    });
    this.matches = new Set(found);
    this.draw();
    return found;
  }

  /** Selects row `row`, unfolding what hides it, and scrolls it into sight. */
  select(row: number): void {
    const trace = this.trace;
    if (!trace || row < 0 || row >= trace.rows.length) return;
    let changed = false;
    for (const f of [...this.folded])
      if (f < row && row < trace.rows[f].end) changed = this.folded.delete(f) || changed;
    if (changed) this.relayout();
    this.selected = row;
    const at = this.visible.indexOf(row);
    const top = at * ROW_HEIGHT;
    if (top < this.element.scrollTop) this.element.scrollTop = top;
    else if (top + ROW_HEIGHT > this.element.scrollTop + this.element.clientHeight)
      this.element.scrollTop = top + ROW_HEIGHT - this.element.clientHeight;
    this.draw();
    this.events.select(row);
  }

  /** Rows that follow those shown (a `traceRows` message): kept when they come next in order and
   *  stay within the trace. */
  append(start: number, rows: readonly RowView[]): boolean {
    const trace = this.trace;
    if (!trace || start !== trace.rows.length || rows.some((r) => r.end > trace.rowCount)) return false;
    trace.rows.push(...rows);
    this.relayout();
    return true;
  }

  toggle(row: number): void {
    const trace = this.trace;
    if (!trace || trace.rows[row].end <= row + 1) return;
    if (!this.folded.delete(row)) this.folded.add(row);
    this.relayout();
  }

  isFolded(row: number): boolean {
    return this.folded.has(row);
  }

  private relayout(): void {
    const rows = this.trace?.rows ?? [];
    const visible: number[] = [];
    for (let r = 0; r < rows.length; r = this.folded.has(r) ? rows[r].end : r + 1) visible.push(r);
    this.visible = visible;
    this.spacer.style.height = `${visible.length * ROW_HEIGHT}px`;
    this.draw();
  }

  private parentRow(row: number): number {
    const rows = this.trace?.rows ?? [];
    for (let r = row - 1; r >= 0; r--) if (rows[r].end > row && rows[r].depth < rows[row].depth) return r;
    return -1;
  }

  private key(e: KeyboardEvent): void {
    const trace = this.trace;
    if (!trace || !trace.rows.length) return;
    const at = Math.max(0, this.visible.indexOf(this.selected));
    const page = Math.max(1, Math.floor(this.element.clientHeight / ROW_HEIGHT) - 1);
    const go = (i: number) => this.select(this.visible[Math.max(0, Math.min(this.visible.length - 1, i))]);
    const row = trace.rows[this.selected] as RowView | undefined;
    const hasChildren = row !== undefined && row.end > this.selected + 1;
    switch (e.key) {
      case 'ArrowDown':
        go(at + 1);
        break;
      case 'ArrowUp':
        go(at - 1);
        break;
      case 'PageDown':
        go(at + page);
        break;
      case 'PageUp':
        go(at - page);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(this.visible.length - 1);
        break;
      case 'ArrowLeft':
        if (hasChildren && !this.folded.has(this.selected)) this.toggle(this.selected);
        else if (this.parentRow(this.selected) >= 0) this.select(this.parentRow(this.selected));
        break;
      case 'ArrowRight':
        if (hasChildren && this.folded.has(this.selected)) this.toggle(this.selected);
        else if (hasChildren) go(at + 1);
        break;
      case 'Enter':
      case ' ':
        if (hasChildren) this.toggle(this.selected);
        break;
      default:
        return;
    }
    e.preventDefault();
  }

  /** Draws the rows in sight (and a few more). */
  private draw(): void {
    const trace = this.trace;
    if (!trace) return this.layer.replaceChildren();
    const first = Math.max(0, Math.floor(this.element.scrollTop / ROW_HEIGHT) - OVERSCAN);
    const inSight = Math.ceil((this.element.clientHeight || 600) / ROW_HEIGHT) + 2 * OVERSCAN;
    const last = Math.min(this.visible.length, first + inSight);
    this.layer.style.transform = `translateY(${first * ROW_HEIGHT}px)`;
    const total = trace.durationMs > 0 ? trace.durationMs : 1;
    const drawn: HTMLElement[] = [];
    for (let i = first; i < last; i++) drawn.push(this.rowElement(trace, this.visible[i], total));
    this.layer.replaceChildren(...drawn);
  }

  private rowElement(trace: TraceView, r: number, total: number): HTMLElement {
    const row = trace.rows[r];
    const span = row.span;
    const element = el('div', 'span-row');
    element.dataset.row = String(r);
    element.setAttribute('role', 'treeitem');
    element.setAttribute('aria-level', String(row.depth + 1));
    element.setAttribute('aria-selected', String(r === this.selected));
    if (r === this.selected) element.classList.add('selected');
    if (row.critical) element.classList.add('critical');
    if (this.matches.has(r)) element.classList.add('match');
    if (span?.error) element.classList.add('error');
    if (!span) element.classList.add('missing-parent');
    const hasChildren = row.end > r + 1;
    if (hasChildren) element.setAttribute('aria-expanded', String(!this.folded.has(r)));

    const name = el('div', 'span-name');
    name.style.paddingLeft = `${4 + Math.min(row.depth, 40) * 12}px`;
    const fold = el('span', hasChildren ? 'fold' : 'fold leaf', hasChildren ? (this.folded.has(r) ? '▸' : '▾') : '');
    const colour = el('span', `service-mark service-${this.serviceColour.get(span?.service ?? '') ?? 0}`);
    const text = el('span', 'span-label', span ? span.name : this.words.missingParent(row.missingParent ?? ''));
    name.append(fold, colour, text);
    if (span) name.title = `${span.service} · ${span.name}`;

    const lane = el('div', 'span-lane');
    const bar = el('div', `span-bar service-${this.serviceColour.get(span?.service ?? '') ?? 0}`);
    bar.style.left = `${(Math.max(0, row.offsetMs) / total) * 100}%`;
    bar.style.width = row.widthMs > 0 ? `${Math.max(0.1, (row.widthMs / total) * 100)}%` : '0';
    if (row.widthMs === 0) bar.classList.add('zero');
    if (!span) bar.hidden = true;
    lane.append(bar);

    const duration = el(
      'div',
      'span-duration',
      span && span.durationNs !== null ? durationWords(span.durationNs) : row.notes.length ? '?' : '',
    );
    if (row.notes.length) duration.classList.add('noted');
    element.append(name, lane, duration);
    return element;
  }
}
