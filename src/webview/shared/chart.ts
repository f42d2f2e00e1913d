// The chart of a time series, as lines or as bars (uPlot.paths.bars), drawn by uPlot on a canvas.
// The element carries data-kind="line" or "bar". Colours are read from VS Code's
// theme variables when the chart is drawn and again when the theme changes (VS Code swaps the
// body's class and the variables' values), so the axes stay legible in dark and light themes.
import uPlot from 'uplot';
import type { ChartAnnotations } from '../../core/run/chartAnnotations';
import type { AnnotationRequest } from '../../core/run/chartAnnotations';
import { AnnotationMarks } from './annotationMarks';
import { el } from './dom';
import { ENGLISH, type PanelText } from './panelText';
import type { TimeSeries } from './timeSeries';

export type ChartKind = 'line' | 'bar';

const PALETTE = [
  '--vscode-charts-blue',
  '--vscode-charts-orange',
  '--vscode-charts-green',
  '--vscode-charts-purple',
  '--vscode-charts-red',
  '--vscode-charts-yellow',
];
/** Past the palette's six colours, series repeat them with a dash of their own. */
const DASHES = [[], [6, 3], [2, 3], [8, 3, 2, 3]];

function themeValue(name: string, fallback = ''): string {
  const style = getComputedStyle(document.documentElement);
  return style.getPropertyValue(name).trim() || (fallback ? style.getPropertyValue(fallback).trim() : '');
}

export class Chart {
  readonly element: HTMLElement;
  private plot: uPlot | undefined;
  private data: TimeSeries | undefined;
  private kindShown: ChartKind = 'line';
  /** Drawn over the series after each draw (the dry run's threshold and marks). */
  private overlay?: (plot: uPlot) => void;
  private yIncludes: readonly number[] = [];
  /** The annotations of the query's datasets, drawn over the series (annotationMarks.ts). */
  private readonly marks: AnnotationMarks;

  /** `request`: where a click on an annotation's link or Add Annotation goes (the page posts it to its host). */
  constructor(
    private readonly text: PanelText = ENGLISH,
    request: (message: AnnotationRequest) => void = () => undefined,
  ) {
    this.element = el('div', 'chart');
    this.element.setAttribute('role', 'img');
    this.element.dataset.kind = this.kindShown;
    this.marks = new AnnotationMarks(text, request, () => this.plot?.redraw(false, false));
    this.element.append(this.marks.bar, this.marks.layer);
    new ResizeObserver(() => this.resize()).observe(this.element);
    new MutationObserver(() => this.redraw()).observe(document.body, { attributes: true, attributeFilter: ['class'] });
  }

  get kind(): ChartKind {
    return this.kindShown;
  }

  /** Draws lines or bars (again, when there is a series on screen). */
  setKind(kind: ChartKind): void {
    if (kind === this.kindShown) return;
    this.kindShown = kind;
    this.element.dataset.kind = kind;
    if (this.data) this.show(this.data);
  }

  /** Values the y scale reaches whatever the series hold (the dry run's threshold), from the next draw on. */
  setYIncludes(values: readonly number[]): void {
    this.yIncludes = values.filter((v) => Number.isFinite(v));
  }

  /** Something to draw over the series (or nothing), from the next draw on. */
  setOverlay(overlay: ((plot: uPlot) => void) | undefined): void {
    this.overlay = overlay;
  }

  /** The annotations to draw (or why there are none; undefined: none to ask about), kept across draws. */
  setAnnotations(annotations: ChartAnnotations | undefined): void {
    this.marks.set(annotations);
  }

  show(data: TimeSeries): void {
    this.data = data;
    const names = data.series.map((s) => s.label).join(', ');
    const label = this.text.say(this.kindShown === 'bar' ? 'barChartLabel' : 'lineChartLabel', names);
    this.element.setAttribute('aria-label', data.capped ? this.text.say('firstSeriesOnly', label) : label);
    this.redraw();
  }

  clear(): void {
    this.data = undefined;
    this.plot?.destroy();
    this.plot = undefined;
  }

  private size(): { width: number; height: number } {
    return { width: Math.max(200, this.element.clientWidth), height: Math.max(160, this.element.clientHeight - 60) };
  }

  private resize(): void {
    if (this.plot && this.element.clientWidth) this.plot.setSize(this.size());
  }

  private redraw(): void {
    this.plot?.destroy();
    this.plot = undefined;
    const data = this.data;
    if (!data || !this.element.isConnected) return;
    const foreground = themeValue('--vscode-charts-foreground', '--vscode-foreground');
    const lines = themeValue('--vscode-charts-lines', '--vscode-editorWidget-border');
    const font = `11px ${themeValue('--vscode-font-family') || 'sans-serif'}`;
    const axis = { stroke: foreground, font, grid: { stroke: lines, width: 1 }, ticks: { stroke: lines, width: 1 } };
    const bars = this.kindShown === 'bar';
    const marks = this.marks.hooks();
    const options: uPlot.Options = {
      ...this.size(),
      series: [
        {},
        ...data.series.map((s, i): uPlot.Series => {
          const colour = themeValue(PALETTE[i % PALETTE.length], '--vscode-foreground');
          const dash = DASHES[Math.floor(i / PALETTE.length) % DASHES.length];
          return bars
            ? // Bars of several series overlap: each is see-through, so that none hides another.
              {
                label: s.label,
                stroke: colour,
                fill: colour,
                width: 1,
                dash,
                alpha: data.series.length > 1 ? 0.6 : 1,
                paths: barPaths(),
                points: { show: false },
              }
            : {
                label: s.label,
                stroke: colour,
                width: 1.5,
                dash,
                spanGaps: false,
                points: { show: data.x.length <= 60 },
              };
        }),
      ],
      // Bars stand on their x: the first and last get half a step of room so that they show whole.
      scales: {
        ...(bars ? { x: { time: true, range: (_u, min, max) => padRange(data.x, min, max) } } : {}),
        ...(this.yIncludes.length ? { y: { range: (_u, min, max) => includeRange(this.yIncludes, min, max) } } : {}),
      },
      axes: [axis, { ...axis, size: 60 }],
      cursor: { drag: { x: true, y: false } },
      legend: { show: true },
      hooks: { ...marks, draw: [...(marks.draw ?? []), (plot) => this.overlay?.(plot)] },
      // The axis and the legend in the zone the table uses (axiom.timeZone); uPlot's own is local.
      ...(this.text.timeZone === 'utc'
        ? { tzDate: (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC') }
        : {}),
    };
    this.plot = new uPlot(options, [data.x, ...data.series.map((s) => s.values)], this.element);
  }
}

let bars: uPlot.Series.PathBuilder | undefined;
/** uPlot's bars path builder (made once: it keeps a cache of its own). */
function barPaths(): uPlot.Series.PathBuilder {
  // uPlot.paths is always there in the bundle; the type marks each factory optional.
  bars ??= (uPlot.paths.bars as uPlot.Series.BarsPathBuilderFactory)({ size: [0.8, 64], align: 0 });
  return bars;
}

/** The x range with half the smallest step between times either side. */
function padRange(x: readonly number[], min: number, max: number): [number, number] {
  let step = Infinity;
  for (let i = 1; i < x.length; i++) if (x[i] > x[i - 1]) step = Math.min(step, x[i] - x[i - 1]);
  const half = Number.isFinite(step) ? step / 2 : 1;
  return [min - half, max + half];
}

/** The y range of the values, widened to the values it must include, with uPlot's usual margin. */
function includeRange(include: readonly number[], min: number | null, max: number | null): uPlot.Range.MinMax {
  const low = Math.min(...include, ...(min === null ? [] : [min]));
  const high = Math.max(...include, ...(max === null ? [] : [max]));
  return uPlot.rangeNum(low, high, 0.1, true);
}
