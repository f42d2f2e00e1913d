// The results panel's script (dist/webview/results.js): reads its words and language from the page
// (data-words, data-language on its main element, #results; English for anything missing or odd)
// and the time zone times show in (data-time-zone: utc, else local), says it is ready, then reads each message from the extension through readHostMessage and drops whatever
// that rejects. What the extension asks it to remember is kept for VS Code to give back after a
// reload.
import 'uplot/dist/uPlot.min.css';
import '../shared/panel.css';
import { panelLocale, parsePanelWords } from '../../core/run/panelWords';
import { readHostMessage, type PanelMessage, type PanelState } from '../../core/run/resultsProtocol';
import { Panel } from '../shared/panel';
import { panelText } from '../shared/panelText';
import { startPage } from '../shared/page';
import { pageWords } from '../shared/pageWords';

const page = startPage<PanelMessage, PanelState>('results');
const text = panelText(pageWords(page.words, parsePanelWords).words, panelLocale(page.language), page.timeZone);
const panel = new Panel(page.root, page.post, text, { codeLinks: true });
window.addEventListener('message', (event: MessageEvent) => {
  const message = readHostMessage(event.data);
  if (message?.type === 'remember') page.remember(message.state);
  else if (message) panel.receive(message);
});
page.post({ type: 'ready' });
