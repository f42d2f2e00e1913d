// The API client as the unit tests build it: pointed at a fake service, with its log captured
// and short retry waits, plus a helper that expects a typed failure.
import assert from 'node:assert/strict';
import { after, afterEach, before } from 'node:test';
import type { Dispatcher } from 'undici';
import type { Transport } from '../../src/core/api/transport';
import { AxiomClient } from '../../src/core/api/client';
import type { ClientOptions, RequestLogEntry } from '../../src/core/api/http';
import { nodeTransport } from '../../src/core/api/nodeTransport';
import { createDispatcher, undiciTransport } from '../../src/core/api/undiciTransport';
import { AxiomError } from '../../src/core/api/errors';
import { FAKE_API_TOKEN, FakeAxiom } from './fakeAxiom';

export const FAST_RETRY = { maxTries: 3, budgetMs: 1000, baseDelayMs: 10 };

/** Everything the client wrote to its log, to search for secrets or count retries. */
export class CapturedLog {
  requests: RequestLogEntry[] = [];
  warnings: string[] = [];
  readonly logger = {
    request: (e: RequestLogEntry) => this.requests.push(e),
    warn: (m: string) => this.warnings.push(m),
  };

  text(): string {
    return JSON.stringify(this.requests) + '\n' + this.warnings.join('\n');
  }

  clear(): void {
    this.requests = [];
    this.warnings = [];
  }
}

/** The file's fake service up for its tests, reset with the log after each (and `alsoAfterEach`
 *  then), and stopped with the dispatcher at the end. */
export function useFakeService(
  fake: FakeAxiom,
  dispatcher: Dispatcher,
  log: CapturedLog,
  alsoAfterEach?: () => void,
): void {
  before(() => fake.start());
  after(async () => {
    await fake.stop();
    await dispatcher.close();
  });
  afterEach(() => {
    fake.reset();
    log.clear();
    alsoAfterEach?.();
  });
}

/** A file's fake service up for its tests (useFakeService), with its dispatcher and captured log. */
export interface ServiceUnderTest {
  readonly fake: FakeAxiom;
  readonly dispatcher: Dispatcher;
  readonly log: CapturedLog;
  /** A client of the fake (testClient), `overrides` over the test client's options. */
  readonly connect: (overrides?: Partial<ClientOptions>) => AxiomClient;
}

/** The fake service of a file's tests (`fake`, a new one unless given), started before them, reset
 *  after each (and `alsoAfterEach` then), stopped after them; what every file that speaks HTTP to
 *  the fake writes first. */
export function fakeServiceUnderTest(options: { fake?: FakeAxiom; alsoAfterEach?: () => void } = {}): ServiceUnderTest {
  const fake = options.fake ?? new FakeAxiom();
  const dispatcher = createDispatcher();
  const log = new CapturedLog();
  useFakeService(fake, dispatcher, log, options.alsoAfterEach);
  return { fake, dispatcher, log, connect: (overrides = {}) => testClient(fake.url, dispatcher, log, overrides) };
}

/** undici with the test's explicit agent, unless the file runs the same tests over the transport
 *  the extension ships (overShippedTransport.ts): Node's http and https. */
export function transportUnderTest(dispatcher: Dispatcher): Transport {
  return process.env.AXIOM_TEST_TRANSPORT === 'node' ? nodeTransport() : undiciTransport(dispatcher);
}

export function testClient(
  url: string,
  dispatcher: Dispatcher,
  log: CapturedLog,
  overrides: Partial<ClientOptions> = {},
): AxiomClient {
  return new AxiomClient({
    url,
    token: FAKE_API_TOKEN,
    timeoutMs: 2000,
    userAgent: 'axiom-apl-vscode/0.0.0-test',
    transport: transportUnderTest(dispatcher),
    logger: log.logger,
    retry: FAST_RETRY,
    ...overrides,
  });
}

export async function rejection(promise: Promise<unknown>): Promise<AxiomError> {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof AxiomError, `expected an AxiomError, got ${String(e)}`);
    return e;
  }
  assert.fail('expected the call to fail');
}
