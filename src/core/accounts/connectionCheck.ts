// Axiom: Test Connection, step by step: the URL, the proxy, DNS, TCP, TLS, the token, the
// right to list monitors, the edge set for the deployment and each edge deployment the datasets are on. Stops at the first step that fails and says what to do about it. The
// proxy and the certificate are the transport's (a request without a token, `probe`): inside VS
// Code, the proxy VS Code chose and the certificates it trusts, named with where they came from.
import dns from 'node:dns/promises';
import net from 'node:net';
import type { AxiomClient } from '../api/client';
import { bareHostname, portOf, requireEndpoint, type ApiEndpoint } from '../api/baseUrl';
import { AxiomError, cancelledError, isAxiomError } from '../api/errors';
import { nameProxy, type ProxySettings } from '../api/proxy';
import { requestAbort, type Probe, type Transport } from '../api/transport';
import { TRUST_SOURCE_NAMES, trustSource } from '../api/trustSource';
import { errorCode, isCertificateError, networkMessage, timeoutMessage } from '../api/transportErrors';
import { STEP_NAMES, type CheckStep, type StepOutcome } from './connectionSteps';
import { adviceFor, reasonFor } from '../api/errorAdvice';
import { phrase, type Phrase } from '../phrase';

export interface CheckInput {
  /** The `axiom.url` setting. */
  url: string;
  /** How requests go; its probe tells the proxy and the certificate. */
  transport: Transport;
  /** The proxy settings, to say why the proxy (or none) was taken. */
  proxySettings: ProxySettings & { off?: boolean };
  strictSSL: boolean;
  timeoutMs: number;
  /** The client for the current token, or undefined when none is set. */
  client: () => Promise<AxiomClient | undefined>;
  signal?: AbortSignal;
}

/** Runs the steps in order; the last outcome is the failure, if any. `onStep` hears each as it ends. */
export async function checkConnection(
  input: CheckInput,
  onStep: (outcome: StepOutcome) => void = () => undefined,
): Promise<StepOutcome[]> {
  const outcomes: StepOutcome[] = [];
  let endpoint: ApiEndpoint | undefined;
  // The API's origin as a URL, for the host name and port the network steps use.
  let origin: URL | undefined;
  // What the transport's request without a token found (the proxy step makes it).
  let probe: Probe | undefined;
  const run = async (step: CheckStep, body: () => Promise<Phrase | string | { skipped: Phrase }>): Promise<boolean> => {
    const started = performance.now();
    let outcome: StepOutcome;
    try {
      if (input.signal?.aborted) throw cancelledError('test');
      const result = await body();
      outcome =
        typeof result === 'object' && 'skipped' in result
          ? { step, status: 'skipped', detail: result.skipped, actions: [], ms: 0 }
          : { step, status: 'ok', detail: result, actions: [], ms: 0 };
    } catch (e) {
      outcome = failure(step, e);
    }
    outcome.ms = Math.round(performance.now() - started);
    outcomes.push(outcome);
    onStep(outcome);
    return outcome.status !== 'failed';
  };
  const timeouts = { timeoutMs: input.timeoutMs, signal: input.signal };

  const steps: [CheckStep, () => Promise<Phrase | string | { skipped: Phrase }>][] = [
    [
      'url',
      async () => {
        endpoint = requireEndpoint(input.url);
        origin = new URL(endpoint.origin);
        return endpoint.base;
      },
    ],
    [
      'proxy',
      async () => {
        const deadline = requestAbort(input.signal, input.timeoutMs);
        try {
          probe = await input.transport.probe(endpoint!.origin, deadline.signal);
        } finally {
          deadline.dispose();
        }
        if (input.signal?.aborted) throw cancelledError('test');
        if (deadline.timedOut && probe.failure !== undefined)
          throw new AxiomError('timeout', timeoutMessage(endpoint!.host, input.timeoutMs));
        const named = nameProxy(probe.proxy, origin!, input.proxySettings);
        if (probe.failedAtProxy) throw asNetworkError(probe.failure, endpoint!.host);
        if (!probe.proxy) return { skipped: named };
        return phrase('{0}: it reaches {1} for us, so the next three steps are its to do', named, endpoint!.host);
      },
    ],
    [
      'dns',
      async () => {
        if (probe?.proxy) return { skipped: phrase('done by the proxy') };
        const { hostname } = origin!;
        if (net.isIP(bareHostname(origin!))) return { skipped: phrase('{0} is an address', hostname) };
        const addresses = await withTimeout(dns.lookup(hostname, { all: true }), timeouts, endpoint!.host);
        return phrase('{0} is {1}', hostname, addresses.map((a) => a.address).join(', '));
      },
    ],
    [
      'tcp',
      async () => {
        if (probe?.proxy) return { skipped: phrase('done by the proxy') };
        await reach(bareHostname(origin!), portOf(origin!), timeouts, endpoint!.host);
        return phrase('{0} accepts connections', endpoint!.host);
      },
    ],
    [
      'tls',
      async () => {
        if (!endpoint!.secure) return { skipped: phrase('plain http, allowed only to this machine') };
        const tls = probe?.tls;
        if (!tls) {
          if (probe?.failure !== undefined) throw asNetworkError(probe.failure, endpoint!.host);
          return { skipped: phrase('checked through the proxy with the next step') };
        }
        if (!tls.authorized && input.strictSSL)
          throw new AxiomError('network', networkMessage(tls.error, endpoint!.host), { code: tls.error });
        if (!tls.authorized) return phrase('{0}, certificate not checked (http.proxyStrictSSL is off)', tls.protocol);
        const issuer = tls.chain[tls.chain.length - 1]?.name ?? '?';
        return phrase(
          '{0}, certificate trusted: issued by {1}, from {2}',
          tls.protocol,
          issuer,
          TRUST_SOURCE_NAMES[trustSource(tls.chain)],
        );
      },
    ],
    [
      'auth',
      async () => {
        const client = await input.client();
        if (!client) throw new NoTokenError();
        try {
          const user = await client.getCurrentUser(input.signal);
          return phrase('the token acts as {0}', user.name ?? user.id);
        } catch (e) {
          // An API token may be refused the user record for lack of that capability: it was still accepted.
          if (isAxiomError(e) && e.kind === 'forbidden' && /does not have access/i.test(e.serviceMessage ?? ''))
            return phrase('the API token was accepted');
          throw e;
        }
      },
    ],
    [
      'monitors',
      async () => {
        const client = await input.client();
        const { monitors } = await client!.listMonitors(input.signal);
        if (!monitors.length)
          return phrase('the list is empty: the API lists only monitors on datasets this token may query');
        return monitors.length === 1 ? phrase('1 monitor visible') : phrase('{0} monitors visible', monitors.length);
      },
    ],
    [
      'edges',
      async () => {
        // The edge set for the deployment, and each edge other than the default that holds
        // datasets: a query that reads nothing, with this token.
        const client = await input.client();
        const edges = await client!.edgesInUse(input.signal);
        if (!edges.length) return { skipped: phrase('no dataset is stored on an edge of its own') };
        for (const edge of edges) await client!.checkEdge(edge.url, input.signal);
        const set = edges.find((e) => e.configured);
        const others = edges.filter((e) => !e.configured).map((e) => `${e.name} (${new URL(e.url).host})`);
        if (set && others.length)
          return phrase(
            'the edge set for the deployment ({0}) and {1} answer queries with this token',
            new URL(set.url).host,
            others.join(', '),
          );
        if (set)
          return phrase('the edge set for the deployment ({0}) answers queries with this token', new URL(set.url).host);
        return phrase('{0} answer queries with this token', others.join(', '));
      },
    ],
  ];
  for (const [step, body] of steps) {
    if (!(await run(step, body))) break;
  }
  return outcomes;
}

class NoTokenError extends Error {}

/** A failure in words. Network failures seen by a later step are put where they belong (TLS, proxy). */
function failure(step: CheckStep, e: unknown): StepOutcome {
  if (e instanceof NoTokenError)
    return { step, status: 'failed', detail: phrase('no API token is set.'), actions: ['setToken'], ms: 0 };
  let where = step;
  if (isAxiomError(e) && e.kind === 'network' && (step === 'auth' || step === 'monitors'))
    where = isCertificateError(e.code) ? 'tls' : 'proxy';
  if (isAxiomError(e) && e.kind === 'forbidden' && step === 'monitors') {
    return {
      step,
      status: 'failed',
      detail: phrase(
        'the token may not list monitors (403). Give it the monitors: read capability, or set another token.',
      ),
      actions: ['retry', 'setToken', 'showLog'],
      ms: 0,
    };
  }
  return {
    step: where,
    status: 'failed',
    detail: reasonFor(e),
    actions: adviceFor(e, STEP_NAMES[where]).actions,
    ms: 0,
  };
}

interface Limits {
  timeoutMs: number;
  signal?: AbortSignal;
}

function withTimeout<T>(work: Promise<T>, { timeoutMs, signal }: Limits, host: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new AxiomError('timeout', timeoutMessage(host, timeoutMs))), timeoutMs);
    const onAbort = () => reject(cancelledError('test'));
    signal?.addEventListener('abort', onAbort, { once: true });
    work
      .then(resolve, (e: unknown) =>
        reject(new AxiomError('network', networkMessage(errorCode(e), host), { code: errorCode(e) })),
      )
      .finally(() => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      });
  });
}

/** Opens a TCP connection and closes it again. */
function reach(host: string, portNumber: number, limits: Limits, label: string): Promise<void> {
  let socket: net.Socket | undefined;
  const connected = new Promise<void>((resolve, reject) => {
    socket = net.connect({ host, port: portNumber }, () => resolve());
    socket.once('error', reject);
  });
  return withTimeout(connected, limits, label).finally(() => socket?.destroy());
}

/** A failure of the transport's probe in words, with its code. */
function asNetworkError(e: unknown, host: string): AxiomError {
  if (isAxiomError(e)) return e;
  const code = errorCode(e);
  return new AxiomError('network', networkMessage(code, host), { code });
}
