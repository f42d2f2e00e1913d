import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

// npm runs the tests from the project's folder.
const LINT = path.resolve('test/lint/checkSource.mjs');
const trees: string[] = [];

/** Runs the project's lint on a small tree of the given files. */
function lint(files: Record<string, string>): { code: number | null; output: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-lint-'));
  trees.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  const run = spawnSync(process.execPath, [LINT, root], { encoding: 'utf8' });
  return { code: run.status, output: run.stdout + run.stderr };
}

describe('the layering lint', () => {
  after(() => trees.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('fails a vscode import in any folder under src/core: import, require or import type', () => {
    const folders = ['core', 'core/api', 'core/accounts', 'core/monitors', 'core/starred', 'core/apl', 'core/query'];
    const files: Record<string, string> = {};
    for (const folder of folders)
      files[`src/${folder}/x.ts`] = "import * as vscode from 'vscode';\nexport const v = vscode;\n";
    files['src/core/query/required.ts'] = "export const v = require('vscode');\n";
    files['src/core/apl/typeOnly.ts'] = "export type V = typeof import('vscode');\n";
    const result = lint(files);
    assert.equal(result.code, 1, result.output);
    for (const file of Object.keys(files))
      assert.ok(
        result.output.includes(`${file}:1: src/core must not import 'vscode'`),
        `${file} not reported:\n${result.output}`,
      );
  });

  it('passes the same import on the VS Code side of a feature', () => {
    const result = lint({
      'src/monitors/view.ts': "import * as vscode from 'vscode';\nexport const v = vscode;\n",
      'src/core/monitors/words.ts': 'export const w = 1;\n',
    });
    assert.equal(result.code, 0, result.output);
    assert.match(result.output, /lint: no findings/);
  });

  it('fails vscode and Node modules in the webview, and passes its browser imports', () => {
    const result = lint({
      'src/webview/results/a.ts': "import * as vscode from 'vscode';\nexport const v = vscode;\n",
      'src/webview/results/b.ts': "import fs from 'node:fs';\nexport const f = fs;\n",
      'src/webview/results/c.ts': "import path from 'path';\nexport const p = path;\n",
      'src/webview/results/d.ts':
        "import uPlot from 'uplot';\nimport { readHostMessage } from '../../core/run/resultsProtocol';\nexport const u = [uPlot, readHostMessage];\n",
    });
    assert.equal(result.code, 1, result.output);
    assert.match(
      result.output,
      /src\/webview\/results\/a\.ts:1: src\/webview runs in a browser: it must not import 'vscode'/,
    );
    assert.match(result.output, /src\/webview\/results\/b\.ts:1: .*'node:fs'/);
    assert.match(result.output, /src\/webview\/results\/c\.ts:1: .*'path'/);
    assert.ok(!result.output.includes('d.ts'), result.output);
  });
});
