// The loopback listener a browser sign-in returns to: `http://localhost:<port>/callback`, open only
// while one sign-in waits. It takes the first answer to that path that carries this sign-in's
// `state`, then closes, as it does on cancel and at the time limit. Anything else (another path or
// method, a wrong or missing state, a request line that is not even an address) is answered 400
// and the sign-in goes on waiting: any program on this machine can reach the port, and none of
// them can end the sign-in. Every answer closes its connection. The page the browser shows says in
// plain words to return to VS Code; nothing from the address is written into it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { phrase } from '../phrase';
import { AxiomError, cancelledError, isAxiomError } from '../api/errors';

export const CALLBACK_PATH = '/callback';

/** How long a connection may take to send its request before the listener closes it. */
const REQUEST_TIME_LIMIT_MS = 10_000;

/** The words of the page the browser shows when it comes back, as the person's language has them. */
export interface CallbackPages {
  title: string;
  success: string;
  failure: string;
}

export interface CallbackOptions {
  state: string;
  timeoutMs: number;
  pages: CallbackPages;
  signal?: AbortSignal;
  /** The port to try first (the one a client was registered with); another when it is taken. */
  port?: number;
}

export interface CallbackListener {
  readonly port: number;
  /** `http://localhost:<port>/callback`, the address registered with the server. */
  readonly redirectUri: string;
  /** The authorization code, or an AxiomError: `cancelled`, `timeout`, or `auth` with code
   *  `access_denied` (the person said no), `no_code`, or the server's error code. */
  readonly code: Promise<string>;
  /** Finishes the sign-in with the address the browser ended on, pasted by the person where the
   *  browser cannot reach this machine; a problem when it is not such an address or carries
   *  another sign-in's state (nothing ends). */
  complete(address: string): AxiomError | undefined;
  /** Closes the listener (also done when the sign-in ends); resolves once both sockets are closed. */
  close(): Promise<void>;
}

/** What an answer to the redirect means: the code, or why there is none. */
export function readCallback(params: URLSearchParams, state: string): { code: string } | AxiomError {
  if (params.get('state') !== state) {
    return new AxiomError(
      'auth',
      phrase(
        'The answer from the browser does not belong to this sign-in (its state is not the one sent), so it was not used.',
      ),
      { code: 'state_mismatch' },
    );
  }
  const error = params.get('error');
  if (error === 'access_denied')
    return new AxiomError('auth', phrase('Sign-in was declined in the browser.'), { code: 'access_denied' });
  if (error) return new AxiomError('auth', phrase('The sign-in server ended the sign-in: {0}', error), { code: error });
  const code = params.get('code');
  if (!code)
    return new AxiomError('auth', phrase('The answer from the browser carries no authorization code.'), {
      code: 'no_code',
    });
  return { code };
}

function page(title: string, text: string): string {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(title)}</title></head><body style="font-family:system-ui,sans-serif;margin:4em auto;max-width:36em;line-height:1.5"><h1 style="font-size:1.4em">${escape(title)}</h1><p>${escape(text)}</p></body></html>`;
}

const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** Opens the listener on 127.0.0.1 and, where the machine has it, ::1, on the same port (a
 *  browser may resolve `localhost` to either). */
export async function listenForCallback(options: CallbackOptions): Promise<CallbackListener> {
  if (options.signal?.aborted) throw cancelledError();
  let settle!: { resolve: (code: string) => void; reject: (error: AxiomError) => void };
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  code.catch(() => undefined); // the caller reads it; an early failure is not unhandled meanwhile
  let done = false;
  const servers: http.Server[] = [];

  const finish = (outcome: { code: string } | AxiomError) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    if (isAxiomError(outcome)) settle.reject(outcome);
    else settle.resolve(outcome.code);
    void closeAll();
  };
  const answer = (res: http.ServerResponse, status: number, text: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', connection: 'close', ...SECURITY_HEADERS });
    return new Promise<void>((resolve) => res.end(page(options.pages.title, text), () => resolve()));
  };
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let outcome: { code: string } | AxiomError | undefined;
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (!done && req.method === 'GET' && url.pathname === CALLBACK_PATH) {
        const read = readCallback(url.searchParams, options.state);
        if (!(isAxiomError(read) && read.code === 'state_mismatch')) outcome = read;
      }
    } catch {
      // not an address at all: answered as any other request that is not this sign-in's
    }
    if (!outcome) {
      void answer(res, 400, options.pages.failure);
      return;
    }
    const settled = outcome;
    void answer(
      res,
      isAxiomError(settled) ? 400 : 200,
      isAxiomError(settled) ? options.pages.failure : options.pages.success,
    ).then(() => finish(settled));
  };

  const closeAll = () =>
    Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      ),
    ).then(() => undefined);

  const port = await bindBoth(servers, handler, options.port);
  const onAbort = () => finish(cancelledError());
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(
    () =>
      finish(
        new AxiomError(
          'timeout',
          phrase('No answer came from the browser within {0} minutes.', Math.round(options.timeoutMs / 60_000) || 1),
        ),
      ),
    options.timeoutMs,
  );
  const closed = code.then(
    () => undefined,
    () => undefined,
  );
  return {
    port,
    redirectUri: `http://localhost:${port}${CALLBACK_PATH}`,
    code,
    complete(address: string) {
      let url: URL;
      try {
        url = new URL(address.trim());
      } catch {
        return new AxiomError(
          'badRequest',
          phrase('That is not a web address. Paste the whole address from the browser’s address bar.'),
        );
      }
      if (!url.searchParams.has('state'))
        return new AxiomError(
          'badRequest',
          phrase('That address carries no sign-in answer. Paste the address the browser ended on after you approved.'),
        );
      const outcome = readCallback(url.searchParams, options.state);
      // Another sign-in's answer: refused, and this one goes on waiting.
      if (isAxiomError(outcome) && outcome.code === 'state_mismatch') return outcome;
      finish(outcome);
      return undefined;
    },
    async close() {
      finish(cancelledError());
      await closed;
      await closeAll();
    },
  };
}

/** Binds 127.0.0.1 on `preferred` (or any free port) and ::1 on the same one; when ::1's port is
 *  taken by someone else, starts over on another port. A machine without IPv6 gets 127.0.0.1 only. */
async function bindBoth(servers: http.Server[], handler: http.RequestListener, preferred?: number): Promise<number> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const v4 = callbackServer(handler);
    const wanted = attempt === 0 ? (preferred ?? 0) : 0;
    try {
      await listen(v4, wanted, '127.0.0.1');
    } catch (error) {
      if (wanted !== 0 && (error as { code?: string }).code === 'EADDRINUSE') continue;
      throw new AxiomError(
        'network',
        phrase(
          'No port on this machine could be opened for the browser to return to ({0}).',
          String((error as { code?: string }).code ?? error),
        ),
      );
    }
    const port = (v4.address() as AddressInfo).port;
    const v6 = callbackServer(handler);
    try {
      await listen(v6, port, '::1');
      servers.push(v4, v6);
      return port;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'EADDRNOTAVAIL' || code === 'EAFNOSUPPORT' || code === 'EINVAL') {
        servers.push(v4);
        return port;
      }
      await new Promise<void>((resolve) => v4.close(() => resolve()));
    }
  }
  throw new AxiomError('network', phrase('No port on this machine could be opened for the browser to return to.'));
}

/** A server that closes every connection after one answer, closes a connection whose request does
 *  not come within the time limit, and drops one whose request cannot be parsed. */
function callbackServer(handler: http.RequestListener): http.Server {
  const server = http.createServer({ requestTimeout: REQUEST_TIME_LIMIT_MS, keepAlive: false }, handler);
  server.headersTimeout = REQUEST_TIME_LIMIT_MS;
  server.on('clientError', (_error, socket) => {
    if (!socket.writable) socket.destroy();
    else
      socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n', () => socket.destroy());
  });
  return server;
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
