import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { ESLint, Linter } from 'eslint';

// npm runs the tests from the project's folder. ESLint and the layering rules are loaded from
// there as they are (not bundled into this test): the rules are what `npm run lint` runs.
const PROJECT = path.resolve('.');
const RULES = path.join(PROJECT, 'test/lint/layeringRules.mjs');
const CONFIG = path.join(PROJECT, 'test/lint/eslint.config.mjs');
const trees: string[] = [];

type EslintModule = { ESLint: new (options: ESLint.Options) => ESLint };
const fromProject = createRequire(path.join(PROJECT, 'package.json'));
type RulesModule = { layering(root: string): Linter.Config[] };
/** Loads an ES module at run time, by its path: `import()` of a variable, which the test's bundler leaves alone. */
const load = <T>(file: string): Promise<T> => import(pathToFileURL(file).href) as Promise<T>;
let eslint: EslintModule;
let rules: RulesModule;

/** A small tree of the given files, in a folder of its own. */
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-lint-'));
  trees.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

/**
 * Runs the layering rules (the project's, without the type-checked rules, which need a tsconfig)
 * on a small tree; each finding as `file:line: rule: message`.
 */
async function lint(files: Record<string, string>): Promise<string[]> {
  const root = tree(files);
  const linter = new eslint.ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: rules.layering(root) });
  const results = await linter.lintFiles(['src/**/*.ts']);
  return results
    .flatMap((result) =>
      result.messages.map(
        (m) => `${path.relative(root, result.filePath).split(path.sep).join('/')}:${m.line}: ${m.ruleId}: ${m.message}`,
      ),
    )
    .sort();
}

const findingsOf = (findings: string[], rule: string) => findings.filter((f) => f.includes(`: house/${rule}: `));

describe('the layering lint', () => {
  before(async () => {
    eslint = fromProject('eslint') as EslintModule;
    rules = await load<RulesModule>(RULES);
  });
  after(() => trees.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('fails a vscode import in any folder under src/core: import, require, import type or typeof import()', async () => {
    const folders = ['core', 'core/api', 'core/accounts', 'core/monitors', 'core/starred', 'core/apl', 'core/query'];
    const files: Record<string, string> = {};
    for (const folder of folders)
      files[`src/${folder}/x.ts`] = "import * as vscode from 'vscode';\nexport const v = vscode;\n";
    files['src/core/query/required.ts'] = "export const v = require('vscode');\n";
    files['src/core/apl/typeOnly.ts'] = "export type V = typeof import('vscode');\n";
    files['src/core/apl/importType.ts'] = "import type { Uri } from 'vscode';\nexport type U = Uri;\n";
    const findings = await lint(files);
    for (const file of Object.keys(files))
      assert.ok(
        findings.some((f) => f.startsWith(`${file}:1: house/no-vscode: src/core must not import 'vscode'`)),
        `${file} not reported:\n${findings.join('\n')}`,
      );
    assert.equal(findings.length, Object.keys(files).length, findings.join('\n'));
  });

  it('passes the same import on the VS Code side of a feature', async () => {
    const findings = await lint({
      'src/monitors/view.ts': "import * as vscode from 'vscode';\nexport const v = vscode;\n",
      'src/core/monitors/words.ts': 'export const w = 1;\n',
    });
    assert.deepEqual(findings, []);
  });

  it('fails vscode and Node modules in the webview, and passes its browser imports', async () => {
    const findings = await lint({
      'src/webview/results/a.ts': "import * as vscode from 'vscode';\nexport const v = vscode;\n",
      'src/webview/results/b.ts': "import fs from 'node:fs';\nexport const f = fs;\n",
      'src/webview/results/c.ts': "import path from 'path';\nexport const p = path;\n",
      'src/webview/results/d.ts':
        "import uPlot from 'uplot';\nimport { readHostMessage } from '../../core/run/resultsProtocol';\nexport const u = [uPlot, readHostMessage];\n",
    });
    assert.ok(
      findings.includes(
        "src/webview/results/a.ts:1: house/browser-only: src/webview runs in a browser: it must not import 'vscode'",
      ),
      findings.join('\n'),
    );
    assert.match(findings.join('\n'), /src\/webview\/results\/b\.ts:1: house\/browser-only: .*'node:fs'/);
    assert.match(findings.join('\n'), /src\/webview\/results\/c\.ts:1: house\/browser-only: .*'path'/);
    assert.equal(findings.length, 3, findings.join('\n'));
  });

  it("fails a page's import from another page's folder, by any kind of import, and passes its imports of shared/", async () => {
    const findings = await lint({
      'src/webview/tail/a.ts': "import { el } from '../results/dom';\nexport const a = el;\n",
      'src/webview/tail/b.ts': "import type { Panel } from '../notebook/renderer';\nexport type B = Panel;\n",
      'src/webview/trace/c.ts': "export { Waterfall } from '../dashboard/tile';\n",
      'src/webview/shared/d.ts': "import { Tile } from '../dashboard/tile';\nexport const d = Tile;\n",
      'src/webview/tail/ok.ts':
        "import { el } from '../shared/dom';\nimport { format } from './format';\nimport { fill } from '../../core/phrase';\nexport const ok = [el, format, fill];\n",
    });
    assert.deepEqual(
      findings.map((f) => f.split(': ').slice(0, 2).join(': ')),
      [
        'src/webview/shared/d.ts:1: house/pages-through-shared',
        'src/webview/tail/a.ts:1: house/pages-through-shared',
        'src/webview/tail/b.ts:1: house/pages-through-shared',
        'src/webview/trace/c.ts:1: house/pages-through-shared',
      ],
    );
    assert.match(
      findings.join('\n'),
      /src\/webview\/tail\/a\.ts:1: house\/pages-through-shared: the page tail must not import '\.\.\/results\/dom' from the page results/,
    );
  });

  it('fails default exports, barrel index.ts files and `any`', async () => {
    const findings = await lint({
      'src/core/a.ts': 'export default function a(): number {\n  return 1;\n}\n',
      'src/core/b.ts': 'const b = 1;\nexport { b as default };\n',
      'src/platform/index.ts': "export { a } from './a';\n",
      'src/platform/a.ts': 'export const a = (x: any): number => x;\n',
    });
    assert.deepEqual(
      findings.map((f) => f.split(': ').slice(0, 2).join(': ')),
      [
        'src/core/a.ts:1: house/no-default-export',
        'src/core/b.ts:2: house/no-default-export',
        'src/platform/a.ts:1: @typescript-eslint/no-explicit-any',
        'src/platform/index.ts:1: house/no-barrel',
      ],
    );
  });

  describe("core/api and core/apl are the core's ground floor", () => {
    it('fails an import of theirs from another folder of src/core, by every kind of import', async () => {
      const files = {
        'src/core/api/client.ts': [
          "import { FIRST_ROWS } from '../run/resultsDelivery';",
          "import type { MonitorRecord } from '../monitors/monitorRecord';",
          "export type Source = typeof import('../accounts/tokenRefresh');",
          "export { checkConnection } from '../accounts/connectionCheck';",
          'export const uses = [FIRST_ROWS] as unknown as MonitorRecord[];',
          '',
        ].join('\n'),
        'src/core/apl/fileChecks.ts':
          "import { readMonitorFile } from '../monitors/monitorFile';\nexport const r = readMonitorFile;\n",
      };
      const findings = findingsOf(await lint(files), 'core-ground-floor');
      assert.deepEqual(
        findings.map((f) => f.split(': ')[0] + ' ' + /from core\/(\w+)/.exec(f)?.[1]),
        [
          'src/core/api/client.ts:1 run',
          'src/core/api/client.ts:2 monitors',
          'src/core/api/client.ts:3 accounts',
          'src/core/api/client.ts:4 accounts',
          'src/core/apl/fileChecks.ts:1 monitors',
        ],
      );
    });

    it("passes their imports of each other and of core's own files, and the other folders' imports of them", async () => {
      const findings = await lint({
        'src/core/api/client.ts': [
          "import { parse } from './parse';",
          "import { lex } from '../apl/lexer';",
          "import { isJsonObject } from '../json';",
          'export const uses = [parse, lex, isJsonObject];',
          '',
        ].join('\n'),
        'src/core/apl/checks.ts': "import type { AxiomError } from '../api/errors';\nexport type E = AxiomError;\n",
        'src/core/monitors/monitorWrites.ts': "import { uses } from '../api/client';\nexport const w = uses;\n",
      });
      assert.deepEqual(findings, []);
    });
  });

  describe('src/platform sits below the features', () => {
    it('fails an import from any feature folder, a new one included, by every kind of import', async () => {
      const files = {
        'src/platform/loader.ts': [
          "import { MonitorsView } from '../monitors/monitorsView';",
          "import type { Runner } from '../run/ports';",
          "export type Bundle = typeof import('../annotations/bundle');",
          "export const load = (): unknown => require('../starred/bundle');",
          "export const later = (): Promise<unknown> => import('../history/bundle');",
          "export { signIn } from '../accounts/signIn';",
          'export const uses = [MonitorsView] as unknown as Runner[];',
          '',
        ].join('\n'),
        'src/annotations/bundle.ts': 'export const a = 1;\n',
      };
      const findings = findingsOf(await lint(files), 'platform-below-features');
      assert.deepEqual(
        findings.map((f) => f.split(': ')[0] + ' ' + /the feature (\w+)/.exec(f)?.[1]),
        [1, 2, 3, 4, 5, 6].map(
          (line, i) =>
            `src/platform/loader.ts:${line} ${['monitors', 'run', 'annotations', 'starred', 'history', 'accounts'][i]}`,
        ),
      );
    });

    it('passes imports from the platform, the core and the webview, and features importing the platform', async () => {
      const findings = await lint({
        'src/platform/loader.ts': [
          "import { log } from './log';",
          "import { render } from '../core/phrase';",
          "import type { HostMessage } from '../webview/results/protocol';",
          'export const uses: unknown[] = [log, render] satisfies unknown[] as HostMessage[];',
          '',
        ].join('\n'),
        'src/platform/log.ts': 'export const log = 1;\n',
        'src/monitors/view.ts': "import { log } from '../platform/log';\nexport const v = log;\n",
        'src/features.ts': "import { v } from './monitors/view';\nexport const all = [v];\n",
      });
      assert.deepEqual(findings, []);
    });
  });

  describe('features talk through ports', () => {
    it('fails a value import from another feature, and a type import of anything but its ports.ts', async () => {
      const findings = findingsOf(
        await lint({
          'src/notebook/controller.ts': [
            "import { QueryRunner } from '../run/queryRunner';",
            "import type { ResultsPanel } from '../run/resultsPanel';",
            "import { type Runner } from '../run/ports';",
            "import { RUNNER } from '../run/ports';",
            "export const star = (): unknown => require('../starred/starQuery');",
            "export type Schema = typeof import('../language/schema');",
            'export const uses: unknown[] = [QueryRunner, RUNNER] as Runner[] as ResultsPanel[];',
            '',
          ].join('\n'),
          'src/annotations/view.ts': "import { dashboards } from '../dashboards/list';\nexport const d = dashboards;\n",
        }),
        'features-through-ports',
      );
      assert.deepEqual(
        findings.map(
          (f) =>
            f.split(': ')[0] +
            ' ' +
            /the feature (\w+) must not import '([^']+)' from the feature (\w+)/.exec(f)?.slice(1).join(' '),
        ),
        [
          'src/annotations/view.ts:1 annotations ../dashboards/list dashboards',
          'src/notebook/controller.ts:1 notebook ../run/queryRunner run',
          'src/notebook/controller.ts:2 notebook ../run/resultsPanel run',
          'src/notebook/controller.ts:4 notebook ../run/ports run',
          'src/notebook/controller.ts:5 notebook ../starred/starQuery starred',
          'src/notebook/controller.ts:6 notebook ../language/schema language',
        ],
      );
    });

    it("passes type-only imports of another feature's ports.ts, and anything within the feature, the core and the platform", async () => {
      const findings = await lint({
        'src/notebook/controller.ts': [
          "import type { Runner } from '../run/ports';",
          "import { type StarQuery } from '../starred/ports';",
          "export type { FieldsOf } from '../datasets/ports';",
          "import { NotebookRange } from './notebookRange';",
          "import { log } from '../platform/log';",
          "import { render } from '../core/phrase';",
          'export const uses = [NotebookRange, log, render] as unknown as [Runner, StarQuery];',
          '',
        ].join('\n'),
        'src/extension.ts': "import { QueryRunner } from './run/queryRunner';\nexport const r = QueryRunner;\n",
      });
      assert.deepEqual(findings, []);
    });
  });

  describe("UI words reach VS Code's localisation one way", () => {
    it('fails vscode.l10n.t anywhere but src/platform/l10n.ts, however it is reached', async () => {
      const findings = findingsOf(
        await lint({
          'src/monitors/view.ts': "import * as vscode from 'vscode';\nexport const w = vscode.l10n.t('Monitors');\n",
          'src/platform/listView.ts': "import { l10n } from 'vscode';\nexport const w = l10n.t('More');\n",
          'src/core/words.ts': "import * as vscode from 'vscode';\nexport const t = vscode.l10n.t;\n",
          'src/run/panel.ts':
            "import * as vscode from 'vscode';\nconst { t } = vscode.l10n;\nexport const w = t('Run');\n",
        }),
        'l10n-in-one-place',
      );
      assert.deepEqual(
        findings.map((f) => f.split(': ')[0]),
        ['src/core/words.ts:2', 'src/monitors/view.ts:2', 'src/platform/listView.ts:2', 'src/run/panel.ts:2'],
      );
    });

    it('passes vscode.l10n.t in src/platform/l10n.ts, and say() everywhere', async () => {
      const findings = await lint({
        'src/platform/l10n.ts':
          "import * as vscode from 'vscode';\nexport const say = (text: string): string => vscode.l10n.t(text);\n",
        'src/monitors/view.ts': "import { say } from '../platform/l10n';\nexport const w = say('Monitors');\n",
      });
      assert.deepEqual(findings, []);
    });
  });

  describe('templates are literals, so the words can be extracted for translation', () => {
    it('fails a template in a variable given to localize or phrase, anywhere but the two doors', async () => {
      const findings = findingsOf(
        await lint({
          'src/monitors/view.ts':
            "import { localize } from '../platform/l10n';\nconst T = 'Monitors';\nexport const w = localize(T);\nexport const x = localize('Monitors {0}', T);\n",
          'src/core/words.ts':
            "import { phrase } from './phrase';\nexport const p = (t: string) => phrase(t);\nexport const q = phrase(`Loading ${'x'}`);\nexport const r = phrase(`Loading`);\n",
          'src/platform/l10n.ts': 'export const localize = (template: string): string => template;\n',
          'src/core/phrase.ts':
            'export const phrase = (template: string) => ({ template });\nexport const again = (t: string) => phrase(t);\n',
        }),
        'l10n-literal',
      );
      assert.deepEqual(
        findings.map((f) => f.split(': ')[0]),
        ['src/core/words.ts:2', 'src/core/words.ts:3', 'src/monitors/view.ts:3'],
      );
    });

    it("extracts each literal template and each word table's values, and the project's bundle is current", async () => {
      const extractor = await load<{
        templatesIn(source: string): string[];
        bundleOf(root: string): string;
        BUNDLE: string;
      }>(path.join(PROJECT, 'test/lint/l10nBundle.mjs'));
      const found = extractor.templatesIn(
        [
          "const a = localize('Open {0}', name);",
          'const b = phrase(`Loading monitors`);',
          'const c = localize(variable);',
          "export const MONITOR_WORDS = { run: 'Run', ran: 'Ran {0}', count: 3 } as const;",
          "const OTHER = { not: 'extracted' };",
          "const DOES = { signIn: 'sign in' };",
          "const sayNot = say('a string made elsewhere');",
        ].join('\n'),
      );
      assert.deepEqual(found, ['Open {0}', 'Loading monitors', 'Run', 'Ran {0}', 'sign in']);
      assert.equal(fs.readFileSync(path.join(PROJECT, extractor.BUNDLE), 'utf8'), extractor.bundleOf(PROJECT));
      const manifest = JSON.parse(fs.readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as { l10n?: string };
      assert.equal(manifest.l10n, './l10n');
    });
  });

  it("the project's config holds these rules where they belong, beside the type-checked rules", async () => {
    const project = new eslint.ESLint({ cwd: PROJECT, overrideConfigFile: CONFIG });
    const severity = (config: Linter.Config, rule: string) => {
      const setting = config.rules?.[rule];
      return Array.isArray(setting) ? setting[0] : setting;
    };
    const on = (file: string, rule: string) =>
      project
        .calculateConfigForFile(file)
        .then((config: Linter.Config) => [2, 'error'].includes(severity(config, rule) ?? 0));
    for (const rule of [
      '@typescript-eslint/no-floating-promises',
      '@typescript-eslint/no-misused-promises',
      '@typescript-eslint/await-thenable',
      '@typescript-eslint/no-unnecessary-type-assertion',
      '@typescript-eslint/no-explicit-any',
      'house/no-default-export',
    ]) {
      assert.ok(await on('src/monitors/monitorsView.ts', rule), rule);
      assert.ok(await on('test/unit/lint.test.ts', rule), rule);
    }
    assert.ok(await on('src/core/phrase.ts', 'house/no-vscode'));
    assert.ok(!(await on('src/monitors/monitorsView.ts', 'house/no-vscode')));
    assert.ok(await on('src/webview/results/main.ts', 'house/browser-only'));
    assert.ok(await on('src/webview/results/main.ts', 'house/pages-through-shared'));
    for (const rule of [
      'platform-below-features',
      'features-through-ports',
      'l10n-in-one-place',
      'l10n-literal',
      'no-barrel',
    ])
      assert.ok(await on('src/platform/listView.ts', `house/${rule}`), rule);
  });

  it('the format check of `npm run lint` fails a file Prettier would change, and passes it formatted', () => {
    const lintScript = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
      .scripts.lint;
    assert.match(
      lintScript,
      /eslint --config test\/lint\/eslint\.config\.mjs --max-warnings 0 \. && prettier --check \./,
    );
    const root = tree({
      'src/bad.ts': 'export const  a = { b: "c" }\n',
      'src/good.ts': "export const a = { b: 'c' };\n",
    });
    const check = (file: string) =>
      spawnSync(
        process.execPath,
        [
          path.join(PROJECT, 'node_modules/prettier/bin/prettier.cjs'),
          '--config',
          path.join(PROJECT, '.prettierrc.json'),
          '--check',
          file,
        ],
        { cwd: root, encoding: 'utf8' },
      );
    const bad = check('src/bad.ts');
    assert.equal(bad.status, 1, bad.stdout + bad.stderr);
    assert.match(bad.stdout + bad.stderr, /src\/bad\.ts/);
    const good = check('src/good.ts');
    assert.equal(good.status, 0, good.stdout + good.stderr);
  });
});
