// The mark of the extension's own objects (platform/outsideCallers.ts): what VS Code hands back to a
// command from the extension's rows passes as the extension's own, nothing else does.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { heldFromOutside, ownArguments } from '../../../src/platform/outsideCallers';

describe("the extension's own arguments", () => {
  const calls: unknown[][] = [];
  const body = (...args: unknown[]) => {
    calls.push(args);
    return 'ran';
  };

  it('a command that changes nothing runs with whatever it is given', () => {
    calls.length = 0;
    const held = heldFromOutside('axiom.refreshMonitors', body);
    assert.equal(held({ made: 'elsewhere' }), 'ran');
    assert.deepEqual(calls, [[{ made: 'elsewhere' }]]);
  });

  it('a changing command runs at once with nothing, with its own rows, and with a list of them', () => {
    calls.length = 0;
    const held = heldFromOutside('axiom.switchDeployment', body);
    const row = { name: 'prod' };
    const frozen = Object.freeze({ name: 'frozen' });
    const [marked, markedFrozen] = ownArguments([row, frozen, 'text', null] as const);
    // Marking twice (a view and the tree both mark their rows) is harmless.
    ownArguments([row, frozen]);
    assert.equal(held(), 'ran');
    assert.equal(held(marked), 'ran');
    assert.equal(held([marked, markedFrozen]), 'ran');
    assert.deepEqual(calls, [[], [row], [[row, frozen]]]);
    assert.deepEqual(Object.keys(row), ['name'], 'the mark adds no key anyone can read');
    assert.equal(JSON.stringify(row), '{"name":"prod"}');
  });

  it('a copy of its own row is not its own: the mark does not travel with the keys', () => {
    const row = { name: 'prod' };
    ownArguments([row]);
    const copy = { ...row };
    const held = heldFromOutside('axiom.switchDeployment', () => 'ran without asking');
    // Not its own: the command is held (the question loads, which needs VS Code: here it throws).
    assert.throws(() => held(copy));
  });
});
