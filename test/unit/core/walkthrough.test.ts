// The walkthrough "Get Started with Axiom": each step ticks on the context key the extension sets
// when the step's thing is done (by any route), and it opens by itself once, never in tests.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  completionEventOf,
  opensWalkthroughNow,
  WALKTHROUGH_ID,
  WALKTHROUGH_KEYS,
  type WalkthroughStep,
} from '../../../src/core/walkthrough';
import { projectRoot } from '../../support/projectRoot';

interface Step {
  id: string;
  completionEvents?: string[];
}
const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
  contributes: { walkthroughs: { id: string; title: string; steps: Step[] }[] };
};
const nls = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.nls.json'), 'utf8')) as Record<string, string>;

/** Which step waits for which thing done, in the walkthrough's order. */
const EXPECTED: [string, WalkthroughStep][] = [
  ['axiom.firstSteps.connect', 'connected'],
  ['axiom.firstSteps.monitors', 'monitorsShown'],
  ['axiom.firstSteps.query', 'queryRun'],
  ['axiom.firstSteps.star', 'queryStarred'],
  ['axiom.firstSteps.notebook', 'cellRun'],
  ['axiom.firstSteps.monitorEdit', 'dryRun'],
];

describe('walkthrough', () => {
  const [walkthrough] = manifest.contributes.walkthroughs;

  it('is Get Started with Axiom, under the id its command opens', () => {
    assert.equal(walkthrough.id, WALKTHROUGH_ID);
    assert.equal(nls[/^%(.+)%$/.exec(walkthrough.title)?.[1] ?? ''], 'Get Started with Axiom');
  });

  it('ticks each step on its own context key, set by the extension, and on nothing else', () => {
    assert.deepEqual(
      walkthrough.steps.map((step) => [step.id, step.completionEvents]),
      EXPECTED.map(([id, step]) => [id, [completionEventOf(step)]]),
    );
    const keys = Object.values(WALKTHROUGH_KEYS);
    assert.equal(new Set(keys).size, keys.length, 'one key a step');
    for (const key of keys) assert.match(key, /^axiom\.walkthrough\.\w+$/);
  });

  it('opens by itself only outside the tests, only when it never did, and only if walkthroughs open on install', () => {
    assert.equal(opensWalkthroughNow({ inTests: false, shownBefore: false, onInstall: true }), true);
    assert.equal(
      opensWalkthroughNow({ inTests: false, shownBefore: true, onInstall: true }),
      false,
      'closed stays closed',
    );
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (inTests, shownBefore, onInstall) => {
        assert.equal(opensWalkthroughNow({ inTests, shownBefore, onInstall }), onInstall && !inTests && !shownBefore);
      }),
    );
  });
});
