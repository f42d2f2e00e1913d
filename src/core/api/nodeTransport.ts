// The transport inside VS Code: Node's http and https modules, which VS Code patches in the
// extension host (@vscode/proxy-agent) so that a request takes the proxy VS Code resolves for it
// (`http.proxy`, the environment, `http.noProxy`, and the operating system's settings or PAC file,
// with proxy authentication) and trusts the certificates VS Code adds (`http.systemCertificates`:
// the operating system's store) beside Node's roots and NODE_EXTRA_CA_CERTS. Outside VS Code the
// same code connects directly, with Node's roots and NODE_EXTRA_CA_CERTS.
//
// Connections are kept alive by Node's global agent where VS Code connects directly: each request
// says `Connection: keep-alive` itself, since VS Code's patch hands every request an agent of its
// own that does not keep connections (Node then sends `Connection: close`, and every request, two
// per expanded dataset, opened a connection, a TLS handshake each against the service); its direct
// route passes the request on to the global agent, which keeps the socket when the request asked
// for that. Through a proxy, VS Code opens a tunnel per request and closes it after the answer.
// Redirects are never followed (Node does not).
import http from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import { phrase } from '../phrase';
import { bareHostname } from './baseUrl';
import { AxiomError } from './errors';
import { describeProxy } from './proxy';
import { errorCode } from './transportErrors';
import {
  deadlinePassed,
  declaresTooMuch,
  decodeText,
  MAX_BODY_BYTES,
  readTls,
  requestCancelled,
  tooLarge,
  type Probe,
  type Transport,
  type TransportResponse,
} from './transport';

export interface NodeTransportOptions {
  /** False only when the person turned `http.proxyStrictSSL` off: then any certificate is accepted. */
  strictSSL?: boolean;
}

/** What VS Code's agent tells a request once it has chosen: the proxy as its resolver writes it
 *  (`DIRECT`, `PROXY host:port`, `HTTPS host:port`, `SOCKS host:port`), and the error when
 *  connecting to it failed. Plain Node sends no such event: the request went directly. */
interface ProxyEvent {
  proxy?: unknown;
  error?: unknown;
}

export function nodeTransport({ strictSSL = true }: NodeTransportOptions = {}): Transport {
  return {
    send({ method, url, headers, body, signal, timeoutMs }) {
      return new Promise<TransportResponse>((resolve, reject) => {
        if (signal?.aborted) {
          reject(requestCancelled());
          return;
        }
        const target = new URL(url);
        const secure = target.protocol === 'https:';
        const sized =
          body === undefined
            ? { ...headers, connection: 'keep-alive' }
            : { ...headers, connection: 'keep-alive', 'content-length': String(Buffer.byteLength(body)) };
        const outgoing = (secure ? https : http).request(target, {
          method,
          headers: sized,
          ...(secure ? { rejectUnauthorized: strictSSL } : {}),
        });
        // The deadline and the caller's cancel end the request, and the reading of its body, until
        // the request closes (after its body is read). Not a signal handed to Node's request: with
        // the AbortController one would need, that cost a star's round trip a twentieth.
        let passed = false;
        const deadline = setTimeout(() => {
          passed = true;
          outgoing.destroy(deadlinePassed());
        }, timeoutMs);
        const cancel = () => outgoing.destroy(requestCancelled());
        signal?.addEventListener('abort', cancel, { once: true });
        outgoing.once('close', () => {
          clearTimeout(deadline);
          signal?.removeEventListener('abort', cancel);
        });
        // Past the deadline, whatever ended the request or its body says so.
        const failure = <E>(e: E): E | Error => (passed ? deadlinePassed() : e);
        let proxyFailure: AxiomError | undefined;
        outgoing.on('proxy', (event: ProxyEvent) => {
          const proxy = proxyUrl(event.proxy);
          if (!proxy) return;
          if (event.error) {
            const code = errorCode(event.error);
            proxyFailure = new AxiomError(
              'network',
              phrase(
                'Could not connect through the proxy {0} ({1}), which VS Code chose for {2}.',
                describeProxy(proxy),
                code ?? String(event.error), // eslint-disable-line @typescript-eslint/no-base-to-string -- what the proxy agent gave, without a code: its text is all there is
                target.host,
              ),
              { code },
            );
          } else if (!secure) {
            // Plain http is allowed only to this machine, and VS Code sends 127.0.0.1 and localhost
            // directly; another loopback name may still get a proxy, which would read the token.
            outgoing.destroy(
              new AxiomError(
                'config',
                phrase(
                  'VS Code’s proxy settings send {0} through the proxy {1}, which would see the token: plain http goes only directly to this machine. Add {2} to http.noProxy, or use https.',
                  target.host,
                  describeProxy(proxy),
                  bareHostname(target),
                ),
                { setting: 'http.noProxy' },
              ),
            );
          }
        });
        outgoing.on('response', (incoming) => {
          // Errors after this are the body's, reported by its reader.
          incoming.on('error', () => undefined);
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text: () =>
              readText(incoming).catch((e: unknown) => {
                throw failure(e);
              }),
          });
        });
        outgoing.on('error', (e) => reject(failure(proxyFailure ?? e)));
        outgoing.end(body);
      });
    },
    probe(origin, signal) {
      return new Promise<Probe>((resolve) => {
        const target = new URL('/', origin);
        const secure = target.protocol === 'https:';
        let proxy: string | undefined;
        let failedAtProxy = false;
        let proxyError: unknown;
        // The certificate is read even when it is not trusted: the TLS step says why.
        const outgoing = (secure ? https : http).request(target, {
          method: 'HEAD',
          signal,
          ...(secure ? { rejectUnauthorized: false } : {}),
        });
        outgoing.on('proxy', (event: ProxyEvent) => {
          proxy = proxyUrl(event.proxy);
          if (event.error) {
            failedAtProxy = true;
            proxyError = event.error;
          }
        });
        outgoing.on('response', (incoming) => {
          const socket = incoming.socket as TLSSocket | null;
          const tls = secure && socket && typeof socket.getPeerCertificate === 'function' ? readTls(socket) : undefined;
          incoming.resume();
          outgoing.destroy();
          resolve({ proxy, tls });
        });
        outgoing.on('error', (failure) => resolve({ proxy, failure: proxyError ?? failure, failedAtProxy }));
        outgoing.end();
      });
    },
    close: async () => undefined,
  };
}

/** `PROXY host:port` → `http://host:port`; `DIRECT` and anything unknown → undefined. */
export function proxyUrl(resolved: unknown): string | undefined {
  const match = typeof resolved === 'string' ? /^\s*(PROXY|HTTPS?|SOCKS[45]?)\s+(\S+)/i.exec(resolved) : null;
  if (!match) return undefined;
  const type = match[1].toUpperCase();
  const scheme =
    type === 'HTTPS' ? 'https' : type === 'SOCKS4' ? 'socks4' : type.startsWith('SOCKS') ? 'socks' : 'http';
  return `${scheme}://${match[2]}`;
}

/**
 * The body as text, never more than MAX_BODY_BYTES of it: a larger declared length is refused
 * before reading, and a body without one is cut off once it passes the limit. Read through the
 * stream's events, chunk by chunk as they come: its async iterator joins the chunks waiting at each
 * step into a new buffer first, a copy of most of a large body on the way.
 */
function readText(incoming: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    if (declaresTooMuch(incoming.headers)) {
      incoming.destroy();
      reject(tooLarge());
      return;
    }
    // Ended before it was read (the request's signal, a lost connection): no event comes again.
    if (incoming.destroyed) {
      reject(incoming.errored ?? closedEarly());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(tooLarge());
        incoming.destroy();
        return;
      }
      chunks.push(chunk);
    });
    incoming.on('end', () => resolve(decodeText(Buffer.concat(chunks, size))));
    // The request's error (its signal aborted, the connection lost) reaches the stream as this; a
    // stream closed before its end without one is a connection closed too early all the same.
    incoming.on('error', reject);
    incoming.on('close', () => {
      if (!incoming.complete) reject(closedEarly());
    });
  });
}

function closedEarly(): Error {
  return Object.assign(new Error('the connection closed before the body ended'), { code: 'ECONNRESET' });
}
