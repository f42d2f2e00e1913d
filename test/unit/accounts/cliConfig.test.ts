import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { readCliConfig } from '../../../src/core/accounts/cliConfig';
import { readCliJsonConfig } from '../../../src/core/accounts/cliJsonConfig';
import { cliEdge, deploymentEdge } from '../../../src/core/accounts/deployments';
import { render } from '../../../src/core/phrase';
import { anyJson, FUZZ_BOUND } from '../../support/untrustedInput';

function read(source: string) {
  const config = readCliConfig(source);
  assert.ok(config.ok, config.ok ? '' : render(config.problem));
  return { ...config, notes: config.notes.map((n) => render(n)) };
}

describe('the Axiom CLI config (~/.axiom.toml)', () => {
  it('one deployment: it is active, with or without active_deployment', () => {
    const config = read('[deployments.work]\nurl = "https://api.axiom.co"\ntoken = "xapt-1111"\norg_id = "acme-1"\n');
    assert.deepEqual(config.deployments, [
      { name: 'work', url: 'https://api.axiom.co', token: 'xapt-1111', orgId: 'acme-1' },
    ]);
    assert.equal(config.active, 'work');
    assert.deepEqual(config.notes, []);
  });

  it('several, with active_deployment naming one of them', () => {
    const config = read(
      'active_deployment = "personal"\n\n[deployments.work]\nurl = "https://api.axiom.co"\ntoken = "xaat-aaaa"\n\n[deployments.personal]\nurl = "https://api.eu.axiom.co/"\ntoken = "xapt-bbbb"\norg_id = "me-2"\n',
    );
    assert.deepEqual(
      config.deployments.map((d) => d.name),
      ['work', 'personal'],
    );
    assert.equal(config.active, 'personal');
    assert.equal(config.deployments[0].orgId, undefined, 'an API token needs no org id');
  });

  it('several without active_deployment: none is active', () => {
    const config = read(
      '[deployments.a]\nurl = "https://api.axiom.co"\ntoken = "t-aaaaaa"\n[deployments.b]\nurl = "https://api.axiom.co"\ntoken = "t-bbbbbb"\n',
    );
    assert.equal(config.active, undefined);
    assert.deepEqual(config.notes, []);
  });

  it('an active name that does not exist: none is active, and it says so', () => {
    const config = read(
      'active_deployment = "gone"\n[deployments.a]\nurl = "https://api.axiom.co"\ntoken = "t-aaaaaa"\n[deployments.b]\nurl = "https://api.axiom.co"\ntoken = "t-bbbbbb"\n',
    );
    assert.equal(config.active, undefined);
    assert.deepEqual(config.notes, ['the active deployment “gone” is not among them.']);
  });

  it('rewrites cloud. to api. in a url, as the CLI does', () => {
    const config = read(
      '[deployments.c]\nurl = "https://cloud.axiom.co"\ntoken = "xaat-cccc"\n[deployments.d]\nurl = "https://axiom.mycloud.example/cloud.x"\ntoken = "xaat-dddd"\n',
    );
    assert.equal(config.deployments[0].url, 'https://api.axiom.co');
    assert.equal(
      config.deployments[1].url,
      'https://axiom.mycloud.example/cloud.x',
      'only a host name that starts with cloud. is rewritten',
    );
  });

  it('a deployment missing its url or token is left out and named; the rest import', () => {
    const config = read(
      '[deployments.nourl]\ntoken = "xaat-1"\n[deployments.notoken]\nurl = "https://api.axiom.co"\n[deployments.ok]\nurl = "https://api.axiom.co"\ntoken = "xaat-2"\n[deployments.odd]\n',
    );
    assert.deepEqual(
      config.deployments.map((d) => d.name),
      ['ok'],
    );
    assert.deepEqual(config.notes, [
      '“nourl” has no url: left out.',
      '“notoken” has no token: left out.',
      '“odd” has no url: left out.',
    ]);
    assert.equal(config.active, 'ok', 'the one usable deployment is the active one');
  });

  it('unknown keys are ignored; the edge keys are read', () => {
    const config = read(
      'theme = "dark"\n[extra]\nx = 1\n[deployments.e]\nurl = "https://api.axiom.co"\ntoken = "xaat-e"\nedge_url = "https://eu-central-1.aws.edge.axiom.co"\nedge_region = "eu-central-1"\nfavourite = true\n',
    );
    assert.deepEqual(config.deployments, [
      {
        name: 'e',
        url: 'https://api.axiom.co',
        token: 'xaat-e',
        edgeUrl: 'https://eu-central-1.aws.edge.axiom.co',
        edgeRegion: 'eu-central-1',
      },
    ]);
  });

  it('the import carries edge_url, else edge_region, into the deployment; an edge that cannot be used is left out and said', () => {
    const config = read(
      [
        '[deployments.url]\nurl = "https://api.axiom.co"\ntoken = "xaat-1"\nedge_url = "https://eu-central-1.aws.edge.axiom.co"\nedge_region = "us-east-1"',
        '[deployments.region]\nurl = "https://api.axiom.co"\ntoken = "xaat-2"\nedge_region = "eu-central-1"',
        '[deployments.badurl]\nurl = "https://api.axiom.co"\ntoken = "xaat-3"\nedge_url = "http://eu.example.com"\nedge_region = "eu-central-1"',
        '[deployments.bad]\nurl = "https://api.axiom.co"\ntoken = "xaat-4"\nedge_url = "http://eu.example.com"',
        '[deployments.none]\nurl = "https://api.axiom.co"\ntoken = "xaat-5"',
      ].join('\n'),
    );
    const edges = Object.fromEntries(
      config.deployments.map((d) => {
        const { edge, problem } = cliEdge(d);
        return [d.name, edge ?? (problem ? `refused: ${render(problem)}` : 'none')];
      }),
    );
    assert.deepEqual(edges, {
      url: 'https://eu-central-1.aws.edge.axiom.co',
      region: 'eu-central-1',
      badurl: 'eu-central-1',
      bad: 'refused: The edge “http://eu.example.com” is plain http: the token would travel unencrypted. Use https (http is allowed only for localhost).',
      none: 'none',
    });
    // What is kept reads as the edge the CLI meant.
    assert.deepEqual(deploymentEdge({ edge: edges.region }), {
      ok: true,
      value: 'https://eu-central-1.aws.edge.axiom.co',
    });
  });

  it('the newer CLI’s JSON: the same edge keys, carried the same way', () => {
    const config = readCliJsonConfig(
      JSON.stringify({
        deployments: { j: { url: 'https://api.axiom.co', token: 'xaat-j', edge_region: 'eu-central-1' } },
      }),
    );
    assert.ok(config.ok);
    assert.deepEqual(config.deployments.map(cliEdge), [{ edge: 'eu-central-1' }]);
  });

  it('a malformed file: nothing is imported, and the problem names its line', () => {
    const config = readCliConfig(
      'active_deployment = "a"\n[deployments.a]\nurl = "https://api.axiom.co\ntoken = "x"\n',
    );
    assert.equal(config.ok, false);
    assert.match(render(config.ok ? '' : config.problem), /^line 3, column \d+: /);
    const notTable = readCliConfig('deployments = "all of them"\n');
    assert.equal(notTable.ok, false);
    assert.match(render(notTable.ok ? '' : notTable.problem), /not a table of deployments/);
  });

  it('an empty file lists no deployments', () => {
    assert.deepEqual(read('').deployments, []);
  });
});

// Fuzzing: arbitrary input, bounded in time; the reader answers without an exception other than the
// one typed error. A failure found here is fixed and kept as a regular test above.

describe("fuzz: the Axiom CLI's files, any bytes", () => {
  it('~/.axiom.toml and config.json: a configuration or a problem, never an exception', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b).toString('utf8')),
      fc.string({
        unit: fc.constantFrom(
          '[',
          ']',
          '"',
          "'",
          '=',
          '\n',
          'deployments',
          '.',
          'url',
          'token',
          'active_deployment',
          ' ',
          '{',
          '}',
          ':',
          ',',
          '\\u0000',
          'org_id',
          '#',
        ),
        maxLength: 200,
      }),
      anyJson.map((v) => JSON.stringify(v)),
    );
    fc.assert(
      fc.property(bytes, (source) => {
        for (const read of [readCliConfig, readCliJsonConfig]) {
          const config = read(source);
          assert.equal(typeof config.ok, 'boolean');
        }
      }),
      FUZZ_BOUND,
    );
  });
});
