// The transport outside VS Code: undici with explicit agents, as the unit tests and benchmarks
// build it. Certificates are Node's roots plus NODE_EXTRA_CA_CERTS (read by Node at start-up);
// the proxy is the one given (see proxy.ts's chooseProxy), reached through a CONNECT tunnel.
import net from 'node:net';
import tls from 'node:tls';
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import { AxiomError } from './errors';
import { bareHostname, portOf } from './baseUrl';
import { parseProxy } from './proxy';
import { errorCode, isCertificateError } from './transportErrors';
import {
  deadlinePassed,
  declaresTooMuch,
  decodeText,
  MAX_BODY_BYTES,
  readTls,
  requestAbort,
  tooLarge,
  type ProbeTls,
  type Transport,
} from './transport';

export interface DispatcherOptions {
  /** An http(s) proxy URL, chosen by `chooseProxy`; absent = connect directly. */
  proxy?: string;
  /** False only when the person turned `http.proxyStrictSSL` off: then any certificate is accepted. */
  strictSSL?: boolean;
}

/** A keep-alive pool per origin. Bodies are cut off past MAX_BODY_BYTES as they arrive, whether
 *  or not their length was declared. */
export function createDispatcher({ proxy, strictSSL = true }: DispatcherOptions = {}): Dispatcher {
  const check = proxy ? parseProxy(proxy) : undefined;
  if (check && !check.ok) throw new AxiomError('config', check.problem, { setting: 'http.proxy' });
  const tlsOptions = { rejectUnauthorized: strictSSL };
  const pool = { keepAliveTimeout: 30_000, connections: 8, maxResponseSize: MAX_BODY_BYTES };
  return proxy
    ? new ProxyAgent({ ...pool, uri: proxy, requestTls: tlsOptions, proxyTls: tlsOptions })
    : new Agent({ ...pool, connect: tlsOptions });
}

/** Requests through `dispatcher` (made by createDispatcher with the same `proxy`, which the
 *  probe names). Closing the transport closes the dispatcher. */
export function undiciTransport(dispatcher: Dispatcher, { proxy }: Pick<DispatcherOptions, 'proxy'> = {}): Transport {
  return {
    async send({ method, url, headers, body, signal, timeoutMs }) {
      // Let go of once the body is read, or the request failed.
      const abort = requestAbort(signal, timeoutMs);
      const failed = (e: unknown): never => {
        abort.dispose();
        throw abort.timedOut ? deadlinePassed() : e;
      };
      const response = await request(url, {
        method: method as Dispatcher.HttpMethod,
        headers,
        body,
        dispatcher,
        signal: abort.signal,
        // The request's own deadline is the only one: undici's 300 s defaults would cut a query
        // off before a longer timeout chosen by the client, as a network error.
        headersTimeout: 0,
        bodyTimeout: 0,
      }).catch(failed);
      return {
        status: response.statusCode,
        headers: response.headers,
        text: () =>
          readText(response).then((text) => {
            abort.dispose();
            return text;
          }, failed),
      };
    },
    async probe(origin, signal) {
      const url = new URL(origin);
      try {
        if (proxy) {
          // Through the tunnel, TLS is checked with the requests that follow.
          const response = await request(origin, { method: 'HEAD', dispatcher, signal });
          await response.body.dump();
          return { proxy };
        }
        return url.protocol === 'https:' ? { tls: await handshake(url, signal) } : {};
      } catch (failure) {
        return {
          proxy,
          failure,
          failedAtProxy: proxy !== undefined && !signal.aborted && !isCertificateError(errorCode(failure)),
        };
      }
    },
    close: () => dispatcher.close(),
  };
}

/**
 * The body as text, never more than MAX_BODY_BYTES of it: a larger declared length is refused
 * before reading, and the dispatcher cuts off a body without one (most large lists come chunked)
 * once it passes the limit. Read whole by undici rather than chunk by chunk here: for a chunked
 * list of 10,000 monitors that took 2–4 ms less (parsing the same list takes about 15).
 */
async function readText(response: Dispatcher.ResponseData): Promise<string> {
  const { body } = response;
  if (declaresTooMuch(response.headers)) {
    // Dropped unread: the abort that undici then reports on it is expected, and nobody else listens.
    body.on('error', () => undefined).destroy();
    throw tooLarge();
  }
  let bytes: Uint8Array;
  try {
    bytes = await body.bytes();
  } catch (e) {
    throw errorCode(e) === 'UND_ERR_RES_EXCEEDED_MAX_SIZE' ? tooLarge() : e;
  }
  return decodeText(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** A TLS handshake with the API host, with the certificates undici checks with; the certificate
 *  is read whether or not it is trusted. */
function handshake(origin: URL, signal: AbortSignal): Promise<ProbeTls> {
  const host = bareHostname(origin);
  return new Promise<ProbeTls>((resolve, reject) => {
    const socket = tls.connect(
      { host, port: portOf(origin), servername: net.isIP(host) ? undefined : host, rejectUnauthorized: false },
      () => {
        resolve(readTls(socket));
        socket.destroy();
      },
    );
    const stop = () => socket.destroy(new Error('cancelled'));
    signal.addEventListener('abort', stop, { once: true });
    socket.once('error', reject);
    socket.once('close', () => signal.removeEventListener('abort', stop));
  });
}
