import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  checkDeploymentName,
  checkDeploymentUrl,
  checkOptionalEdge,
  chooseDeployment,
  deploymentEdge,
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

describe('a deployment’s edge, as the setting holds it', () => {
  it('an entry keeps its edge as written; the client is given its base URL', () => {
    const { deployments, problems } = readDeployments([
      { name: 'eu', url: 'https://api.axiom.co', edge: ' eu-central-1 ' },
      { name: 'eu-url', url: 'https://api.axiom.co', edge: 'https://eu-central-1.aws.edge.axiom.co/' },
      { name: 'none', url: 'https://api.axiom.co', edge: '' },
    ]);
    assert.deepEqual(problems, []);
    assert.deepEqual(deployments, [
      { name: 'eu', url: 'https://api.axiom.co', edge: 'eu-central-1' },
      { name: 'eu-url', url: 'https://api.axiom.co', edge: 'https://eu-central-1.aws.edge.axiom.co/' },
      { name: 'none', url: 'https://api.axiom.co' },
    ]);
    assert.deepEqual(deployments.map(deploymentEdge), [
      { ok: true, value: 'https://eu-central-1.aws.edge.axiom.co' },
      { ok: true, value: 'https://eu-central-1.aws.edge.axiom.co' },
      { ok: true, value: undefined },
    ]);
  });

  it('an edge that cannot be used is said and not used, and nothing of the entry is lost', () => {
    const { deployments, problems } = readDeployments([
      { name: 'plain', url: 'https://api.axiom.co', edge: 'http://edge.example.com' },
      { name: 'number', url: 'https://api.axiom.co', edge: 7 },
    ]);
    assert.deepEqual(deployments, [
      { name: 'plain', url: 'https://api.axiom.co', edge: 'http://edge.example.com' },
      { name: 'number', url: 'https://api.axiom.co' },
    ]);
    assert.deepEqual(
      problems.map((p) => render(p)),
      [
        'axiom.deployments, entry 1 (“plain”): its edge is not used: The edge “http://edge.example.com” is plain http: the token would travel unencrypted. Use https (http is allowed only for localhost).',
        'axiom.deployments, entry 2 (“number”): its edge is not text: not used.',
      ],
    );
    const used = deploymentEdge(deployments[0]);
    assert.equal(used.ok, false, 'the client is given no edge for it');
  });

  it('a person’s edge (Add Deployment, a script): kept as typed when it reads, refused with the reason otherwise', () => {
    assert.deepEqual(checkOptionalEdge('  '), { ok: true, value: undefined });
    assert.deepEqual(checkOptionalEdge(' eu-central-1.aws '), { ok: true, value: 'eu-central-1.aws' });
    const refused = checkOptionalEdge('ftp://edge.example.com');
    assert.equal(
      refused.ok ? '' : render(refused.problem),
      'The edge “ftp://edge.example.com” uses ftp; edges are reached over https.',
    );
  });

  it('property: any value of the setting’s entries is read without throwing; a usable edge is an https (or loopback http) address, any other said', () => {
    const edgeValue = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.webUrl(),
      fc.constantFrom('eu-central-1', 'http://127.0.0.3:9', 'http://10.0.0.1', 'https://a:b@c.d', null, 3, {}, []),
    );
    fc.assert(
      fc.property(fc.array(fc.record({ edge: edgeValue }), { maxLength: 4 }), (entries) => {
        const listed = entries.map((e, i) => ({ name: `d${i}`, url: 'https://api.axiom.co', edge: e.edge }));
        const { deployments, problems } = readDeployments(listed);
        assert.equal(deployments.length, listed.length, 'an edge never costs the entry');
        let unusable = 0;
        for (const deployment of deployments) {
          const edge = deploymentEdge(deployment);
          if (!edge.ok) {
            unusable++;
            continue;
          }
          if (edge.value === undefined) continue;
          const url = new URL(edge.value);
          assert.ok(url.protocol === 'https:' || /^(localhost|127(\.\d+){3}|\[::1\])$/.test(url.hostname), edge.value);
          assert.equal(url.username + url.password + url.search + url.hash, '');
        }
        assert.ok(problems.length >= unusable, 'each edge that is not used is said');
      }),
    );
  });
});
