// How a request reaches the service: the seam between the API client and the network. The
// extension inside VS Code sends through Node's http and https modules, which VS Code patches in
// the extension host with its own proxy resolution and certificates (nodeTransport.ts); plain Node
// (the unit tests, the benchmarks) keeps undici with explicit agents (undiciTransport.ts). The
// platform layer chooses; the client sees only this interface.
import { isAscii } from 'node:buffer';
import type { DetailedPeerCertificate, TLSSocket } from 'node:tls';
import { phrase } from '../phrase';
import { AxiomError } from './errors';
import { invalidResponse } from './parse';

/** An answer's headers, names in lower case, as Node and undici both give them. */
export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface TransportRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The caller's cancel, if any: ends the request, and the reading of its body. */
  signal?: AbortSignal;
  /** The request's one deadline, in ms from its sending: past it the request, and the reading of
   *  its body, end with the error `deadlinePassed` makes. */
  timeoutMs: number;
}

export interface TransportResponse {
  status: number;
  headers: ResponseHeaders;
  /** The whole body as text; past MAX_BODY_BYTES an `invalidResponse` AxiomError with code BODY_TOO_LARGE. */
  text(): Promise<string>;
}

/** What Test Connection learns from one request without a token to the API's origin. */
export interface Probe {
  /** The proxy the request went through, as a URL (`http://proxy:3128`), or undefined: directly. */
  proxy?: string;
  /** Over https, the certificate as the transport checked it (undefined: plain http, or not seen). */
  tls?: ProbeTls;
  /** The failure, when the request did not get an answer. */
  failure?: unknown;
  /** True when the failure was in reaching or passing the proxy. */
  failedAtProxy?: boolean;
}

export interface ProbeTls {
  /** `TLSv1.3` and the like. */
  protocol: string;
  /** Trusted by the certificates the transport checks with (whether or not it then refused). */
  authorized: boolean;
  /** Why not, in OpenSSL's code (`SELF_SIGNED_CERT_IN_CHAIN`). */
  error?: string;
  /** The chain the server presented and the transport completed, leaf first. */
  chain: CertificateInfo[];
}

export interface CertificateInfo {
  /** The subject's common name (or organisation), for people. */
  name: string;
  /** SHA-256 fingerprint as Node writes it (`AB:CD:…`). */
  fingerprint256: string;
}

export interface Transport {
  /** Sends one request. Redirects are never followed; its deadline is the request's `timeoutMs`. A
   *  failure to get an answer rejects with the underlying error (its code tells what happened:
   *  DEADLINE_PASSED at the deadline). */
  send(request: TransportRequest): Promise<TransportResponse>;
  /** One HEAD request without a token to `origin`, to learn how it is reached; never rejects. */
  probe(origin: string, signal: AbortSignal): Promise<Probe>;
  /** Lets go of kept connections. */
  close(): Promise<void>;
}

/** The code of the error a request ends with at its deadline (TransportRequest.timeoutMs). */
export const DEADLINE_PASSED = 'deadlinePassed';

export function deadlinePassed(): Error {
  return Object.assign(new Error('the request passed its deadline'), { code: DEADLINE_PASSED });
}

/** The error a request ends with when its caller cancels it, as Node's own. */
export function requestCancelled(): Error {
  return Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' });
}

/**
 * One signal for a request, fired by the caller's cancel or at the deadline, and let go of after:
 * lighter than AbortSignal.timeout + AbortSignal.any, which leave a timer and listeners behind
 * per request on Node 20. For what takes a signal (undici, Test Connection's probe).
 */
export function requestAbort(signal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const onCancel = () => controller.abort();
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  signal?.addEventListener('abort', onCancel, { once: true });
  if (signal?.aborted) controller.abort();
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCancel);
    },
  };
}

/** Largest body read; a bigger one is refused rather than held in the editor's memory. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** The code of the error a too large body is refused with. */
export const BODY_TOO_LARGE = 'bodyTooLarge';

export function tooLarge(): AxiomError {
  const error = invalidResponse(phrase('the body is larger than {0} MB', MAX_BODY_BYTES / 1024 / 1024));
  return new AxiomError(error.kind, error.phrase, { code: BODY_TOO_LARGE });
}

/** A declared length past the limit: refused before the body is read. */
export function declaresTooMuch(headers: ResponseHeaders): boolean {
  return Number(headerValue(headers['content-length'])) > MAX_BODY_BYTES;
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

/**
 * UTF-8 to text, as undici's text() would (a byte order mark dropped, bad sequences replaced).
 * JSON from the service is nearly always plain ASCII: that is checked in one pass and copied as
 * it is, which took 2.0 ms for the 8.7 MB of 10,000 monitors where decoding took 6.6.
 */
export function decodeText(bytes: Buffer): string {
  if (isAscii(bytes)) return bytes.toString('latin1');
  const start = BYTE_ORDER_MARK.every((byte, i) => bytes[i] === byte) ? BYTE_ORDER_MARK.length : 0;
  return bytes.toString('utf8', start);
}

/** What a finished TLS handshake tells of the certificate: checked, by what, and its chain. */
export function readTls(socket: TLSSocket): ProbeTls {
  const chain: CertificateInfo[] = [];
  const seen = new Set<string>();
  // The chain as Node completes it from the trusted certificates: its last link issues itself.
  for (
    let cert: DetailedPeerCertificate | undefined = socket.getPeerCertificate(true);
    cert?.fingerprint256 && !seen.has(cert.fingerprint256);
    cert = cert.issuerCertificate
  ) {
    seen.add(cert.fingerprint256);
    chain.push({ name: certificateName(cert.subject), fingerprint256: cert.fingerprint256 });
  }
  const error = socket.authorizationError;
  return {
    protocol: socket.getProtocol() ?? 'TLS',
    authorized: socket.authorized,
    // Node's authorizationError: its code (CERT_HAS_EXPIRED) when it has one, else its own text.
    error: error === null || error === undefined ? undefined : String((error as { code?: unknown }).code ?? error), // eslint-disable-line @typescript-eslint/no-base-to-string -- an Error or its code
    chain,
  };
}

function certificateName(subject: DetailedPeerCertificate['subject'] | undefined): string {
  const pick = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  return pick(subject?.CN) ?? pick(subject?.O) ?? '?';
}
