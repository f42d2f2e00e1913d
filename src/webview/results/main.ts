// The results panel's script (dist/webview/results.js): reads its words and language from the page
// (data-words, data-language on the main element; English for anything missing or odd), says it
// is ready, then reads each message from the extension through readHostMessage and drops whatever
// that rejects. What the extension asks it to remember is kept for VS Code to give back after a
// reload.
import 'uplot/dist/uPlot.min.css';
import './results.css';
import { panelLocale, parsePanelWords } from '../../core/run/panelWords';
import { readHostMessage } from '../../core/run/resultsProtocol';
import { Panel } from './panel';
import { panelText } from './panelText';
import { connect, remember } from './vscodeApi';

const post = connect();
const root = document.getElementById('results') ?? document.body;
const text = panelText(parsePanelWords(root.dataset.words), panelLocale(root.dataset.language));
const panel = new Panel(root, post, text);
window.addEventListener('message', (event: MessageEvent) => {
  const message = readHostMessage(event.data);
  if (message?.type === 'remember') remember(message.state);
  else if (message) panel.receive(message);
});
post({ type: 'ready' });
