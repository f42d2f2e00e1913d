// Run in a child Node process by test/unit/api/network.test.ts: loads monitors from the URL given
// with the extension's client, over undici or (`node`) the transport the extension ships, then
// runs Test Connection, and prints the outcome and its TLS step's words as JSON.
// NODE_EXTRA_CA_CERTS is read by Node only at start-up, which is why this needs a process of its own.
import { checkConnection } from '../../src/core/accounts/connectionCheck';
import { AxiomError } from '../../src/core/api/errors';
import { nodeTransport } from '../../src/core/api/nodeTransport';
import { render } from '../../src/core/phrase';
import { createDispatcher, undiciTransport } from '../../src/core/api/undiciTransport';
import { CapturedLog, testClient } from './testClient';

const [url, token, kind] = process.argv.slice(2);
if (kind === 'node') process.env.AXIOM_TEST_TRANSPORT = 'node';
const dispatcher = createDispatcher();
const transport = kind === 'node' ? nodeTransport() : undiciTransport(dispatcher);
const client = async () => testClient(url, dispatcher, new CapturedLog(), { token });
try {
  const outcomes = await checkConnection({
    url,
    transport,
    proxySettings: { proxy: '', noProxy: [] },
    strictSSL: true,
    timeoutMs: 5000,
    client,
  });
  const tls = outcomes.find((o) => o.step === 'tls');
  const said = tls ? `${tls.status}: ${render(tls.detail)}` : undefined;
  try {
    const { monitors } = await (await client()).listMonitors();
    console.log(JSON.stringify({ ok: true, count: monitors.length, tls: said }));
  } catch (e) {
    console.log(
      JSON.stringify(
        e instanceof AxiomError
          ? { ok: false, kind: e.kind, code: e.code, message: e.message, tls: said }
          : { ok: false, message: String(e), tls: said },
      ),
    );
  }
} finally {
  await dispatcher.close();
}
