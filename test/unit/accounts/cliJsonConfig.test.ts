import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readCliJsonConfig } from '../../../src/core/accounts/cliJsonConfig';
import { cliJsonConfigPaths } from '../../../src/core/accounts/cliPaths';
import { render } from '../../../src/core/phrase';

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
