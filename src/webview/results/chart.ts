// The line chart of a time series, drawn by uPlot on a canvas. Colours are read from VS Code's
// theme variables when the chart is drawn and again when the theme changes (VS Code swaps the
// body's class and the variables' values), so the axes stay legible in dark and light themes.
import uPlot from 'uplot';
import { el } from './dom';
import { ENGLISH, type PanelText } from './panelText';
import type { TimeSeries } from './timeSeries';

const PALETTE = ['--vscode-charts-blue', '--vscode-charts-orange', '--vscode-charts-green', '--vscode-charts-purple', '--vscode-charts-red', '--vscode-charts-yellow'];
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

  constructor(private readonly text: PanelText = ENGLISH) {
    this.element = el('div', 'chart');
    this.element.setAttribute('role', 'img');
    new ResizeObserver(() => this.resize()).observe(this.element);
    new MutationObserver(() => this.redraw()).observe(document.body, { attributes: true, attributeFilter: ['class'] });
  }

  show(data: TimeSeries): void {
    this.data = data;
    const label = this.text.say('lineChartLabel', data.series.map((s) => s.label).join(', '));
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
    const options: uPlot.Options = {
      ...this.size(),
      series: [
        {},
        ...data.series.map((s, i) => ({
          label: s.label,
          stroke: themeValue(PALETTE[i % PALETTE.length], '--vscode-foreground'),
          width: 1.5,
          dash: DASHES[Math.floor(i / PALETTE.length) % DASHES.length],
          spanGaps: false,
          points: { show: data.x.length <= 60 },
        })),
      ],
      axes: [axis, { ...axis, size: 60 }],
      cursor: { drag: { x: true, y: false } },
      legend: { show: true },
    };
    this.plot = new uPlot(options, [data.x, ...data.series.map((s) => s.values)], this.element);
  }
}
