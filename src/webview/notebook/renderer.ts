// The notebook renderer (dist/webview/notebook.js, an ES module VS Code loads into a notebook's
// outputs page): a cell's result drawn by the results panel's own code (table, chart, tabs, find,
// copy, export, status line, links to places in code), each output in a shadow root of its own so that its styles, ids and
// keys stay its own among the other outputs of the page; and a problem with its actions. Every
// value is set as text: nothing here is built from an HTML string.
import { fill } from '../../core/phrase';
import {
  NOTEBOOK_WORDS,
  PROBLEM_MIME,
  readOutputWords,
  readProblem,
  readResult,
  RESULT_MIME,
  resultView,
  rowsFollow,
  type NotebookWordKey,
  type RendererMessage,
} from '../../core/notebook/notebookOutput';
import { readChartAnnotations } from '../../core/run/chartAnnotations';
import { panelLocale, readPanelWords } from '../../core/run/panelWords';
import type { PanelMessage } from '../../core/run/resultsProtocol';
import { button, el } from '../shared/dom';
import { Panel } from '../shared/panel';
import { panelText, type PanelText } from '../shared/panelText';
import { timeSeriesColumns } from '../shared/timeSeries';
import { LinkedOutputs } from './linkedOutputs';

/** The styles of an output: uPlot's, the results panel's and the notebook's own (esbuild.mjs puts them in). */
declare const AXIOM_OUTPUT_CSS: string;

/** What VS Code hands a renderer (the parts used here; vscode-notebook-renderer's types). */
export interface OutputItem {
  readonly id: string;
  readonly mime: string;
  readonly metadata: unknown;
  json(): unknown;
}

export interface RendererContext {
  postMessage?(message: unknown): void;
  /** Messages from the extension (the controller's renderer messaging), when messaging is on. */
  onDidReceiveMessage?(listener: (message: unknown) => void): unknown;
}

/** The actions a problem may offer, each a word of the renderer. */
const ACTIONS = ['retry', 'setToken', 'openSettings', 'showLog'] as const satisfies readonly NotebookWordKey[];
type ActionWord = (typeof ACTIONS)[number];

const ROW_HEIGHT = 22;
/** Toolbar, tabs, header, status line: what an output needs besides its rows. */
const CHROME = 120;
const MIN_HEIGHT = 180;
const MAX_HEIGHT = 460;

function outputIdOf(metadata: unknown): string {
  const id = (metadata as { axiomOutputId?: unknown } | null | undefined)?.axiomOutputId;
  return typeof id === 'string' ? id : '';
}

let sheet: CSSStyleSheet | undefined;

/** The outputs' styles, parsed once and adopted by each output's shadow root (a constructed
 *  stylesheet: no <style> element, so it needs nothing of the page's Content Security Policy). */
function styles(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(AXIOM_OUTPUT_CSS);
  }
  return sheet;
}

/** A shadow root of its own in the output's element, with the styles in it. */
function shadowIn(element: HTMLElement): { root: HTMLElement; host: HTMLElement } {
  const host = document.createElement('div');
  host.className = 'axiom-output-host';
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.adoptedStyleSheets = [styles()];
  const root = document.createElement('main');
  root.id = 'results';
  root.className = 'axiom-output';
  shadow.append(root);
  element.replaceChildren(host);
  return { root, host };
}

export function renderResult(
  item: OutputItem,
  element: HTMLElement,
  post: (message: RendererMessage) => void,
): Panel | undefined {
  const result = readResult(item.json());
  const { root, host } = shadowIn(element);
  const words = readOutputWords(item.metadata);
  const text: PanelText = panelText(readPanelWords(words.panel), panelLocale(words.language));
  const notebook = words.notebook ?? NOTEBOOK_WORDS;
  if (!result) {
    root.append(el('div', 'notice', text.say('emptyNoTable')));
    return undefined;
  }
  const output = outputIdOf(item.metadata);
  const first = result.tables[0];
  const chartable = !!first && timeSeriesColumns(first) !== undefined;
  const rows = first ? Math.min(first.rowCount, 14) : 0;
  host.style.height = `${chartable ? MAX_HEIGHT : Math.max(MIN_HEIGHT, Math.min(MAX_HEIGHT, CHROME + (rows + 1) * ROW_HEIGHT))}px`;
  const relay = (message: PanelMessage) => {
    if (message.type === 'export') post({ type: 'export', output, format: message.format, table: message.table });
    else if (message.type === 'copy') post({ type: 'copy', text: message.text });
    else if (message.type === 'openInAxiom') post({ type: 'openInAxiom', output });
    else if (message.type === 'openAnnotationUrl' || message.type === 'addAnnotation')
      post({ type: 'annotation', output, request: message });
    else if (message.type === 'openCodePlace' || message.type === 'resolveCodePlace')
      post({ type: message.type, place: message.place });
    else if (message.type === 'openTrace')
      post({ type: 'openTrace', traceId: message.traceId, ...(message.seenAt && { seenAt: message.seenAt }) });
  };
  // Cells that name a place in code link to it, found only for the rows drawn (as in the panel).
  const panel = new Panel(root, relay, text, { runControls: false, keyScope: root, codeLinks: true });
  // The first rows of a result whose whole follows at once say nothing of rows left out.
  const following = rowsFollow(item.metadata);
  const view = resultView(
    result,
    (kept, total) => (following ? '' : fill(notebook.savedCut, [kept, total])),
    text.count,
  );
  panel.receive({ type: 'results', result: view });
  // The chart's annotations came with the output (its metadata, never the file's).
  const chart = readChartAnnotations((item.metadata as { axiomAnnotations?: unknown } | null)?.axiomAnnotations);
  if (chart) panel.receive({ type: 'annotations', runId: view.runId, chart });
  return panel;
}

export function renderProblem(item: OutputItem, element: HTMLElement, post: (message: RendererMessage) => void): void {
  const problem = readProblem(item.json());
  const { root } = shadowIn(element);
  root.classList.add('problem');
  const words = readOutputWords(item.metadata).notebook ?? NOTEBOOK_WORDS;
  const message = el('div', 'notice', problem?.message ?? '');
  message.setAttribute('role', 'alert');
  const actions = el('div', 'toolbar');
  actions.setAttribute('role', 'toolbar');
  actions.setAttribute('aria-label', words.actions);
  const output = outputIdOf(item.metadata);
  for (const action of problem?.actions ?? []) {
    if (ACTIONS.includes(action as ActionWord))
      actions.append(
        button(words[action as ActionWord], `action-${action}`, () => post({ type: 'action', output, action })),
      );
  }
  root.append(message, actions);
}

/** VS Code calls this once per page, then renderOutputItem for each output of our mime types. */
export function activate(context: RendererContext) {
  const post = (message: RendererMessage) => context.postMessage?.(message);
  const linked = new LinkedOutputs();
  context.onDidReceiveMessage?.((message) => linked.receive(message));
  return {
    renderOutputItem(item: OutputItem, element: HTMLElement): void {
      if (item.mime === RESULT_MIME) linked.set(item.id, renderResult(item, element, post));
      else if (item.mime === PROBLEM_MIME) renderProblem(item, element, post);
    },
    disposeOutputItem(id?: string): void {
      // Each output's page parts go with its element.
      linked.delete(id);
    },
  };
}
