// The results panel's script (dist/webview/results.js): says it is ready, then reads each message
// from the extension through readHostMessage and drops whatever that rejects.
import 'uplot/dist/uPlot.min.css';
import './results.css';
import { readHostMessage } from '../../core/run/resultsProtocol';
import { Panel } from './panel';
import { connect } from './vscodeApi';

const post = connect();
const root = document.getElementById('results') ?? document.body;
const panel = new Panel(root, post);
window.addEventListener('message', (event: MessageEvent) => {
  const message = readHostMessage(event.data);
  if (message) panel.receive(message);
});
post({ type: 'ready' });
