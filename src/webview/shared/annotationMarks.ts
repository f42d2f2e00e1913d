// The annotations on a chart: a line at each moment, a band over each span, with its title, drawn
// on uPlot's canvas in the chart's draw hook (one pass, however many: no element per annotation).
// Hovering near one (the nearest by x, found by a binary search) shows a card with its type, time,
// title, description and link; a click there keeps the card, whose link asks the host to open it
// (through VS Code, with its prompt: the page never navigates). A click elsewhere on the plot, or a
// drag across it, offers Add Annotation at that time or over that span (the host runs the command).
// A toggle hides them; a small note says when they could not be read. Every text is textContent.
import type uPlot from 'uplot';
import type { AnnotationNote, ChartAnnotation, ChartAnnotations } from '../../core/run/chartAnnotations';
import type { AnnotationRequest } from '../../core/run/chartAnnotations';
import { button, el, liveStatus, show } from './dom';
import type { PanelText } from './panelText';

/** How near (CSS pixels) the pointer must be to an annotation for its card to show. */
const HOVER_PX = 6;
/** Titles closer than this (CSS pixels) to the one drawn before are left out (the card still shows them). */
const TITLE_GAP_PX = 48;

function themeValue(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** A band's opacity (of 255); a line is opaque. */
const BAND_ALPHA = 40;

/** Red, green and blue of a colour as a canvas writes it back: #rrggbb or rgb(a)(r, g, b…). */
function rgb(colour: string | CanvasGradient | CanvasPattern): [number, number, number] {
  if (typeof colour !== 'string') return [177, 128, 215];
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(colour);
  if (hex) return [parseInt(hex[1], 16), parseInt(hex[2], 16), parseInt(hex[3], 16)];
  const parts = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour);
  return parts ? [Number(parts[1]), Number(parts[2]), Number(parts[3])] : [177, 128, 215];
}

/** The first index whose value is at least `x` (values ascending). */
function lowerBound(values: Float64Array, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class AnnotationMarks {
  /** The toggle and the note, put beside the chart by its host. */
  readonly bar = el('div', 'annotation-bar');
  /** The card and the offer to add, over the chart (inside its element). */
  readonly layer = el('div', 'annotation-layer');
  private readonly toggle: HTMLButtonElement;
  private readonly note = liveStatus('span', 'annotation-note');
  private readonly card = el('div', 'annotation-card');
  private readonly offer: HTMLButtonElement;
  /** Sorted by time; `starts` and `ends` their times in seconds (the chart's x). */
  private list: ChartAnnotation[] = [];
  private starts = new Float64Array(0);
  private spans: number[] = [];
  private shown = true;
  private pinned = false;
  /** A drag just ended in a selection: the click that follows it is not a click on a point. */
  private selected = false;
  private offered: { time: number; endTime?: number } | undefined;
  private readonly dates: Intl.DateTimeFormat;
  private stripCanvas: HTMLCanvasElement | undefined;

  constructor(
    private readonly text: PanelText,
    private readonly request: (message: AnnotationRequest) => void,
    private readonly redraw: () => void,
  ) {
    const say = text.say;
    this.dates = new Intl.DateTimeFormat(text.locale, { dateStyle: 'medium', timeStyle: 'medium' });
    this.toggle = button(
      say('annotations'),
      'annotation-toggle',
      () => this.setShown(!this.shown),
      say('annotationsTitle'),
    );
    this.toggle.setAttribute('aria-pressed', 'true');
    this.bar.append(this.toggle, this.note);
    this.bar.hidden = true;
    this.card.setAttribute('role', 'tooltip');
    this.card.hidden = true;
    this.offer = button('', 'annotation-add', () => {
      const at = this.offered;
      this.hideOffer();
      if (at) this.request({ type: 'addAnnotation', ...at });
    });
    this.offer.hidden = true;
    this.layer.append(this.card, this.offer);
    this.layer.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.hideAll();
    });
  }

  /** The annotations to draw (or why there are none); undefined: the query reads no dataset. */
  set(chart: ChartAnnotations | undefined): void {
    const list = chart && 'annotations' in chart ? [...chart.annotations].sort((a, b) => a.time - b.time) : [];
    this.list = list;
    this.starts = Float64Array.from(list, (a) => a.time / 1000);
    this.spans = list.flatMap((a, i) => (a.endTime === undefined ? [] : [i]));
    this.hideAll();
    const note: AnnotationNote | undefined = chart && 'note' in chart ? chart.note : undefined;
    this.note.textContent = note ? this.text.say(note === 'busy' ? 'annotationsBusy' : 'annotationsUnread') : '';
    show(this.note, note !== undefined);
    show(this.toggle, list.length > 0);
    this.toggle.title = list.length
      ? `${this.text.say('annotationsTitle')} (${this.text.say('annotationsLabel', this.text.count(list.length))})`
      : this.text.say('annotationsTitle');
    this.bar.hidden = chart === undefined || (note === undefined && list.length === 0);
    this.redraw();
  }

  /** How many there are to draw (whatever the range shown). */
  get count(): number {
    return this.list.length;
  }

  private setShown(shown: boolean): void {
    this.shown = shown;
    this.toggle.setAttribute('aria-pressed', String(shown));
    this.hideAll();
    this.redraw();
  }

  /** uPlot's options for a chart with annotations: the draw, the hover, the selection. */
  hooks(): uPlot.Hooks.Arrays {
    return {
      draw: [(plot) => this.draw(plot)],
      setCursor: [(plot) => this.hover(plot)],
      setSelect: [(plot) => this.select(plot)],
      ready: [(plot) => this.listen(plot)],
    };
  }

  /** Every annotation within the x range, in one pass on the canvas: bands first, then lines, then titles. */
  draw(plot: uPlot): void {
    if (!this.shown || !this.list.length) return;
    const { min, max } = plot.scales.x;
    if (min === undefined || max === undefined) return;
    const { left, top, width, height } = plot.bbox;
    const colour = themeValue('--vscode-charts-purple', '#b180d7');
    const xPos = (seconds: number) => plot.valToPos(seconds, 'x', true);
    const first = lowerBound(this.starts, min);
    const last = lowerBound(this.starts, max + 1e-9);
    // The marks as one row of pixels, a column each, stretched over the plot's height in one draw:
    // a canvas blits one image far faster than it fills a thousand rectangles of that height.
    const columns = Math.max(1, Math.ceil(width));
    const alpha = new Uint8ClampedArray(columns);
    const column = (seconds: number) => Math.floor(xPos(seconds) - left);
    for (const i of this.spans) {
      const a = this.list[i];
      const from = a.time / 1000;
      const to = (a.endTime ?? a.time) / 1000;
      if (to < min || from > max) continue;
      const end = Math.min(columns, Math.max(column(to), column(from) + 1));
      for (let x = Math.max(0, column(from)); x < end; x++) alpha[x] = Math.max(alpha[x], BAND_ALPHA);
    }
    for (let i = first; i < last; i++) {
      const x = column(this.starts[i]);
      if (x >= 0 && x < columns) alpha[x] = 255;
    }
    const strip = this.strip(columns, colour, alpha);
    const ctx = plot.ctx;
    ctx.save();
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(strip, 0, 0, columns, 1, left, top, columns, height);
    ctx.fillStyle = themeValue('--vscode-charts-foreground', '#cccccc');
    const pxRatio = window.devicePixelRatio || 1;
    ctx.font = `${Math.round(10 * pxRatio)}px ${themeValue('--vscode-font-family', 'sans-serif')}`;
    ctx.textBaseline = 'top';
    ctx.textAlign = 'left';
    let lastTitle = -Infinity;
    for (let i = first; i < last; i++) {
      const x = xPos(this.starts[i]);
      if (x - lastTitle < TITLE_GAP_PX * pxRatio) continue;
      const title = this.list[i].title || this.list[i].type;
      ctx.fillText(title.length > 24 ? `${title.slice(0, 23)}…` : title, x + 3 * pxRatio, top + 2 * pxRatio);
      lastTitle = x;
    }
    ctx.restore();
  }

  /** A canvas one pixel high holding `alpha` in `colour`, column by column (kept for the next draw). */
  private strip(columns: number, colour: string, alpha: Uint8ClampedArray): HTMLCanvasElement {
    const canvas = (this.stripCanvas ??= document.createElement('canvas'));
    if (canvas.width !== columns) canvas.width = columns;
    canvas.height = 1;
    const ctx = canvas.getContext('2d');
    if (!ctx) return canvas;
    ctx.fillStyle = colour;
    // The colour as the canvas reads it (#rrggbb, or rgba(…) when it has an alpha of its own).
    const [r, g, b] = rgb(ctx.fillStyle);
    const pixels = ctx.createImageData(columns, 1);
    for (let x = 0; x < columns; x++) {
      const at = x * 4;
      pixels.data[at] = r;
      pixels.data[at + 1] = g;
      pixels.data[at + 2] = b;
      pixels.data[at + 3] = alpha[x];
    }
    ctx.putImageData(pixels, 0, 0);
    return canvas;
  }

  /** The annotation nearest the pointer (within HOVER_PX, or a band under it), its card shown. */
  private hover(plot: uPlot): void {
    if (this.pinned) return;
    const at = this.nearest(plot, plot.cursor.left);
    if (at === undefined) this.card.hidden = true;
    else this.showCard(plot, at);
  }

  /** The index of the annotation at `left` (CSS pixels into the plot), if any. */
  private nearest(plot: uPlot, left: number | undefined): number | undefined {
    if (!this.shown || !this.list.length || left === undefined || left < 0) return undefined;
    const value = plot.posToVal(left, 'x');
    const i = lowerBound(this.starts, value);
    let best: number | undefined;
    let bestPx = HOVER_PX;
    for (const j of [i - 1, i]) {
      if (j < 0 || j >= this.starts.length) continue;
      const px = Math.abs(plot.valToPos(this.starts[j], 'x') - left);
      if (px <= bestPx) {
        best = j;
        bestPx = px;
      }
    }
    if (best !== undefined) return best;
    const ms = value * 1000;
    for (const j of this.spans) if (this.list[j].time <= ms && ms <= (this.list[j].endTime ?? 0)) return j;
    return undefined;
  }

  private showCard(plot: uPlot, index: number): void {
    const a = this.list[index];
    const when =
      a.endTime === undefined
        ? this.dates.format(a.time)
        : `${this.dates.format(a.time)} – ${this.dates.format(a.endTime)}`;
    const parts: HTMLElement[] = [el('div', 'annotation-type', a.type), el('div', 'annotation-time', when)];
    if (a.title) parts.push(el('div', 'annotation-title', a.title));
    if (a.description) parts.push(el('div', 'annotation-description', a.description));
    if (a.url) {
      const url = a.url;
      const link = button(url, 'annotation-url', () => this.request({ type: 'openAnnotationUrl', url }));
      link.title = this.text.say('annotationOpenUrl', url);
      parts.push(link);
    }
    this.card.replaceChildren(...parts);
    this.card.dataset.id = a.id;
    this.card.hidden = false;
    this.place(this.card, plot, plot.valToPos(a.time / 1000, 'x'));
  }

  /** Puts an element of the layer beside `x` (CSS pixels into the plot), kept inside the chart. */
  private place(element: HTMLElement, plot: uPlot, x: number): void {
    const over = plot.over;
    const host = this.layer.parentElement;
    if (!host) return;
    const origin = host.getBoundingClientRect();
    const box = over.getBoundingClientRect();
    const left = box.left - origin.left + x + 8;
    const room = host.clientWidth - element.offsetWidth - 4;
    element.style.left = `${Math.max(0, Math.min(left, room))}px`;
    element.style.top = `${box.top - origin.top + 16}px`;
  }

  /** A drag across the plot: offer Add Annotation over that span (the chart may zoom to it too). */
  private select(plot: uPlot): void {
    const { left, width } = plot.select;
    if (width <= 0) return;
    this.selected = true;
    const from = Math.round(plot.posToVal(left, 'x') * 1000);
    const to = Math.round(plot.posToVal(left + width, 'x') * 1000);
    if (to > from) this.showOffer(plot, left, { time: from, endTime: to });
  }

  private listen(plot: uPlot): void {
    plot.over.addEventListener('click', (e) => {
      if (this.selected) {
        this.selected = false;
        return;
      }
      const left = e.offsetX;
      const at = this.nearest(plot, left);
      if (at !== undefined) {
        // A click on an annotation keeps its card (its link can then be reached).
        this.hideOffer();
        this.pinned = true;
        this.showCard(plot, at);
        return;
      }
      this.pinned = false;
      this.card.hidden = true;
      this.showOffer(plot, left, { time: Math.round(plot.posToVal(left, 'x') * 1000) });
    });
    plot.over.addEventListener('mouseleave', () => {
      if (!this.pinned) this.card.hidden = true;
    });
  }

  private showOffer(plot: uPlot, left: number, at: { time: number; endTime?: number }): void {
    this.offered = at;
    this.offer.textContent = this.text.say(at.endTime === undefined ? 'addAnnotationHere' : 'addAnnotationRange');
    this.offer.hidden = false;
    this.place(this.offer, plot, left);
  }

  private hideOffer(): void {
    this.offered = undefined;
    this.offer.hidden = true;
  }

  private hideAll(): void {
    this.pinned = false;
    this.card.hidden = true;
    this.hideOffer();
  }
}
