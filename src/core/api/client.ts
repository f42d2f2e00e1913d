import { Agent, request, type Dispatcher } from 'undici';
import { z } from 'zod';
import { AxiomError, kindForStatus } from './errors';
import { resolveEndpoint, type ApiEndpoint } from './baseUrl';
import {
  currentUserSchema,
  datasetListSchema,
  describeIssue,
  errorBodySchema,
  monitorSchema,
  starredQueryInputSchema,
  starredQuerySchema,
  type CurrentUser,
  type Monitor,
  type StarredQuery,
  type StarredQueryInput,
} from './schemas';

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
  dispatcher: Dispatcher;
  logger?: ClientLogger;
}

export interface MonitorList {
  monitors: Monitor[];
  /** Entries that were not monitors the extension can read, with the reason; the rest still show. */
  skipped: { index: number; reason: string }[];
}

/** Largest body read; a bigger one is refused rather than held in the editor's memory. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

const TRACE_HEADER = 'x-axiom-trace-id';

/** A keep-alive pool per origin, shared by every client the extension builds. */
export function createDispatcher(): Agent {
  return new Agent({ keepAliveTimeout: 30_000, connections: 8 });
}

export class AxiomClient {
  readonly endpoint: ApiEndpoint;
  private readonly headers: Record<string, string>;

  constructor(private readonly options: ClientOptions) {
    const check = resolveEndpoint(options.url);
    if (!check.ok) throw new AxiomError('config', check.problem);
    this.endpoint = check.endpoint;
    this.headers = {
      authorization: `Bearer ${options.token}`,
      'user-agent': options.userAgent,
      accept: 'application/json',
    };
    if (options.orgId) this.headers['x-axiom-org-id'] = options.orgId;
  }

  async listMonitors(signal?: AbortSignal): Promise<MonitorList> {
    const body = await this.send('GET', '/monitors', undefined, signal);
    if (!Array.isArray(body)) {
      throw invalid(`expected a list of monitors, got ${describeJsonType(body)}`);
    }
    const monitors: Monitor[] = [];
    const skipped: MonitorList['skipped'] = [];
    body.forEach((item, index) => {
      const parsed = monitorSchema.safeParse(item);
      if (parsed.success) monitors.push(parsed.data);
      else skipped.push({ index, reason: describeIssue(parsed.error) });
    });
    if (skipped.length) {
      this.options.logger?.warn(`skipped ${skipped.length} of ${body.length} monitors that could not be read; first: [${skipped[0].index}] ${skipped[0].reason}`);
    }
    return { monitors, skipped };
  }

  async createStarredQuery(input: StarredQueryInput, signal?: AbortSignal): Promise<StarredQuery> {
    const body = starredQueryInputSchema.parse(input);
    return parseBody(starredQuerySchema, await this.send('POST', '/apl-starred-queries', body, signal), 'starred query');
  }

  /** Dataset names the token may see. */
  async listDatasets(signal?: AbortSignal): Promise<string[]> {
    return parseBody(datasetListSchema, await this.send('GET', '/datasets', undefined, signal), 'dataset list');
  }

  async getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
    return parseBody(currentUserSchema, await this.send('GET', '/user', undefined, signal), 'user');
  }

  private async send(method: 'GET' | 'POST', path: string, body: unknown, signal: AbortSignal | undefined): Promise<unknown> {
    const started = performance.now();
    const log = (entry: Omit<RequestLogEntry, 'method' | 'path' | 'durationMs'>) =>
      this.options.logger?.request({ method, path, durationMs: Math.round(performance.now() - started), ...entry });

    if (signal?.aborted) throw new AxiomError('cancelled', 'The request was cancelled.');
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;

    let response: Dispatcher.ResponseData;
    try {
      response = await request(this.endpoint.base + path, {
        method,
        headers: body === undefined ? this.headers : { ...this.headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        dispatcher: this.options.dispatcher,
        signal: combined,
      });
    } catch (e) {
      const error = this.transportError(e, signal, timeout);
      log({ error: error.kind + (error.code ? ` ${error.code}` : '') });
      throw error;
    }

    const status = response.statusCode;
    const traceId = headerValue(response.headers[TRACE_HEADER]);
    let text: string;
    try {
      text = await readText(response.body);
    } catch (e) {
      const error = e instanceof AxiomError ? e : this.transportError(e, signal, timeout);
      log({ status, traceId, error: error.kind });
      throw error;
    }
    log({ status, traceId });

    const contentType = headerValue(response.headers['content-type']) ?? '';
    if (status >= 400) throw this.statusError(status, text, contentType, response.headers, traceId);
    if (!/json/i.test(contentType) && !looksLikeJson(text)) {
      throw invalid(`unexpected response (${contentType || 'no content type'}, status ${status}) from ${this.endpoint.host}`, status, traceId);
    }
    try {
      return JSON.parse(text);
    } catch {
      throw invalid(`the body is not valid JSON (status ${status}, ${text.length} characters)`, status, traceId);
    }
  }

  private transportError(e: unknown, signal: AbortSignal | undefined, timeout: AbortSignal): AxiomError {
    if (signal?.aborted) return new AxiomError('cancelled', 'The request was cancelled.');
    if (timeout.aborted) {
      return new AxiomError('timeout', `No answer from ${this.endpoint.host} within ${Math.round(this.options.timeoutMs / 1000)} s.`);
    }
    const code = errorCode(e);
    return new AxiomError('network', networkMessage(code, this.endpoint.host), { code });
  }

  private statusError(status: number, text: string, contentType: string, headers: Dispatcher.ResponseData['headers'], traceId: string | undefined): AxiomError {
    let serviceMessage: string | undefined;
    if (/json/i.test(contentType) || looksLikeJson(text)) {
      try {
        const parsed = errorBodySchema.safeParse(JSON.parse(text));
        if (parsed.success) serviceMessage = parsed.data.message;
      } catch {
        // not JSON after all: described below by its content type
      }
    }
    const kind = kindForStatus(status);
    const retryAt = kind === 'rateLimited' ? rateLimitReset(headers) : undefined;
    const what = serviceMessage ?? `unexpected response (${contentType || 'no content type'}, status ${status}) from ${this.endpoint.host}`;
    return new AxiomError(kind, `${status}: ${what}`, { status, serviceMessage, traceId, retryAt });
  }
}

function parseBody<T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(`the ${what} is not in the expected shape (${describeIssue(parsed.error)})`);
  return parsed.data;
}

function invalid(detail: string, status?: number, traceId?: string): AxiomError {
  return new AxiomError('invalidResponse', `Invalid response: ${detail}.`, { status, traceId });
}

async function readText(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      body.destroy();
      throw new AxiomError('invalidResponse', `Invalid response: the body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

function looksLikeJson(text: string): boolean {
  const first = text.trimStart()[0];
  return first === '{' || first === '[';
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Retry-After (seconds or an HTTP date) wins; X-RateLimit-Reset is UTC epoch seconds. */
export function rateLimitReset(headers: Dispatcher.ResponseData['headers'], now = Date.now()): Date | undefined {
  const retryAfter = headerValue(headers['retry-after']);
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return new Date(now + seconds * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return new Date(date);
  }
  const reset = Number(headerValue(headers['x-ratelimit-reset']));
  return Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : undefined;
}

function errorCode(e: unknown): string | undefined {
  // undici wraps the socket's error: the system code sits on the cause.
  for (let cur: unknown = e, depth = 0; cur && depth < 4; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && !code.startsWith('UND_ERR_')) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  const code = (e as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

function networkMessage(code: string | undefined, host: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return `Could not connect to ${host}: the connection was refused.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Could not find ${host}: the name does not resolve. Check the URL and your network.`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return `The connection to ${host} was closed before the answer arrived.`;
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'CERT_HAS_EXPIRED':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `The certificate of ${host} is not trusted (${code}). If your network uses its own certificate authority, point NODE_EXTRA_CA_CERTS at it.`;
    default:
      return `Could not reach ${host}${code ? ` (${code})` : ''}.`;
  }
}
