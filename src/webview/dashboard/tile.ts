// One chart of the dashboard preview: a thin host of the results panel's own drawing code — its
// Chart for a time series, its Grid and TableModel for a table, the panel's words for both — and a
// single value for a statistic. Every value from the data goes in as text (textContent, or the
// table's and chart's own text handling); a failing query shows its message here while the other
// tiles draw.
import type { PreviewWords } from '../../core/dashboards/previewProtocol';
import type { PreviewTile } from '../../core/dashboards/previewLayout';
import type { AnnotationRequest, ChartAnnotations } from '../../core/run/chartAnnotations';
import type { ResultTable } from '../../core/api/tabular';
import type { ResultsView } from '../../core/run/resultsProtocol';
import { columnText, rowText, valueText } from '../shared/cellText';
import { Chart } from '../shared/chart';
import { columnKind } from '../shared/columnKind';
import type { ContextMenu } from '../shared/contextMenu';
import { el } from '../shared/dom';
import { Grid } from '../shared/grid';
import type { PanelText } from '../shared/panelText';
import type { Say } from '../shared/pageWords';
import { nextSort } from '../shared/sortRows';
import { TableModel } from '../shared/tableModel';
import { timeSeries } from '../shared/timeSeries';

export interface TileContext {
  words: PreviewWords;
  say: Say<keyof PreviewWords>;
  panel: PanelText;
  menu: ContextMenu;
  copy(text: string): void;
  /** What a tile's chart asks about annotations (its link, Add Annotation), for the extension. */
  annotate(id: string, request: AnnotationRequest): void;
}

/** What a tile shows now: the page's tests read it from data-state. */
type TileState = 'idle' | 'running' | 'drawn' | 'failed' | 'notDrawn' | 'note' | 'spacer';

export class Tile {
  readonly element = el('article', 'tile');
  private readonly title = el('h2', 'tile-title');
  private readonly body = el('div', 'tile-body');
  private readonly message = el('p', 'tile-message');
  private chart: Chart | undefined;
  /** The newest run this tile was told of: an answer to an older one is late, and dropped. */
  private newestRun = -1;

  constructor(
    private tile: PreviewTile,
    private readonly context: TileContext,
  ) {
    this.element.dataset.id = tile.id;
    this.element.append(this.title, this.body);
    this.place(tile);
  }

  /** The chart's place, name and kind (its drawing stays until its query runs again). */
  place(tile: PreviewTile): void {
    this.tile = tile;
    const style = this.element.style;
    style.gridColumn = `${tile.x + 1} / span ${tile.w}`;
    style.gridRow = `${tile.y + 1} / span ${tile.h}`;
    this.title.textContent = tile.name || tile.kind || tile.id;
    this.element.dataset.kind = tile.kind;
    const words = this.context.words;
    switch (tile.drawing) {
      case 'notDrawn':
        this.say('notDrawn', tile.kind ? this.context.say('notDrawn', tile.kind) : words.noKind);
        return;
      case 'note':
        this.clear('note');
        this.body.append(el('div', 'tile-note', tile.text ?? ''));
        return;
      case 'spacer':
        this.clear('spacer');
        return;
      default:
        if (tile.apl === undefined) this.say('notDrawn', words.noQuery);
        else if (this.element.dataset.state === 'notDrawn' || this.element.dataset.state === undefined)
          this.clear('idle');
    }
  }

  running(runId: number): void {
    if (runId < this.newestRun) return;
    this.newestRun = runId;
    // What was drawn stays until the new answer comes; the tile says that it runs.
    this.element.classList.add('is-running');
    this.element.setAttribute('aria-busy', 'true');
    if (this.element.dataset.state === 'idle') this.say('running', this.context.words.tileRunning);
  }

  failed(runId: number, message: string): void {
    if (runId < this.newestRun) return;
    this.newestRun = runId;
    this.done();
    this.say('failed', this.context.say('tileFailed', message));
  }

  show(runId: number, result: ResultsView): void {
    if (runId < this.newestRun) return;
    this.newestRun = runId;
    this.done();
    const first = result.tables.find((t) => t.name !== '_totals') ?? result.tables[0];
    if (!first) {
      this.say('drawn', this.context.words.noTable);
      return;
    }
    // The rows received are the table the tile shows (tileResult may have cut it): its note says so.
    const loaded = first.columns[0]?.length ?? first.rowCount;
    const table: ResultTable = { ...first, rowCount: loaded };
    const cut = loaded < first.rowCount ? this.context.say('firstRows', loaded, first.rowCount) : '';
    if (this.tile.drawing === 'statistic') this.showValue(table);
    else if (this.tile.drawing === 'timeSeries') this.showSeries(table);
    else this.showTable(table);
    if (cut) this.body.append(el('p', 'tile-note-small', cut));
  }

  /** The annotations the chart of run `runId` draws (or why there are none); an older run's are dropped. */
  annotate(runId: number, annotations: ChartAnnotations): void {
    if (runId === this.newestRun) this.chart?.setAnnotations(annotations);
  }

  private done(): void {
    this.element.classList.remove('is-running');
    this.element.removeAttribute('aria-busy');
  }

  private clear(state: TileState): void {
    this.chart?.clear();
    this.chart = undefined;
    this.body.replaceChildren();
    this.element.dataset.state = state;
  }

  private say(state: TileState, text: string): void {
    this.clear(state);
    this.message.textContent = text;
    this.message.className = `tile-message tile-${state}`;
    this.body.append(this.message);
  }

  /** A statistic: the first number of the table's first row (else its first value), named by its column. */
  private showValue(table: ResultTable): void {
    let column = table.columns.findIndex((c) => columnKind(c) === 'number');
    if (column < 0) column = 0;
    if (!table.rowCount || !table.fields.length) {
      this.say('drawn', this.context.words.noValue);
      return;
    }
    this.clear('drawn');
    const value = el('div', 'tile-value', valueText(table.columns[column][0]));
    const label = el('div', 'tile-value-label', table.fields[column].name);
    this.body.append(value, label);
  }

  private showSeries(table: ResultTable): void {
    const series = timeSeries(table);
    if (!series) {
      this.showTable(table);
      this.body.append(el('p', 'tile-note-small', this.context.words.notTimeSeries));
      return;
    }
    this.clear('drawn');
    this.chart = new Chart(this.context.panel, (request) => this.context.annotate(this.tile.id, request));
    this.body.append(this.chart.element);
    this.chart.show(series);
  }

  private showTable(table: ResultTable): void {
    this.clear('drawn');
    const model = new TableModel(table);
    const say = this.context.panel.say;
    const cell = (row: number, column: number) => valueText(model.table.columns[column][row]);
    const grid = new Grid(
      {
        sort: (column) => {
          const direction = nextSort(model.sort?.column === column ? model.sort.direction : undefined);
          model.setSort(direction ? { column, direction } : undefined);
          grid.show(model);
        },
        copyCell: (row, column) => this.context.copy(cell(row, column)),
        details: (row, column) => this.context.copy(cell(row, column)),
        contextMenu: (row, column, x, y) =>
          this.context.menu.open(
            [
              { label: say('copyCell'), run: () => this.context.copy(cell(row, column)) },
              { label: say('copyRow'), run: () => this.context.copy(rowText(model.table.columns, row)) },
              {
                label: say('copyColumn'),
                run: () =>
                  this.context.copy(
                    columnText(model.table.fields[column].name, model.table.columns[column], model.rows),
                  ),
              },
            ],
            x,
            y,
            grid.element,
          ),
      },
      this.context.panel,
    );
    this.body.append(grid.element);
    grid.show(model);
  }
}
