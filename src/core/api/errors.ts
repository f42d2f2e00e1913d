import { mapArgs, phrase, render, type Phrase } from '../phrase';
import { maskSecrets } from './secrets';

/** What went wrong, in the terms a command needs to choose its message and actions. */
export type AxiomErrorKind =
  | 'config' // the settings are unusable (bad URL, plain http to a remote host: no request was sent), or axiom.url answers with a redirect
  | 'badRequest' // 400 and other 4xx the kinds below do not name
  | 'auth' // 401
  | 'forbidden' // 403: bad token or missing capability
  | 'notFound' // 404
  | 'rateLimited' // 429
  | 'queryLimited' // 430: the organisation's query limit is reached (not a rate: waiting a minute does not help)
  | 'conflict' // 409/412 of a write made with optimistic concurrency: changed since it was read, or exists already
  | 'server' // 5xx
  | 'network' // connection refused, DNS, TLS, reset
  | 'timeout'
  | 'cancelled' // the caller's AbortSignal fired
  | 'invalidResponse'; // the body is not what the API describes

export interface AxiomErrorDetails {
  status?: number;
  /** The service's own message, with token-shaped strings masked. */
  serviceMessage?: string;
  traceId?: string;
  /** For rateLimited: when the limit resets, if the service said. */
  retryAt?: Date;
  /** For network: the system or TLS error code, e.g. ECONNREFUSED; for invalidResponse, `bodyTooLarge`
   *  when the answer passed MAX_BODY_BYTES. */
  code?: string;
  /** For config: the setting to change (what Open Settings shows), e.g. `axiom.url`. */
  setting?: string;
  /** For a query that does not compile: where, as the service counts (see run/queryText.ts), and its words. */
  compile?: CompileDetail;
}

export interface CompileDetail {
  line: number;
  column: number;
  message: string;
}

/** Marks AxiomErrors. The client is bundled apart from the extension (esbuild.mjs), so each
 *  bundle has its own copy of this class and `instanceof` cannot tell across them; the mark can. */
const BRAND = Symbol.for('axiom-apl.AxiomError');

/** The one error type the core throws. Its message (English) is safe to log; its phrase is what a
 *  person reads, translated by the VS Code side. */
export class AxiomError extends Error {
  readonly [BRAND] = true;
  readonly kind: AxiomErrorKind;
  readonly phrase: Phrase | string;
  readonly status?: number;
  readonly serviceMessage?: string;
  readonly traceId?: string;
  readonly retryAt?: Date;
  readonly code?: string;
  readonly setting?: string;
  readonly compile?: CompileDetail;

  constructor(kind: AxiomErrorKind, message: Phrase | string, details: AxiomErrorDetails = {}) {
    super(maskSecrets(render(message)));
    this.phrase = mapArgs(message, maskSecrets);
    this.name = 'AxiomError';
    this.kind = kind;
    this.status = details.status;
    this.serviceMessage = details.serviceMessage === undefined ? undefined : maskSecrets(details.serviceMessage);
    this.traceId = details.traceId;
    this.retryAt = details.retryAt;
    this.code = details.code;
    this.setting = details.setting;
    if (details.compile) this.compile = { ...details.compile, message: maskSecrets(details.compile.message) };
  }
}

export function isAxiomError(e: unknown): e is AxiomError {
  return typeof e === 'object' && e !== null && (e as { [BRAND]?: unknown })[BRAND] === true;
}

/** What a cancelled request (or Test Connection) rejects with. */
export function cancelledError(what: 'request' | 'test' = 'request'): AxiomError {
  return new AxiomError(
    'cancelled',
    what === 'test' ? phrase('The test was cancelled.') : phrase('The request was cancelled.'),
  );
}

export function kindForStatus(status: number): AxiomErrorKind {
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 429) return 'rateLimited';
  if (status === 430) return 'queryLimited';
  if (status >= 500) return 'server';
  return 'badRequest';
}
