// What the tests of the readers of untrusted input share (the service's answers, a webview's
// messages, files on disk): any JSON, the bound of a fuzzing property, and the checks that a
// reader answers with a value or the one typed error, never another exception.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { AxiomError } from '../../src/core/api/errors';

/** Each fuzzing property runs until this many runs or this long, whichever comes first. */
export const FUZZ_BOUND = { numRuns: 300, interruptAfterTimeLimit: 3000 } as const;

/** Any JSON value, deep and odd: what a service or a webview could send. */
export const anyJson = fc.jsonValue({ maxDepth: 5 });

/** Calls `parse`; a throw must be the typed invalid-response error, and nothing else. */
export function typedOutcome(parse: () => unknown): 'value' | 'invalid' {
  try {
    parse();
    return 'value';
  } catch (e) {
    assert.ok(e instanceof AxiomError, `threw ${String(e)}`);
    assert.equal(e.kind, 'invalidResponse');
    return 'invalid';
  }
}

/** Runs `read`; only the typed error may come out of it. */
export function typedOrNothing(read: () => unknown): void {
  try {
    read();
  } catch (error) {
    assert.ok(error instanceof AxiomError, `threw ${String(error)}`);
  }
}
