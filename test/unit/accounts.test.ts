import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readCliConfig } from '../../src/core/accounts/cliConfig';
import { readCliJsonConfig } from '../../src/core/accounts/cliJsonConfig';
import { cliJsonConfigPaths } from '../../src/core/accounts/cliPaths';
import {
  checkDeploymentName,
  checkDeploymentUrl,
  chooseDeployment,
  readDeployments,
  SETTINGS_DEPLOYMENT,
} from '../../src/core/accounts/deployments';
import { render } from '../../src/core/phrase';

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

  it('unknown keys are ignored; the edge keys are kept for later', () => {
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

describe('the newer Axiom CLI’s config (config.json)', () => {
  it('is looked for on every platform’s path, $XDG_CONFIG_HOME first wherever it is set', () => {
    assert.deepEqual(cliJsonConfigPaths({ platform: 'linux', home: '/home/ann', env: {} }), [
      '/home/ann/.config/axiom/config.json',
      '/home/ann/.axiom.json',
    ]);
    assert.deepEqual(cliJsonConfigPaths({ platform: 'linux', home: '/home/ann', env: { XDG_CONFIG_HOME: '/xdg' } }), [
      '/xdg/axiom/config.json',
      '/home/ann/.config/axiom/config.json',
      '/home/ann/.axiom.json',
    ]);
    assert.deepEqual(cliJsonConfigPaths({ platform: 'darwin', home: '/Users/ann', env: {} }), [
      '/Users/ann/Library/Application Support/axiom/config.json',
      '/Users/ann/.config/axiom/config.json',
      '/Users/ann/.axiom.json',
    ]);
    assert.deepEqual(
      cliJsonConfigPaths({
        platform: 'win32',
        home: 'C:\\Users\\ann',
        env: { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' },
      }),
      ['C:\\Users\\ann\\AppData\\Roaming\\axiom\\config.json', 'C:\\Users\\ann\\.axiom.json'],
    );
    assert.deepEqual(
      cliJsonConfigPaths({ platform: 'win32', home: 'C:\\Users\\ann', env: {} })[0],
      'C:\\Users\\ann\\AppData\\Roaming\\axiom\\config.json',
    );
  });

  it('reads the file written where the CLI writes it, by the newer CLI’s rules', async () => {
    const home = await fs.mkdtemp(path.join(os.tmpdir(), 'axiom-cli-json-'));
    try {
      const [file] = cliJsonConfigPaths({ platform: 'linux', home, env: {} });
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(
        file,
        JSON.stringify({
          active_deployment: 'prod',
          deployments: {
            prod: { url: 'https://cloud.axiom.co', token: 'xapt-json-1111', org_id: 'acme-1' },
            lab: { url: 'https://api.axiom.co', token: 'xaat-json-2222' },
          },
        }),
      );
      const config = readCliJsonConfig(await fs.readFile(file, 'utf8'));
      assert.ok(config.ok);
      assert.deepEqual(config.deployments, [
        { name: 'prod', url: 'https://cloud.axiom.co', token: 'xapt-json-1111', orgId: 'acme-1' },
        { name: 'lab', url: 'https://api.axiom.co', token: 'xaat-json-2222' },
      ]);
      assert.equal(config.active, 'prod');
    } finally {
      await fs.rm(home, { recursive: true, force: true });
    }
    const single = readCliJsonConfig('{"deployments":{"only":{"url":"https://api.axiom.co","token":"xaat-x-123456"}}}');
    assert.ok(single.ok && single.active === undefined, 'only active_deployment names the active one');
    const broken = readCliJsonConfig('{"deployments":');
    assert.ok(!broken.ok && /not valid JSON/.test(render(broken.problem)));
    assert.ok(!readCliJsonConfig('[1]').ok);
    const empty = readCliJsonConfig('{"deployments":{}}');
    assert.ok(empty.ok && empty.deployments.length === 0);
  });
});
