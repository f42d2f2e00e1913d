// The project's lint (npm run lint runs it with --max-warnings 0, then prettier --check):
//  - TypeScript (src/, test/): typescript-eslint's type-checked recommended rules, each file checked
//    with its own tsconfig.json (the browser code of src/webview and test/webview with the DOM), so
//    that a floating promise, which in an extension host drops its error, is caught;
//  - the layering of the house (./layeringRules.mjs): core, webview, platform and feature boundaries;
//  - the build and harness scripts (*.mjs): ESLint's recommended rules, without type information.
// It lives here rather than at the top of the repository, which keeps only the manifest, the build
// and the folders; `npm run lint` names it with --config, and ESLint then takes paths from the
// working directory (the project's folder, where npm runs scripts).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { layering } from './layeringRules.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default defineConfig(
  globalIgnores(['node_modules/', 'dist/', 'dist-vsix/', 'out/', '.vscode-test/', 'bench-results/', 'media/']),
  {
    name: 'project/typescript',
    basePath: root,
    files: ['**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // Each file is checked by the nearest tsconfig.json: src/webview and test/webview have their own.
        projectService: true,
        tsconfigRootDir: root,
      },
    },
    rules: {
      // node:test's describe() and it() return promises that the runner itself awaits and reports.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] },
          ],
        },
      ],
      // An async function without await is how a function that may throw returns a rejected promise
      // instead (steps of a check, fakes of an interface): the rule would trade it for wrappers.
      '@typescript-eslint/require-await': 'off',
      // tsc checks unused names already (noUnusedLocals, noUnusedParameters), with its `_` convention.
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  {
    // The scripts that drive the results panel and the notebook in chromium are type-checked by
    // test/webview/tsconfig.json (with the DOM), which is not their nearest one.
    name: 'project/bench-in-browser',
    basePath: root,
    files: [
      'test/bench/resultsPaint.ts',
      'test/bench/notebookPaint.ts',
      'test/bench/annotationPaint.ts',
      'test/bench/dashboardPreview.ts',
      'test/bench/tracePaint.ts',
      'test/bench/codeLinksPaint.ts',
    ],
    languageOptions: {
      parserOptions: { projectService: false, project: ['test/webview/tsconfig.json'], tsconfigRootDir: root },
    },
  },
  ...layering(root),
  {
    name: 'project/scripts',
    basePath: root,
    files: ['**/*.mjs'],
    extends: [js.configs.recommended],
    // Node's globals, as the Node that runs the lint has them (the scripts run in the same Node).
    languageOptions: {
      globals: Object.fromEntries(Object.getOwnPropertyNames(globalThis).map((name) => [name, 'readonly'])),
    },
  },
);
