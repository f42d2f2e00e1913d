// The HTTP engine under every endpoint of the API client (client.ts): how a request is built (the
// token, the org, the user agent, JSON), sent through a transport (transport.ts) with a deadline and
// the caller's cancel, retried when it is a GET (retry.ts), sent once more with a renewed token when
// the service refuses an expired one, logged (never headers, never the token), and how an answer
// becomes JSON or an AxiomError a person can act on (a redirect, a refusal, a broken body). It knows
// no endpoint: what a path means and how its answer is read is the endpoints'.
import { formatDate } from '../format';
import { phrase, type Phrase } from '../phrase';
import type { JsonObject } from '../json';
import { AxiomError, cancelledError, isAxiomError, kindForStatus, type CompileDetail } from './errors';
import { errorCode, networkMessage, timeoutMessage } from './transportErrors';
import { DEFAULT_API_URL, requireEndpoint, type ApiEndpoint } from './baseUrl';
import {
  DEADLINE_PASSED,
  headerValue,
  type ResponseHeaders,
  type Transport,
  type TransportResponse,
} from './transport';
import { maskSecrets, rememberSecret } from './secrets';
import { invalidResponse } from './parse';
import type { RateLimit } from './requestBudget';
import { DEFAULT_RETRY_POLICY, pause, retryDelay, type RetryPolicy } from './retry';
import { errorBodySchema } from './schemas';
import { QUERY_BUDGET } from './errorAdvice';
import { saysExpired, type TokenSource } from './tokenSource';

/** One line per request: what the log channel records. Never headers, never the token. */
export interface RequestLogEntry {
  method: string;
  path: string;
  status?: number;
  durationMs: number;
  traceId?: string;
  error?: string;
}

export interface ClientLogger {
  request(entry: RequestLogEntry): void;
  warn(message: string): void;
}

export interface ClientOptions {
  /** The `axiom.url` setting as the person wrote it. */
  url: string | undefined;
  token: string;
  orgId?: string;
  timeoutMs: number;
  userAgent: string;
  /** How requests reach the service (see transport.ts): VS Code's network inside the editor,
   *  undici with explicit agents outside it. It also enforces MAX_BODY_BYTES. */
  transport: Transport;
  logger?: ClientLogger;
  /** How GETs are retried; tests shorten the waits. */
  retry?: RetryPolicy;
  /** Hears the rate-limit headers of every response that carries them. */
  onRateLimit?: (rateLimit: RateLimit) => void;
  /** The deployment's edge URL as the person set it (the CLI's `edge_url`, a setting): where its
   *  default edge is reached (see edges.ts). */
  edgeUrl?: string;
  /** A signed-in deployment's tokens, which expire: asked before each request, and once more
   *  when the service refuses the token as expired (the request is then sent once again). */
  tokenSource?: TokenSource;
}

const TRACE_HEADER = 'x-axiom-trace-id';

/** Requests to one deployment with one token: what every endpoint sends through. */
export class ApiHttp {
  readonly endpoint: ApiEndpoint;
  private readonly headers: Record<string, string>;
  private token: string;

  constructor(private readonly options: ClientOptions) {
    this.endpoint = requireEndpoint(options.url);
    rememberSecret(options.token);
    this.token = options.token;
    this.headers = {
      authorization: `Bearer ${options.token}`,
      'user-agent': options.userAgent,
      accept: 'application/json',
    };
    if (options.orgId) this.headers['x-axiom-org-id'] = options.orgId;
  }

  /**
   * A PUT or POST, sent once. When the service answered 2xx with a body that cannot be read and
   * `sent` is given (an update: the record is what was sent), `sent` is read instead: it was saved.
   */
  async write<T>(
    method: 'PUT' | 'POST',
    path: string,
    body: JsonObject,
    signal: AbortSignal | undefined,
    read: (body: unknown) => T,
    sent?: JsonObject,
  ): Promise<T> {
    let answered = false;
    try {
      const answer = await this.send(method, path, body, signal);
      answered = true;
      return read(answer);
    } catch (error) {
      // Only a 2xx whose body cannot be read is a save; every other failure is one.
      const saved =
        sent !== undefined &&
        isAxiomError(error) &&
        error.kind === 'invalidResponse' &&
        (answered || (error.status !== undefined && error.status < 300));
      if (!saved) throw error;
      this.options.logger?.warn(
        `${method} ${path}: the answer cannot be read (${error.message}); taking what was sent`,
      );
      return read(sent);
    }
  }

  /** The token requests carry now (a signed-in one is renewed): edges.ts tells its kind. */
  get currentToken(): string {
    return this.token;
  }

  private useToken(token: string): void {
    if (token === this.token) return;
    rememberSecret(token);
    this.token = token;
    this.headers.authorization = `Bearer ${token}`;
  }

  /** The v1 root beside the configured v2 one: `https://host/prefix/v2` → `https://host/prefix/v1`. */
  v1Base(): string {
    return `${this.endpoint.base.slice(0, -'/v2'.length)}/v1`;
  }

  /** GETs are retried on transient failures (see retry.ts); a POST, PUT or DELETE goes out once. */
  async send(
    method: HttpMethod,
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
    how: SendOptions = {},
  ): Promise<unknown> {
    const policy = this.options.retry ?? DEFAULT_RETRY_POLICY;
    const started = Date.now();
    const source = this.options.tokenSource;
    let renewed = false;
    for (let tries = 1; ; tries++) {
      if (source) this.useToken(await source.current());
      try {
        return await this.sendOnce(method, path, body, signal, how);
      } catch (e) {
        // A refused token is renewed once and the request sent once more, whatever its method:
        // the service did nothing with it.
        if (source && !renewed && saysExpired(e)) {
          renewed = true;
          const token = await source.renew(this.token);
          if (token === undefined) throw e;
          this.useToken(token);
          this.options.logger?.warn(`${method} ${path}: the token was refused as expired; renewed, sending once more`);
          tries--;
          continue;
        }
        if (method !== 'GET' || !isAxiomError(e)) throw e;
        const delay = retryDelay(e, tries, Date.now() - started, policy);
        if (delay === undefined) throw e;
        this.options.logger?.warn(
          `${method} ${path}: ${e.status ?? e.code ?? e.kind}; try ${tries + 1} of ${policy.maxTries} in ${delay} ms`,
        );
        await pause(delay, signal);
      }
    }
  }

  private async sendOnce(
    method: HttpMethod,
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
    how: SendOptions,
  ): Promise<unknown> {
    const started = performance.now();
    const root = how.root ?? this.endpoint.base;
    const timeoutMs = how.timeoutMs ?? this.options.timeoutMs;
    const logPath =
      root === this.endpoint.base
        ? path
        : root.startsWith(this.endpoint.origin)
          ? root.slice(this.endpoint.base.length - '/v2'.length) + path
          : root + path;
    const log = (entry: Omit<RequestLogEntry, 'method' | 'path' | 'durationMs'>) =>
      this.options.logger?.request({
        method,
        path: logPath,
        durationMs: Math.round(performance.now() - started),
        ...entry,
      });

    if (signal?.aborted) throw cancelledError();
    let response: TransportResponse;
    try {
      response = await this.options.transport.send({
        method,
        url: root + path,
        headers: body === undefined ? this.headers : { ...this.headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        timeoutMs,
      });
    } catch (e) {
      const error = this.transportError(e, signal, timeoutMs);
      log({ error: error.kind + (error.code ? ` ${error.code}` : '') });
      throw error;
    }

    const status = response.status;
    if (this.options.onRateLimit) {
      const rateLimit = readRateLimit(response.headers);
      if (rateLimit) this.options.onRateLimit(rateLimit);
    }
    // A header is text from the service like any other: masked before it is logged or kept.
    const trace = headerValue(response.headers[TRACE_HEADER]);
    const traceId = trace === undefined ? undefined : maskSecrets(trace);
    let text: string;
    try {
      text = await response.text();
    } catch (e) {
      const error = isAxiomError(e) ? e : this.transportError(e, signal, timeoutMs);
      log({ status, traceId, error: error.kind });
      throw error;
    }
    log({ status, traceId });
    if (how.peek && status >= 200 && status < 300) await how.peek(text);
    return this.readBody(status, text, response.headers, traceId, root + path, how.refusal);
  }

  private readBody(
    status: number,
    text: string,
    headers: ResponseHeaders,
    traceId: string | undefined,
    url: string,
    refusal?: SendOptions['refusal'],
  ): unknown {
    const contentType = headerValue(headers['content-type']) ?? '';
    if (status >= 300 && status < 400) throw this.redirectError(status, headers, traceId, url);
    if (status >= 400) {
      const error = this.statusError(status, text, contentType, headers, traceId);
      throw refusal ? refusal(status, readJsonOrUndefined(text), error) : error;
    }
    if (status === 204) return undefined;
    if (!/json/i.test(contentType) && !looksLikeJson(text)) {
      throw invalidResponse(this.unexpected(contentType, status), status, traceId);
    }
    try {
      return JSON.parse(text);
    } catch {
      throw invalidResponse(
        phrase('the body is not valid JSON (status {0}, {1} characters)', status, text.length),
        status,
        traceId,
      );
    }
  }

  private unexpected(contentType: string, status: number): Phrase {
    return contentType
      ? phrase('unexpected response ({0}, status {1}) from {2}', contentType, status, this.endpoint.host)
      : phrase('unexpected response (no content type, status {0}) from {1}', status, this.endpoint.host);
  }

  /**
   * Redirects are not followed: the token would travel along to wherever the service points. A
   * redirect means axiom.url is not the API's address (an old host name, http for https, the web
   * app's address), so the person is told where it pointed and what to set instead.
   */
  private redirectError(
    status: number,
    headers: ResponseHeaders,
    traceId: string | undefined,
    url: string,
  ): AxiomError {
    const target = redirectTarget(headerValue(headers.location), url);
    const message = target
      ? phrase(
          'The service at {0} redirected the request to {1} (status {2}). Redirects are not followed, so that the token goes nowhere else: set axiom.url to the API’s address, such as {3}.',
          this.endpoint.host,
          target,
          status,
          DEFAULT_API_URL,
        )
      : phrase(
          'The service at {0} answered with a redirect (status {1}) that names no web address. Set axiom.url to the API’s address, such as {2}.',
          this.endpoint.host,
          status,
          DEFAULT_API_URL,
        );
    return new AxiomError('config', message, { status, traceId, setting: 'axiom.url' });
  }

  private transportError(e: unknown, signal: AbortSignal | undefined, timeoutMs: number): AxiomError {
    if (signal?.aborted) return cancelledError();
    if (errorCode(e) === DEADLINE_PASSED)
      return new AxiomError('timeout', timeoutMessage(this.endpoint.host, timeoutMs));
    // The transport's own words (a proxy that failed, plain http that a proxy would read).
    if (isAxiomError(e)) return e;
    const code = errorCode(e);
    return new AxiomError('network', networkMessage(code, this.endpoint.host), { code });
  }

  private statusError(
    status: number,
    text: string,
    contentType: string,
    headers: ResponseHeaders,
    traceId: string | undefined,
  ): AxiomError {
    let serviceMessage: string | undefined;
    let compile: CompileDetail | undefined;
    if (/json/i.test(contentType) || looksLikeJson(text)) {
      try {
        const json: unknown = JSON.parse(text);
        const parsed = errorBodySchema.safeParse(json);
        if (parsed.success) serviceMessage = parsed.data.message;
        compile = readCompileDetail(json, serviceMessage);
      } catch {
        // not JSON after all: described below by its content type
      }
    }
    const kind = kindForStatus(status);
    const retryAt =
      kind === 'rateLimited' || kind === 'queryLimited'
        ? rateLimitReset(headers, Date.now(), kind === 'queryLimited')
        : undefined;
    const what = serviceMessage ?? this.unexpected(contentType, status);
    const budget = kind === 'rateLimited' ? queryBudgetWords(headers, retryAt) : undefined;
    const message =
      budget ??
      (kind === 'rateLimited' && retryAt
        ? phrase('rate limited until {0}', formatDate(retryAt))
        : phrase('{0}: {1}', status, what));
    return new AxiomError(kind, message, {
      status,
      serviceMessage,
      traceId,
      retryAt,
      code: budget ? QUERY_BUDGET : undefined,
      compile: kind === 'badRequest' ? compile : undefined,
    });
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SendOptions {
  /** The API root the path is under (the v2 one unless said). */
  root?: string;
  /** How long this request may take (the client's timeout unless said). */
  timeoutMs?: number;
  /** Sees a successful answer's text before it is parsed (and parsing waits for it). */
  peek?: (text: string) => Promise<void>;
  /** Reads a refusal's JSON body (undefined when it is none) into the error callers tell apart. */
  refusal?: (status: number, body: unknown, error: AxiomError) => AxiomError;
}

function readJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A compile error's place and words: `detail: { line, column, message }` beside the usual `message`. */
function readCompileDetail(json: unknown, serviceMessage: string | undefined): CompileDetail | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const detail = (json as { detail?: unknown }).detail;
  if (typeof detail !== 'object' || detail === null) return undefined;
  const { line, column, message } = detail as Record<string, unknown>;
  const count = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;
  if (!count(line) || !count(column)) return undefined;
  const words = typeof message === 'string' && message ? message : serviceMessage;
  return { line: line as number, column: column as number, message: words ?? '' };
}

/**
 * Where a redirect pointed, as scheme, host and path only: a query string or fragment may hold
 * anything (a token, a session), and a user name or password is never repeated. Relative to the
 * request's URL, as a browser reads it; undefined when there is no http(s) address. Brackets and
 * parentheses stay escaped, so that the address cannot read as a markdown link where it is shown.
 */
export function redirectTarget(location: string | undefined, requestUrl: string): string | undefined {
  if (!location?.trim()) return undefined;
  let url: URL;
  try {
    url = new URL(location.trim(), requestUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const path = url.pathname.replace(/[[\]()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${url.protocol}//${url.host}${path}`;
}

function looksLikeJson(text: string): boolean {
  const first = text.trimStart()[0];
  return first === '{' || first === '[';
}

/**
 * A 429 that carries X-QueryLimit-* headers is the query-cost budget's, not the request rate's: which
 * budget (its scope when the service names one, its limit and what is left) and when it resets.
 */
export function queryBudgetWords(headers: ResponseHeaders, resetAt: Date | undefined): Phrase | undefined {
  const value = (name: string) => headerValue(headers[`x-querylimit-${name}`])?.trim() || undefined;
  const [limit, remaining, scope] = [value('limit'), value('remaining'), value('scope')];
  if (limit === undefined && remaining === undefined && value('reset') === undefined) return undefined;
  const which = scope
    ? phrase('The query-cost budget of the {0} ({1})', maskSecrets(scope), budgetNumbers(limit, remaining))
    : phrase('The query-cost budget ({0})', budgetNumbers(limit, remaining));
  return resetAt
    ? phrase('{0} is spent (429); it resets at {1}.', which, formatDate(resetAt))
    : phrase('{0} is spent (429); the service did not say when it resets.', which);
}

function budgetNumbers(limit: string | undefined, remaining: string | undefined): Phrase {
  if (limit !== undefined && remaining !== undefined)
    return phrase('{0} left of {1}', maskSecrets(remaining), maskSecrets(limit));
  if (limit !== undefined) return phrase('limit {0}', maskSecrets(limit));
  return phrase('{0} left', maskSecrets(remaining ?? '0'));
}

/** The X-RateLimit-* headers, when a response has any (the reset is UTC epoch seconds). */
export function readRateLimit(headers: ResponseHeaders): RateLimit | undefined {
  const number = (name: string) => {
    const value = Number(headerValue(headers[name]));
    return headerValue(headers[name]) !== undefined && Number.isFinite(value) && value >= 0 ? value : undefined;
  };
  const limit = number('x-ratelimit-limit');
  const remaining = number('x-ratelimit-remaining');
  const reset = number('x-ratelimit-reset');
  if (limit === undefined && remaining === undefined && reset === undefined) return undefined;
  return { limit, remaining, resetAt: reset === undefined ? undefined : reset * 1000 };
}

/**
 * Retry-After (seconds or an HTTP date) wins; then X-QueryLimit-Reset, which a query over its
 * budget carries (the official Go client reads it before the rate-limit headers); then, unless
 * only the query limit counts (430), X-RateLimit-Reset. The resets are UTC epoch seconds.
 */
export function rateLimitReset(headers: ResponseHeaders, now = Date.now(), queryLimitOnly = false): Date | undefined {
  const retryAfter = headerValue(headers['retry-after']);
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return new Date(now + seconds * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return new Date(date);
  }
  for (const name of queryLimitOnly ? ['x-querylimit-reset'] : ['x-querylimit-reset', 'x-ratelimit-reset']) {
    const reset = Number(headerValue(headers[name]));
    if (Number.isFinite(reset) && reset > 0) return new Date(reset * 1000);
  }
  return undefined;
}
