// The results panel: toolbar, notice, tabs, table or chart, details and status line, and what
// each message from the extension changes. Previous results stay on screen while a run is going
// and after it fails or is stopped; an answer to a run older than the newest one it was told of
// (a run replaced by another may answer late) is dropped. Every word comes from the page's table.
import type { CodePlace } from '../../core/code/codePlaces';
import type { ChartAnnotations } from '../../core/run/chartAnnotations';
import { type HostMessage, type PanelMessage, type ResultsView } from '../../core/run/resultsProtocol';
import { columnText, prettyJson, rowText, valueText } from './cellText';
import { Chart, type ChartKind } from './chart';
import { ContextMenu } from './contextMenu';
import { button, el, liveStatus, show } from './dom';
import { cellPlaces, Grid, placeLabel } from './grid';
import { iconButton, labelIconButton } from './icons';
import { ENGLISH, type PanelText } from './panelText';
import { nextSort } from './sortRows';
import { statusParts, tableLabel } from './statusLine';
import { TableModel } from './tableModel';
import { timeSeries, timeSeriesColumns } from './timeSeries';
import { openTraceAt } from './traceCells';

const FILTER_DELAY_MS = 150;

/** Whether a table opens as a chart: a time series whose numbers an aggregation made (`summarize
 *  count() by bin(_time, …)`), not events that happen to hold a time and numbers. */
function opensAsChart(table: ResultsView['tables'][number]): boolean {
  const columns = timeSeriesColumns(table);
  return columns !== undefined && columns.values.some((i) => table.fields[i].agg !== undefined);
}

/** How the host differs: the results panel has all of it; a notebook output has no run of its own
 *  (its cell runs it) and shares its page with other outputs, so its keys are its own. */
export interface PanelHost {
  /** Stop, Re-run and Pin (default true). */
  runControls?: boolean;
  /** Where Ctrl+F is heard (default the whole page). */
  keyScope?: HTMLElement;
  /** Cells that name a place in code link to it (openCodePlace): the host opens it (default false). */
  codeLinks?: boolean;
}

export class Panel {
  private result: ResultsView | undefined;
  private models: TableModel[] = [];
  private widths: (number[] | undefined)[] = [];
  private current = 0;
  private view: 'table' | 'chart' = 'table';
  /** The view the person picked with Table or Chart; until then a time series opens as a chart. */
  private viewPicked: 'table' | 'chart' | undefined;
  /** Whether the page was ever told of a run: until then, the empty panel says how to start one. */
  private everRan = false;
  /** The newest run failed: its failure is all the panel shows (not the results of a run before it). */
  private failed = false;
  /** The newest run the page was told of: answers to older runs are late, and dropped. */
  private newestRun = -1;
  private filterTimer: ReturnType<typeof setTimeout> | undefined;
  /** The annotations of the newest run told of (they may come before or after its rows). */
  private annotations: { runId: number; chart: ChartAnnotations } | undefined;

  private readonly running = liveStatus('span', 'running');
  private readonly stop: HTMLButtonElement;
  private readonly pin: HTMLButtonElement;
  private readonly exports: HTMLButtonElement[];
  private readonly filter = el('input', 'filter');
  private readonly filterCount = el('span', 'filter-count');
  private readonly notice = el('div', 'notice');
  private readonly tabs = el('div', 'tabs');
  private readonly switcher = el('div', 'view-switch');
  private readonly tableButton: HTMLButtonElement;
  private readonly chartButton: HTMLButtonElement;
  private readonly chartKinds = el('div', 'chart-kind');
  private readonly lineButton: HTMLButtonElement;
  private readonly barButton: HTMLButtonElement;
  private readonly grid: Grid;
  private readonly chart: Chart;
  private readonly content = el('div', 'content');
  private readonly empty = el('div', 'empty');
  private readonly emptyText = el('span', 'empty-text');
  private readonly emptyRerun: HTMLButtonElement;
  /** Why no result is shown where one was (let go to keep memory in bounds, or the window reloaded):
   *  the panel says so and offers Re-run until a new result comes. */
  private gone: 'dropped' | 'restored' | undefined;
  private readonly details = el('section', 'details');
  private readonly detailsTitle = el('span', 'details-title');
  private readonly detailsText = el('pre', 'details-text');
  private readonly status = liveStatus('footer', 'status');
  private readonly menu = new ContextMenu();

  constructor(
    root: HTMLElement,
    private readonly post: (message: PanelMessage) => void,
    private readonly text: PanelText = ENGLISH,
    host: PanelHost = {},
  ) {
    const say = text.say;
    this.chart = new Chart(text, (request) => this.post(request));
    this.grid = new Grid(
      {
        sort: (column) => this.sortBy(column),
        copyCell: (row, column) => this.copy(valueText(this.model?.table.columns[column][row])),
        details: (row, column) => this.openDetails(row, column),
        ...(host.codeLinks && {
          openPlace: (place: CodePlace) => this.post({ type: 'openCodePlace', place }),
          resolvePlace: (place: CodePlace) => this.post({ type: 'resolveCodePlace', place }),
        }),
        openTrace: (row, column) => {
          const message = this.model && openTraceAt(this.model.table, row, column);
          if (message) this.post(message);
        },
        contextMenu: (row, column, x, y) => {
          const table = this.model?.table;
          const place = table && host.codeLinks ? cellPlaces(table, row, column)[0] : undefined;
          this.menu.open(
            [
              ...(place
                ? [
                    {
                      label: say('openCodePlace', placeLabel(place)),
                      run: () => this.post({ type: 'openCodePlace', place }),
                    },
                  ]
                : []),
              ...traceItems(table, row, column, say('openTrace'), (message) => this.post(message)),
              { label: say('copyCell'), run: () => this.copy(valueText(this.model?.table.columns[column][row])) },
              { label: say('copyRow'), run: () => this.copyRow(row) },
              { label: say('copyColumn'), run: () => this.copyColumn(column) },
            ],
            x,
            y,
            this.grid.element,
          );
        },
      },
      text,
    );

    const toolbar = el('div', 'toolbar');
    toolbar.setAttribute('role', 'toolbar');
    toolbar.setAttribute('aria-label', say('toolbar'));
    this.stop = iconButton('stop', say('stop'), 'stop', () => this.post({ type: 'cancel' }), say('stopTitle'));
    this.pin = iconButton('pin', say('pin'), 'pin', () => this.post({ type: 'togglePin' }), say('pinTitle'));
    this.pin.setAttribute('aria-pressed', 'false');
    this.exports = [
      iconButton('exportCsv', say('exportCsv'), 'export-csv', () =>
        this.post({ type: 'export', format: 'csv', table: this.current }),
      ),
      iconButton('exportJson', say('exportJson'), 'export-json', () =>
        this.post({ type: 'export', format: 'json', table: this.current }),
      ),
    ];
    const copyRow = iconButton('copyRow', say('copyRow'), 'copy-row', () => {
      const at = this.grid.activeCell;
      if (at) this.copyRow(at.row);
    });
    const copyColumn = iconButton('copyColumn', say('copyColumn'), 'copy-column', () => {
      const at = this.grid.activeCell;
      if (at) this.copyColumn(at.column);
    });
    this.filter.type = 'search';
    this.filter.placeholder = say('find');
    this.filter.setAttribute('aria-label', say('findLabel'));
    this.filter.addEventListener('focus', () => this.prepareSearch());
    this.filter.addEventListener('input', () => {
      clearTimeout(this.filterTimer);
      this.filterTimer = setTimeout(() => this.applyFilter(), FILTER_DELAY_MS);
    });
    this.filter.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        clearTimeout(this.filterTimer);
        this.applyFilter();
      } else if (e.key === 'Escape' && this.filter.value) {
        this.filter.value = '';
        this.applyFilter();
      } else if (e.key === 'ArrowDown') this.grid.focus();
      else return;
      e.preventDefault();
    });
    this.filterCount.setAttribute('aria-live', 'polite');
    const runControls = host.runControls ?? true;
    const addAnnotation = iconButton(
      'addAnnotation',
      say('addAnnotation'),
      'add-annotation',
      () => this.post({ type: 'addAnnotation' }),
      say('addAnnotationTitle'),
    );
    const rerun = iconButton('rerun', say('rerun'), 'rerun', () => this.post({ type: 'rerun' }), say('rerunTitle'));
    toolbar.append(
      ...(runControls ? [this.running, this.stop, rerun] : []),
      ...this.exports,
      copyRow,
      copyColumn,
      iconButton(
        'openInAxiom',
        say('openInAxiom'),
        'open',
        () => this.post({ type: 'openInAxiom' }),
        say('openInAxiomTitle'),
      ),
      // A notebook output's chart offers Add Annotation itself; its toolbar stays the cell's.
      ...(runControls ? [addAnnotation] : []),
      ...(runControls ? [this.pin] : []),
      el('span', 'spacer'),
      this.filter,
      this.filterCount,
    );

    this.notice.setAttribute('role', 'alert');
    this.tabs.setAttribute('role', 'tablist');
    this.tabs.setAttribute('aria-label', say('tables'));
    this.switcher.setAttribute('role', 'group');
    this.switcher.setAttribute('aria-label', say('showAs'));
    this.tableButton = button(say('table'), 'show-table', () => this.pickView('table'));
    this.chartButton = button(say('chart'), 'show-chart', () => this.pickView('chart'));
    this.switcher.append(this.tableButton, this.chartButton);
    this.chartKinds.setAttribute('role', 'group');
    this.chartKinds.setAttribute('aria-label', say('chartKind'));
    this.lineButton = button(say('line'), 'chart-line', () => this.setChartKind('line'));
    this.barButton = button(say('bar'), 'chart-bar', () => this.setChartKind('bar'));
    this.chartKinds.append(this.lineButton, this.barButton);
    const bar = el('div', 'tabbar');
    bar.append(this.tabs, this.chartKinds, this.switcher);

    this.details.setAttribute('aria-label', say('value'));
    const detailsHead = el('div', 'details-head');
    detailsHead.append(
      this.detailsTitle,
      button(say('close'), 'close-details', () => this.closeDetails()),
    );
    this.details.append(detailsHead, this.detailsText);
    this.details.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.closeDetails();
    });
    this.detailsText.tabIndex = 0;
    this.details.hidden = true;

    this.emptyRerun = button(say('rerun'), 'empty-rerun', () => this.post({ type: 'rerun' }), say('rerunTitle'));
    this.empty.append(this.emptyText, this.emptyRerun);
    this.content.append(this.empty, this.grid.element, this.chart.element);
    root.append(toolbar, this.notice, bar, this.content, this.details, this.status, this.menu.element);
    (host.keyScope ?? document).addEventListener('keydown', (e) => {
      if (!(e instanceof KeyboardEvent)) return;
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'f') {
        e.preventDefault();
        this.filter.focus();
        this.filter.select();
      }
    });
    this.setRunning(undefined);
    this.render();
  }

  private get model(): TableModel | undefined {
    return this.models[this.current];
  }

  receive(message: HostMessage): void {
    if (message.type === 'pinned') {
      this.pin.setAttribute('aria-pressed', String(message.pinned));
      labelIconButton(this.pin, this.text.say(message.pinned ? 'pinned' : 'pin'), this.text.say('pinTitle'));
      return;
    }
    if (message.type === 'remember') return; // for VS Code, not the page (main.ts)
    if (message.type === 'codePlaceResolved') {
      this.grid.placeResolved(message.path, message.where);
      return;
    }
    if (message.type === 'rows') {
      this.receiveRows(message);
      return;
    }
    if (message.type === 'annotations') {
      this.receiveAnnotations(message);
      return;
    }
    if (message.type === 'dropped') {
      // Only the result shown (a newer run may be going); a page rebuilt has none yet.
      if (this.result && this.result.runId !== message.runId) return;
      this.showGone('dropped');
      return;
    }
    const runId = message.type === 'results' ? message.result.runId : message.runId;
    if (runId < this.newestRun) return;
    this.newestRun = runId;
    switch (message.type) {
      case 'running':
        this.everRan = true;
        this.failed = false;
        this.setRunning(message.rangeLabel);
        this.setNotice('');
        this.render();
        break;
      case 'results':
        this.failed = false;
        this.setRunning(undefined);
        this.setNotice('');
        this.showResult(message.result);
        break;
      case 'failed':
        this.everRan = true;
        this.failed = true;
        this.setRunning(undefined);
        this.setNotice(this.text.say('failed', message.message));
        this.render();
        break;
      case 'cancelled':
        this.everRan = true;
        this.setRunning(undefined);
        this.setNotice(this.text.say('stopped'));
        this.render();
        break;
      case 'restored':
        this.setRunning(undefined);
        this.showGone('restored');
        break;
    }
  }

  /** More rows of a table shown (or of one in another tab): the rows in view are painted again,
   *  and once the table is whole, its sort, filter, chart and status follow. Rows of a result no
   *  longer shown are dropped (a newer run may be going: the result shown still gets its rows). */
  private receiveRows(message: Extract<HostMessage, { type: 'rows' }>): void {
    if (message.runId !== this.result?.runId) return;
    const model = this.models[message.table];
    if (!model?.append(message.start, message.columns) || model !== this.model) return;
    if (model.complete) this.render();
    else {
      if (this.view === 'table') this.grid.show(model);
      this.renderStatus();
    }
  }

  /** The annotations of a run: drawn now when its result is shown, else kept for it (older runs' dropped). */
  private receiveAnnotations(message: Extract<HostMessage, { type: 'annotations' }>): void {
    if (message.runId < this.newestRun) return;
    this.annotations = { runId: message.runId, chart: message.chart };
    if (this.result?.runId === message.runId) this.chart.setAnnotations(message.chart);
  }

  /** Shows a run going over a time range (a range of '' says only that it runs), or no run. */
  private setRunning(range: string | undefined): void {
    const running = range !== undefined;
    this.running.textContent = !running ? '' : range ? this.text.say('runningRange', range) : this.text.say('running');
    show(this.running, running);
    show(this.stop, running);
    document.body.classList.toggle('is-running', running);
  }

  private setNotice(text: string): void {
    this.notice.textContent = text;
    show(this.notice, text !== '');
  }

  /** Shows no result, says why, and offers Re-run: the table, the chart and the status clear (their rows are let go). */
  private showGone(why: 'dropped' | 'restored'): void {
    this.gone = why;
    this.result = undefined;
    this.models = [];
    this.widths = [];
    this.current = 0;
    this.grid.clear();
    this.closeDetails();
    this.render();
  }

  private showResult(result: ResultsView): void {
    this.gone = undefined;
    this.everRan = true;
    this.result = result;
    this.chart.setAnnotations(this.annotations?.runId === result.runId ? this.annotations.chart : undefined);
    const previous = this.models;
    this.models = result.tables.map((t, i) => {
      const model = new TableModel(t);
      model.keepSort(previous.find((p) => p.table.name === t.name) ?? previous[i]);
      return model;
    });
    this.widths = [];
    this.current = 0;
    // A series over time (an aggregation by `_time`) opens as a chart, unless the person picked the table.
    this.view = this.viewPicked ?? (this.models[0] && opensAsChart(this.models[0].table) ? 'chart' : 'table');
    this.closeDetails();
    this.render();
  }

  private selectTable(index: number): void {
    if (this.model) this.widths[this.current] = this.grid.columnWidths;
    this.current = index;
    this.closeDetails();
    this.render();
  }

  /** Puts the current table (with the filter's term) on screen: tabs, table or chart, status. */
  private render(): void {
    const model = this.failed ? undefined : this.model;
    const empty = this.emptyWords(model);
    this.emptyText.textContent = empty ?? '';
    show(this.emptyRerun, this.gone !== undefined);
    show(this.empty, empty !== undefined);
    this.exports.forEach((b) => (b.disabled = !model));
    this.renderTabs();
    const chartable = !!model && timeSeriesColumns(model.table) !== undefined;
    show(this.switcher, chartable);
    if (!chartable) this.view = 'table';
    if (model && model.filter !== this.filter.value) model.setFilter(this.filter.value);
    // No rows: the sentence says so where the rows would be.
    show(this.grid.element, !!model && this.view === 'table' && empty === undefined);
    show(this.chart.element, !!model && this.view === 'chart');
    show(this.chartKinds, !!model && this.view === 'chart');
    this.tableButton.setAttribute('aria-pressed', String(this.view === 'table'));
    this.chartButton.setAttribute('aria-pressed', String(this.view === 'chart'));
    this.lineButton.setAttribute('aria-pressed', String(this.chart.kind === 'line'));
    this.barButton.setAttribute('aria-pressed', String(this.chart.kind === 'bar'));
    if (model) this.grid.element.setAttribute('aria-label', tableLabel(model.table.name, this.current, this.text));
    if (model && this.view === 'table') this.grid.show(model, this.widths[this.current]);
    if (model && this.view === 'chart') {
      const data = timeSeries(model.table);
      if (data) this.chart.show(data);
    } else this.chart.clear();
    this.renderStatus();
  }

  /** What the panel says where rows would be, or nothing: how to start (only before any run), why
   *  results are gone, that the query returned no table, or that it returned no rows (with its
   *  range and what to try). Nothing while a first run goes or under its failure's notice. */
  private emptyWords(model: TableModel | undefined): string | undefined {
    const say = this.text.say;
    if (this.failed) return undefined;
    if (this.gone) return say(this.gone);
    if (model) {
      if (model.table.rowCount > 0 || !model.complete) return undefined;
      const range = this.result?.rangeLabel;
      return range ? say('noRowsInRange', range) : say('noRows');
    }
    if (this.result) return say('emptyNoTable');
    return this.everRan ? undefined : say('emptyNoRun');
  }

  private renderTabs(): void {
    const tables = this.result?.tables ?? [];
    show(this.tabs, !this.failed && tables.length > 1);
    this.tabs.replaceChildren(
      ...tables.map((t, i) => {
        const tab = el('button', 'tab', tableLabel(t.name, i, this.text));
        tab.type = 'button';
        tab.setAttribute('role', 'tab');
        tab.setAttribute('aria-selected', String(i === this.current));
        tab.tabIndex = i === this.current ? 0 : -1;
        tab.addEventListener('click', () => this.selectTable(i));
        tab.addEventListener('keydown', (e) => {
          const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : undefined;
          if (next === undefined) return;
          e.preventDefault();
          this.selectTable((next + tables.length) % tables.length);
          (this.tabs.children[this.current] as HTMLElement | undefined)?.focus();
        });
        return tab;
      }),
    );
  }

  private renderStatus(): void {
    const model = this.model;
    if (!this.result || !model) {
      this.status.replaceChildren();
      this.filterCount.textContent = '';
      return;
    }
    // A filter is applied once every row is in.
    const filtered = model.filter !== '' && model.complete;
    const parts = statusParts(this.result.status, model.rows.length, model.table.rowCount, filtered, this.text);
    this.filterCount.textContent = filtered ? parts.rows : '';
    const children: HTMLElement[] = [el('span', 'status-rows', parts.rows)];
    if (!model.complete)
      children.push(
        el(
          'span',
          'status-fact status-receiving',
          this.text.say('receiving', this.text.count(model.loaded), this.text.count(model.table.rowCount)),
        ),
      );
    if (this.result.rangeLabel) {
      const range = el('span', 'status-range', this.result.rangeLabel);
      range.title = this.text.say('timeRange');
      children.push(range);
    }
    for (const fact of parts.facts) children.push(el('span', 'status-fact', fact));
    if (parts.partial) children.push(el('span', 'status-partial', this.text.say('partial')));
    for (const note of parts.notes) children.push(el('span', 'status-note', note));
    this.status.replaceChildren(...children);
  }

  private pickView(view: 'table' | 'chart'): void {
    this.view = view;
    this.viewPicked = view;
    this.render();
  }

  private setChartKind(kind: ChartKind): void {
    this.chart.setKind(kind);
    this.lineButton.setAttribute('aria-pressed', String(kind === 'line'));
    this.barButton.setAttribute('aria-pressed', String(kind === 'bar'));
  }

  private sortBy(column: number): void {
    const model = this.model;
    if (!model) return;
    const direction = nextSort(model.sort?.column === column ? model.sort.direction : undefined);
    model.setSort(direction ? { column, direction } : undefined);
    this.grid.show(model);
  }

  /** Makes the current table's search text a column at a time, yielding between columns. */
  private prepareSearch(): void {
    const model = this.model;
    if (!model) return;
    const step = () => {
      if (model === this.model && model.prepareSearch()) setTimeout(step, 0);
    };
    setTimeout(step, 0);
  }

  private applyFilter(): void {
    const model = this.model;
    if (!model || model.filter === this.filter.value) return;
    model.setFilter(this.filter.value);
    if (this.view === 'table') this.grid.show(model);
    this.renderStatus();
  }

  private copy(text: string): void {
    this.post({ type: 'copy', text });
  }

  private copyRow(row: number): void {
    if (this.model) this.copy(rowText(this.model.table.columns, row));
  }

  private copyColumn(column: number): void {
    const model = this.model;
    if (model) this.copy(columnText(model.table.fields[column].name, model.table.columns[column], model.rows));
  }

  private openDetails(row: number, column: number): void {
    const model = this.model;
    if (!model) return;
    const value = model.table.columns[column][row];
    this.detailsTitle.textContent = this.text.say(
      'detailsTitle',
      model.table.fields[column].name,
      this.text.count(row + 1),
    );
    this.detailsText.textContent =
      typeof value === 'object' && value !== null ? prettyJson(value, 1_000_000) : valueText(value) || 'null';
    show(this.details, true);
    this.detailsText.focus();
  }

  private closeDetails(): void {
    if (this.details.hidden) return;
    show(this.details, false);
    this.grid.focus();
  }
}

/** Open Trace on a trace id cell, with the row's `_time` (traceCells.ts). */
function traceItems(
  table: TableModel['table'] | undefined,
  row: number,
  column: number,
  label: string,
  post: (message: Extract<PanelMessage, { type: 'openTrace' }>) => void,
): { label: string; run: () => void }[] {
  const message = table && openTraceAt(table, row, column);
  return message ? [{ label, run: () => post(message) }] : [];
}
