// Run in a child Node process by test/unit/network.test.ts: loads monitors from the URL given
// with the extension's client and prints the outcome as JSON. NODE_EXTRA_CA_CERTS is read by
// Node only at start-up, which is why this needs a process of its own.
import { createDispatcher } from '../../src/core/api/undiciTransport';
import { AxiomError } from '../../src/core/api/errors';
import { CapturedLog, testClient } from './testClient';

const [url, token] = process.argv.slice(2);
const dispatcher = createDispatcher();
try {
  const { monitors } = await testClient(url, dispatcher, new CapturedLog(), { token }).listMonitors();
  console.log(JSON.stringify({ ok: true, count: monitors.length }));
} catch (e) {
  console.log(JSON.stringify(e instanceof AxiomError ? { ok: false, kind: e.kind, code: e.code, message: e.message } : { ok: false, message: String(e) }));
} finally {
  await dispatcher.close();
}
