// The dashboard preview's page (dist/webview/dashboard.js): the dashboard's name, the time range
// picker, and its charts on the 12-column grid of its layout, each a Tile. It says it is ready, then
// reads each message from the extension through readPreviewHostMessage and drops whatever that
// rejects. Everything from the document and the data is set as text.
import 'uplot/dist/uPlot.min.css';
import '../shared/panel.css';
import './dashboard.css';
import { parsePreviewWords, readPreviewHostMessage } from '../../core/dashboards/previewPageMessages';
import type { PreviewHostMessage, PreviewPageMessage } from '../../core/dashboards/previewProtocol';
import { GRID_COLUMNS } from '../../core/dashboards/previewLayout';
import { panelLocale, parsePanelWords } from '../../core/run/panelWords';
import { ContextMenu } from '../shared/contextMenu';
import { el, liveStatus, show } from '../shared/dom';
import { panelText } from '../shared/panelText';
import { startPage } from '../shared/page';
import { pageWords } from '../shared/pageWords';
import { Tile, type TileContext } from './tile';

const page = startPage<PreviewPageMessage>('dashboard');
const root = page.root;
const { words, say } = pageWords(page.words, parsePreviewWords);
const menu = new ContextMenu();
const context: TileContext = {
  words,
  say,
  // The charts' times in the zone the results panel shows them in (axiom.timeZone).
  panel: panelText(pageWords(page.words, parsePanelWords).words, panelLocale(page.language), page.timeZone),
  menu,
  copy: (text) => page.post({ type: 'copy', text }),
  annotate: (id, request) => page.post({ type: 'annotation', id, request }),
};

const header = el('header', 'dashboard-header');
const title = el('h1', 'dashboard-title');
const picker = el('select', 'dashboard-range');
picker.setAttribute('aria-label', words.rangePicker);
picker.addEventListener('change', () => page.post({ type: 'range', id: picker.value }));
header.append(title, picker);
const notice = liveStatus('div', 'notice');
const empty = el('p', 'dashboard-empty', words.empty);
const board = el('div', 'dashboard-grid');
board.style.gridTemplateColumns = `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`;
root.classList.add('dashboard');
root.append(header, notice, empty, board, menu.element);
show(notice, false);
show(empty, false);

const tiles = new Map<string, Tile>();

function receive(message: PreviewHostMessage): void {
  switch (message.type) {
    case 'dashboard': {
      title.textContent = message.name;
      picker.replaceChildren(
        ...message.ranges.map((r) => {
          const option = el('option', undefined, r.label);
          option.value = r.id;
          return option;
        }),
      );
      picker.value = message.range;
      const kept = new Set<string>();
      const order = message.tiles.map((t) => {
        kept.add(t.id);
        let tile = tiles.get(t.id);
        if (tile) tile.place(t);
        else tiles.set(t.id, (tile = new Tile(t, context)));
        return tile.element;
      });
      for (const id of [...tiles.keys()]) if (!kept.has(id)) tiles.delete(id);
      board.replaceChildren(...order);
      show(empty, message.tiles.length === 0);
      show(notice, false);
      return;
    }
    case 'problem':
      notice.textContent = message.problem === 'json' ? words.notJson : message.problem ? words.notDashboard : '';
      show(notice, message.problem !== '');
      return;
    case 'running':
      tiles.get(message.id)?.running(message.runId);
      return;
    case 'failed':
      tiles.get(message.id)?.failed(message.runId, message.message);
      return;
    case 'result':
      tiles.get(message.id)?.show(message.runId, message.result);
      return;
    case 'annotations':
      tiles.get(message.id)?.annotate(message.runId, message.chart);
      return;
  }
}

window.addEventListener('message', (event: MessageEvent) => {
  const message = readPreviewHostMessage(event.data);
  if (message) receive(message);
});
page.post({ type: 'ready' });
