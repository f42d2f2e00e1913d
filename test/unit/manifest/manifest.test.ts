// The manifest as a guest in someone else's VS Code: its own ids, settings that a workspace cannot
// turn against the person, menus only where they apply, and no dangling references.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { FEATURES } from '../../../src/platform/declarations';
import { projectRoot } from '../../support/projectRoot';

interface MenuItem {
  command?: string;
  submenu?: string;
  when?: string;
  group?: string;
}

interface Manifest {
  activationEvents?: string[];
  capabilities?: {
    untrustedWorkspaces?: { supported?: boolean | 'limited'; restrictedConfigurations?: string[] };
    virtualWorkspaces?: boolean | { supported?: boolean | 'limited' };
  };
  contributes: {
    commands: { command: string; title: string; icon?: string }[];
    menus: Record<string, MenuItem[]>;
    languages?: { id: string; aliases?: string[]; extensions?: string[]; configuration?: string }[];
    grammars?: {
      language?: string;
      scopeName: string;
      path: string;
      injectTo?: string[];
      embeddedLanguages?: Record<string, string>;
    }[];
    configuration: { properties: Record<string, { scope?: string }> };
    viewsWelcome?: { view: string; contents: string; when?: string }[];
  };
}

const manifestText = fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8');
const manifest = JSON.parse(manifestText) as Manifest;
const nls = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.nls.json'), 'utf8')) as Record<string, string>;
const { contributes } = manifest;
const menuItems = Object.entries(contributes.menus).flatMap(([menu, items]) =>
  items.map((item) => ({ menu, ...item })),
);
const whenClauses = [...menuItems.map((i) => i.when), ...(contributes.viewsWelcome ?? []).map((w) => w.when)].filter(
  (w): w is string => w !== undefined,
);

describe('manifest: ids of its own', () => {
  it('contributes no language "apl" (the APL programming language\'s id) and no grammar for it', () => {
    for (const language of contributes.languages ?? []) {
      assert.notEqual(
        language.id.toLowerCase(),
        'apl',
        'the language id "apl" belongs to the APL programming language',
      );
    }
    for (const grammar of contributes.grammars ?? []) {
      assert.notEqual(grammar.language?.toLowerCase(), 'apl', `grammar ${grammar.scopeName} is for the language "apl"`);
      assert.notEqual(grammar.scopeName, 'source.apl', "source.apl is the APL programming language's scope");
    }
    assert.ok(
      !(manifest.activationEvents ?? []).includes('onLanguage:apl'),
      'activation on the APL programming language',
    );
  });

  it('the Axiom APL language is axiom-apl, for .apl files, with a configuration file that exists and ships', () => {
    const language = (contributes.languages ?? []).find((l) => l.id === 'axiom-apl');
    assert.ok(language, 'the language axiom-apl is contributed');
    assert.deepEqual(language.extensions, ['.apl']);
    assert.ok(language.configuration, 'it has a language configuration');
    const configuration = path.normalize(language.configuration).replace(/^[./\\]+/, '');
    assert.ok(fs.existsSync(path.join(projectRoot, configuration)), `${configuration} exists`);
    const shipped = fs
      .readFileSync(path.join(projectRoot, '.vscodeignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    assert.ok(
      shipped.includes(`!${configuration.split(path.sep).join('/')}`),
      `.vscodeignore lets ${configuration} into the .vsix`,
    );
  });

  it('the grammars: source.axiom-apl for axiom-apl, an injection for Markdown code blocks of axiom-apl; each file exists and ships', () => {
    const grammars = contributes.grammars ?? [];
    const main = grammars.find((g) => g.language === 'axiom-apl');
    assert.equal(main?.scopeName, 'source.axiom-apl');
    const injection = grammars.find((g) => g.injectTo?.includes('text.html.markdown'));
    assert.ok(injection, 'a grammar is injected into Markdown');
    assert.deepEqual(
      Object.values(injection.embeddedLanguages ?? {}),
      ['axiom-apl'],
      'the embedded block is axiom-apl, never apl',
    );
    const allowed = fs
      .readFileSync(path.join(projectRoot, '.vscodeignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith('!'));
    const ships = (file: string) =>
      allowed.some((line) =>
        new RegExp(
          `^${line
            .slice(1)
            .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
            .replace(/\*\*/g, '.*')
            .replace(/(?<!\.)\*/g, '[^/]*')}$`,
        ).test(file),
      );
    for (const grammar of grammars) {
      const file = path
        .normalize(grammar.path)
        .replace(/^[./\\]+/, '')
        .split(path.sep)
        .join('/');
      const text = fs.readFileSync(path.join(projectRoot, file), 'utf8');
      assert.equal(
        (JSON.parse(text) as { scopeName?: string }).scopeName,
        grammar.scopeName,
        `${file} declares ${grammar.scopeName}`,
      );
      assert.ok(ships(file), `.vscodeignore lets ${file} into the .vsix`);
    }
  });

  it("starts only at the extension's own moments: no other language's documents start it", () => {
    // Every window with a TypeScript, Python or Go file open started the extension (and loaded the
    // accounts bundle for its status bar) for log activity, a feature off until turned on, which its
    // own commands start (issue 51). VS Code starts an extension for its views, commands, tools and
    // its own languages without an event listed here.
    const contributed = new Set((contributes.languages ?? []).map((l) => l.id));
    for (const event of manifest.activationEvents ?? []) {
      const [kind, id = ''] = event.split(':');
      if (kind === 'onLanguage')
        assert.ok(contributed.has(id), `${event}: a language the extension does not contribute`);
      else assert.ok(/^axiom[.-]/.test(id), `${event}: not one of the extension's own ids`);
    }
  });

  it('every when clause that names a language names a contributed one', () => {
    const contributed = new Set((contributes.languages ?? []).map((l) => l.id));
    for (const when of whenClauses) {
      for (const [, id] of when.matchAll(/\b(?:editorLangId|resourceLangId)\s*==\s*'?([\w.-]+)'?/g)) {
        assert.ok(contributed.has(id), `"${when}" names the language ${id}, which this extension does not contribute`);
      }
    }
  });
});

describe("manifest: settings that decide where the token goes are the person's", () => {
  const properties = contributes.configuration.properties;
  /** A workspace may pick one of the person's own deployments by name: that cannot point anywhere new. */
  const PICKS_BY_NAME = 'axiom.deployment';
  const destination = Object.keys(properties).filter(
    (key) =>
      key.startsWith('axiom.') && key !== PICKS_BY_NAME && /url|org|deployment|edge/i.test(key.slice('axiom.'.length)),
  );

  it('finds them (axiom.url, axiom.orgId and the deployments at least)', () => {
    for (const key of ['axiom.url', 'axiom.orgId', 'axiom.deployments', 'axiom.edge'])
      assert.ok(destination.includes(key), key);
  });

  it('the workspace setting that picks a deployment is a plain name', () => {
    const pick = properties[PICKS_BY_NAME] as { type?: string; format?: string };
    assert.equal(pick.type, 'string');
    assert.equal(pick.format, undefined);
  });

  it('each is application or machine scoped, so that a workspace value is ignored', () => {
    for (const key of destination) {
      assert.ok(
        ['application', 'machine'].includes(properties[key].scope ?? 'window'),
        `${key} has scope ${properties[key].scope ?? 'window (the default)'}`,
      );
    }
  });

  it('untrusted and virtual workspaces are declared', () => {
    const { capabilities } = manifest;
    assert.ok(capabilities, 'capabilities are declared');
    const untrusted = capabilities.untrustedWorkspaces;
    assert.ok(untrusted && untrusted.supported !== undefined, 'capabilities.untrustedWorkspaces.supported is declared');
    if (untrusted.supported === 'limited') {
      for (const key of destination)
        assert.ok(untrusted.restrictedConfigurations?.includes(key), `${key} is restricted in untrusted workspaces`);
    }
    assert.ok(capabilities.virtualWorkspaces !== undefined, 'capabilities.virtualWorkspaces is declared');
  });
});

describe('manifest: menus where they apply', () => {
  it('every editor context menu item has a when clause, and not editorIsOpen alone', () => {
    const items = menuItems.filter((i) => i.menu === 'editor/context');
    assert.ok(items.length > 0);
    for (const item of items) {
      const when = item.when?.trim();
      assert.ok(when, `${item.command} in editor/context has no when clause`);
      assert.notEqual(when, 'editorIsOpen', `${item.command} in editor/context shows in every editor`);
    }
  });

  it('no menu item shows on editorIsOpen alone', () => {
    for (const item of menuItems)
      assert.notEqual(
        item.when?.trim(),
        'editorIsOpen',
        `${item.command} in ${item.menu} shows whenever any editor is open`,
      );
  });

  it('every command in a menu or a welcome link is contributed', () => {
    const commands = new Set(contributes.commands.map((c) => c.command));
    for (const item of menuItems) {
      if (item.command)
        assert.ok(commands.has(item.command), `${item.command} in ${item.menu} is not in contributes.commands`);
    }
    const welcome = (contributes.viewsWelcome ?? []).map((w) =>
      w.contents.match(/^%(.+)%$/) ? (nls[w.contents.slice(1, -1)] ?? '') : w.contents,
    );
    for (const [, command] of welcome.join('\n').matchAll(/\(command:(axiom\.[\w]+)/g)) {
      assert.ok(commands.has(command), `a welcome link runs ${command}, which is not in contributes.commands`);
    }
  });
});

describe("manifest: the views' context keys", () => {
  it('every key of a view a `when` clause reads is one the view sets, and each one it sets is read', () => {
    const declared = new Map<string, Set<string>>();
    for (const feature of Object.values(FEATURES) as { view?: string; viewKeys?: readonly string[] }[])
      if (feature.view) declared.set(feature.view, new Set(['state', 'filtered', ...(feature.viewKeys ?? [])]));
    const clauses = [
      ...Object.values(contributes.menus).flatMap((items) => items.map((i) => i.when ?? '')),
      ...(contributes.viewsWelcome ?? []).map((w) => w.when ?? ''),
    ];
    const read = new Set<string>();
    for (const clause of clauses)
      for (const [, view, key] of clause.matchAll(/\b(axiom\.\w+)\.(\w+)\b/g))
        if (declared.has(view)) {
          assert.ok(declared.get(view)!.has(key), `a when clause reads ${view}.${key}, which the view does not set`);
          read.add(`${view}.${key}`);
        }
    for (const [view, keys] of declared)
      for (const key of keys)
        assert.ok(read.has(`${view}.${key}`), `${view} sets ${view}.${key}, which no when clause reads`);
  });
});

describe('manifest: the list views filter the same way', () => {
  // Each view: its Filter command and its Clear Filter command; the context key that says a filter
  // is on is named after the view (constants.ts's viewKey).
  const views = [
    {
      view: 'axiom.monitors',
      filter: 'axiom.filterMonitors',
      clear: 'axiom.clearMonitorsFilter',
    },
    {
      view: 'axiom.starredQueries',
      filter: 'axiom.filterStarredQueries',
      clear: 'axiom.clearStarredFilter',
    },
    {
      view: 'axiom.datasets',
      filter: 'axiom.filterDatasets',
      clear: 'axiom.clearDatasetsFilter',
    },
    {
      view: 'axiom.queryHistory',
      filter: 'axiom.filterQueryHistory',
      clear: 'axiom.clearQueryHistoryFilter',
    },
    {
      view: 'axiom.annotations',
      filter: 'axiom.filterAnnotations',
      clear: 'axiom.clearAnnotationsFilter',
    },
    {
      view: 'axiom.dashboards',
      filter: 'axiom.filterDashboards',
      clear: 'axiom.clearDashboardsFilter',
    },
  ];
  const command = (id: string) => contributes.commands.find((c) => c.command === id);
  const titleItem = (id: string) => (contributes.menus['view/title'] ?? []).find((i) => i.command === id);

  it('Filter first in each title bar, with the filter icon and a title "Filter …"', () => {
    for (const { view, filter } of views) {
      assert.equal(command(filter)?.icon, '$(filter)', filter);
      assert.match(nls[command(filter)!.title.slice(1, -1)], /^Filter .+…$/, filter);
      assert.deepEqual(titleItem(filter), { command: filter, when: `view == ${view}`, group: 'navigation@1' });
    }
  });

  it('Clear Filter beside it while a filter is on, and in the Command Palette only then', () => {
    for (const { view, clear } of views) {
      const key = `${view}.filtered`;
      assert.equal(command(clear)?.icon, '$(clear-all)', clear);
      assert.match(nls[command(clear)!.title.slice(1, -1)], /^Clear .+ Filter$/, clear);
      assert.deepEqual(titleItem(clear), { command: clear, when: `view == ${view} && ${key}`, group: 'navigation@2' });
      assert.equal(contributes.menus.commandPalette.find((i) => i.command === clear)?.when, key, clear);
    }
  });

  it('no other title bar button shows the filter icon', () => {
    const filters = new Set(views.map((v) => v.filter));
    for (const item of contributes.menus['view/title'] ?? []) {
      const icon = command(item.command ?? '')?.icon;
      if (item.group?.startsWith('navigation') && (icon === '$(filter)' || icon === '$(filter-filled)'))
        assert.ok(filters.has(item.command!), `${item.command} shows a filter icon in the title bar`);
    }
  });
});

describe('manifest: strings', () => {
  const keys = [...manifestText.matchAll(/"%([^%"]+)%"/g)].map(([, key]) => key);

  it('every %key% in package.json is in package.nls.json', () => {
    assert.ok(keys.length > 0);
    for (const key of keys) assert.ok(key in nls, `%${key}% is missing from package.nls.json`);
  });

  it('every key of package.nls.json is used', () => {
    for (const key of Object.keys(nls))
      assert.ok(keys.includes(key), `${key} in package.nls.json is not used by package.json`);
  });
});
