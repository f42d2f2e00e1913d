import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkDeploymentName,
  checkDeploymentUrl,
  chooseDeployment,
  readDeployments,
  SETTINGS_DEPLOYMENT,
} from '../../../src/core/accounts/deployments';
import { render } from '../../../src/core/phrase';

describe('which deployment a window uses', () => {
  const base = { listed: ['prod', 'staging'], settingsHasToken: true };
  it('a workspace pin wins, even one not set up here (the caller says so)', () => {
    assert.deepEqual(chooseDeployment({ ...base, pinned: 'staging', environment: 'prod', switchedTo: 'prod' }), {
      name: 'staging',
      by: 'workspace',
    });
    assert.deepEqual(chooseDeployment({ ...base, pinned: 'elsewhere' }), { name: 'elsewhere', by: 'workspace' });
  });
  it('then AXIOM_DEPLOYMENT when it names one, then the last switch', () => {
    assert.deepEqual(chooseDeployment({ ...base, environment: 'prod', switchedTo: 'staging' }), {
      name: 'prod',
      by: 'environment',
    });
    assert.deepEqual(chooseDeployment({ ...base, environment: 'unknown', switchedTo: 'staging' }), {
      name: 'staging',
      by: 'switch',
    });
    assert.deepEqual(chooseDeployment({ ...base, switchedTo: SETTINGS_DEPLOYMENT }), {
      name: SETTINGS_DEPLOYMENT,
      by: 'switch',
    });
  });
  it('a switch to one since removed falls back; a single listed one is used when the settings one has no token', () => {
    assert.deepEqual(chooseDeployment({ ...base, switchedTo: 'removed' }), {
      name: SETTINGS_DEPLOYMENT,
      by: 'default',
    });
    assert.deepEqual(chooseDeployment({ listed: ['cli'], settingsHasToken: false }), { name: 'cli', by: 'only' });
    assert.deepEqual(chooseDeployment({ listed: ['cli'], settingsHasToken: true }), {
      name: SETTINGS_DEPLOYMENT,
      by: 'default',
    });
  });
});

describe('deployment names, urls and the setting that lists them', () => {
  it('a name is one line, not empty, and not taken in any case', () => {
    assert.equal(checkDeploymentName('  staging ', []).ok, true);
    assert.equal(checkDeploymentName('', []).ok, false);
    assert.equal(checkDeploymentName('a\nb', []).ok, false);
    const clash = checkDeploymentName('Prod', ['prod']);
    assert.equal(clash.ok ? '' : render(clash.problem), 'There is a deployment named “prod” already.');
    assert.equal(checkDeploymentName('Prod', ['prod'], 'prod').ok, true, 'renaming to another case of its own name');
  });
  it('a url is what axiom.url accepts: https, no credentials', () => {
    assert.deepEqual(checkDeploymentUrl('https://api.axiom.co/'), { ok: true, value: 'https://api.axiom.co' });
    assert.equal(checkDeploymentUrl('https://user:pass@api.axiom.co').ok, false);
    assert.equal(checkDeploymentUrl('http://api.axiom.co').ok, false);
  });
  it('entries of the setting that cannot be used are left out and named, the rest kept', () => {
    const { deployments, problems } = readDeployments([
      { name: 'prod', url: 'https://api.axiom.co', orgId: 'acme' },
      { name: 'prod', url: 'https://api.axiom.co' },
      { name: 'creds', url: 'https://u:p@api.axiom.co' },
      'not an object',
      { name: 'eu', url: 'https://api.eu.axiom.co' },
    ]);
    assert.deepEqual(deployments, [
      { name: 'prod', url: 'https://api.axiom.co', orgId: 'acme' },
      { name: 'eu', url: 'https://api.eu.axiom.co' },
    ]);
    assert.equal(problems.length, 3);
    assert.match(render(problems[0]), /^axiom\.deployments, entry 2: There is a deployment named “prod” already\.$/);
    assert.deepEqual(readDeployments('nope').deployments, []);
  });
});
