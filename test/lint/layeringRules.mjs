// The layering of the house as ESLint rules (the plugin "house"), so that one lint keeps it true
// without anyone remembering it:
//   no-vscode            nothing under src/core imports 'vscode' (the core is plain TypeScript, unit-tested without VS Code)
//   browser-only         nothing under src/webview imports 'vscode' or a Node module (it runs in the webview's browser)
//   platform-below-features   nothing under src/platform imports from a feature folder, not even a type:
//                        the platform is the ground floor, the features stand on it
//   features-through-ports    no import from one feature folder into another; what a feature needs
//                        from another it types in its own folder (the notebook's notebookRunner.ts),
//                        and the composition root hands it over at registration. The one import let
//                        through is a type-only one of a module named ports.ts: no feature has one
//                        today, it is the place a type two features share would go
//   pages-through-shared nothing under src/webview/<page>/ imports from another page's folder: what two
//                        pages use lives in src/webview/shared/ (the page start, the words, the table
//                        and the chart), which imports from no page
//   core-ground-floor    nothing under src/core/api or src/core/apl (the service's client and the
//                        language, which every part of the core builds on) imports from another folder
//                        of src/core (monitors, run, accounts, …): what they need is passed to them
//   l10n-in-one-place    vscode.l10n.t is used only in src/platform/l10n.ts: UI words reach VS Code's
//                        localisation one way, through `say` and `translated` there
//   l10n-literal         the English template given to `localize` or `phrase` is a literal at each
//                        call (a word table goes through `translated`), so that the extension's words
//                        can be extracted for translation (test/lint/l10nBundle.mjs) without running it
//   no-default-export    no default exports (one name for a thing, wherever it is imported)
//   no-barrel            no barrel index.ts files under src: import from the module itself
// A feature folder is any folder directly under src/ but core, platform and webview (computed from
// the file's path, so a new feature is covered the day it is made). Paths are taken relative to the
// setting `house.root` (the project's folder), or ESLint's working directory when it is not set.
// None of these rules needs type information.
import { builtinModules } from 'node:module';
import path from 'node:path';
import tseslint from 'typescript-eslint';

/** The folders directly under src/ that are not features. */
const NOT_FEATURES = new Set(['core', 'platform', 'webview']);

/** A path relative to the project's root, with forward slashes. */
function fromRoot(context, file) {
  const root = context.settings.house?.root ?? context.cwd;
  return path.relative(root, file).split(path.sep).join('/');
}

/** The feature folder a project path is in (`src/<feature>/...`), or undefined. */
function featureOf(projectPath) {
  const match = /^src\/([^/]+)\/./.exec(projectPath);
  return match && !NOT_FEATURES.has(match[1]) ? match[1] : undefined;
}

/**
 * Calls `check(specifier, node, typeOnly)` for every way a module names another: import and export
 * declarations, `import type`, `import x = require()`, `require()`, `import()` and `typeof import()`.
 * `typeOnly` is true when nothing of the imported module is left at run time.
 */
function eachImport(check) {
  const literal = (node) => (node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined);
  const allTypes = (specifiers, kind) => specifiers.length > 0 && specifiers.every((s) => s[kind] === 'type');
  return {
    ImportDeclaration(node) {
      check(node.source.value, node, node.importKind === 'type' || allTypes(node.specifiers, 'importKind'));
    },
    ExportNamedDeclaration(node) {
      if (node.source)
        check(node.source.value, node, node.exportKind === 'type' || allTypes(node.specifiers, 'exportKind'));
    },
    ExportAllDeclaration(node) {
      check(node.source.value, node, node.exportKind === 'type');
    },
    TSImportEqualsDeclaration(node) {
      const specifier =
        node.moduleReference.type === 'TSExternalModuleReference' && literal(node.moduleReference.expression);
      if (specifier) check(specifier, node, node.importKind === 'type');
    },
    TSImportType(node) {
      const specifier = literal(node.source) ?? literal(node.argument?.literal);
      if (specifier) check(specifier, node, true);
    },
    ImportExpression(node) {
      const specifier = literal(node.source);
      if (specifier) check(specifier, node, false);
    },
    CallExpression(node) {
      const specifier = node.arguments.length === 1 ? literal(node.arguments[0]) : undefined;
      if (specifier && node.callee.type === 'Identifier' && node.callee.name === 'require')
        check(specifier, node, false);
    },
  };
}

/** The project path a relative specifier names, from the file that imports it; undefined for a package. */
function target(context, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  return fromRoot(context, path.resolve(path.dirname(context.filename), specifier));
}

const isNodeModule = (specifier) => specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]);

/** The folder of src/webview that every page may import from (a page's own folder is any other). */
const SHARED_PAGE_FOLDER = 'shared';

/** The folder of src/webview a project path is in (`src/webview/<folder>/...`), or undefined. */
function webviewFolderOf(projectPath) {
  return /^src\/webview\/([^/]+)\/./.exec(projectPath)?.[1];
}

/** The folders of src/core that the rest of the core stands on: they import only each other and core's own files. */
const GROUND_FLOOR = ['api', 'apl'];

/**
 * A rule's body that reports (messageId `across`) each import of a file in one folder from another
 * folder of the same kind: `folderOf` names the folder of a project path (undefined outside any),
 * `allowed(reached, to, typeOnly)` lets an import through.
 */
const acrossFolders = (folderOf, allowed) => (context) => {
  const from = folderOf(fromRoot(context, context.filename));
  if (!from) return {};
  return eachImport((specifier, node, typeOnly) => {
    const reached = target(context, specifier);
    const to = reached && folderOf(reached);
    if (!to || to === from || allowed(reached, to, typeOnly)) return;
    context.report({ node, messageId: 'across', data: { from, to, specifier } });
  });
};

const rule = (description, messages, create) => ({
  meta: { type: 'problem', docs: { description }, schema: [], messages },
  create,
});

const rules = {
  'no-vscode': rule(
    "src/core never imports 'vscode'",
    { vscode: "src/core must not import 'vscode': the core is plain TypeScript; the VS Code side calls it" },
    (context) =>
      eachImport((specifier, node) => {
        if (specifier === 'vscode') context.report({ node, messageId: 'vscode' });
      }),
  ),

  'browser-only': rule(
    "src/webview imports neither 'vscode' nor a Node module",
    { browser: "src/webview runs in a browser: it must not import '{{specifier}}'" },
    (context) =>
      eachImport((specifier, node) => {
        if (specifier === 'vscode' || isNodeModule(specifier))
          context.report({ node, messageId: 'browser', data: { specifier } });
      }),
  ),

  'platform-below-features': rule(
    'src/platform imports nothing from a feature folder',
    {
      up: "src/platform is below the features: it must not import '{{specifier}}' from the feature {{feature}} (give the platform what it needs at registration)",
    },
    (context) => {
      if (!fromRoot(context, context.filename).startsWith('src/platform/')) return {};
      return eachImport((specifier, node) => {
        const reached = target(context, specifier);
        const feature = reached && featureOf(reached);
        if (feature) context.report({ node, messageId: 'up', data: { specifier, feature } });
      });
    },
  ),

  'features-through-ports': rule(
    'a feature imports from another feature only the types of its ports.ts',
    {
      across:
        "the feature {{from}} must not import '{{specifier}}' from the feature {{to}}: receive what it needs at registration, typed by an `import type` from {{to}}'s ports.ts",
    },
    acrossFolders(
      featureOf,
      (reached, to, typeOnly) => typeOnly && /^ports(\.ts)?$/.test(path.posix.basename(reached)),
    ),
  ),

  'pages-through-shared': rule(
    "a webview page imports from no other page's folder: what pages share is in src/webview/shared",
    {
      across:
        "the page {{from}} must not import '{{specifier}}' from the page {{to}}: move what both use to src/webview/shared",
    },
    acrossFolders(webviewFolderOf, (reached, to) => to === SHARED_PAGE_FOLDER),
  ),

  'core-ground-floor': rule(
    'src/core/api and src/core/apl import nothing from the other folders of src/core',
    {
      up: "{{from}} is the core's ground floor: it must not import '{{specifier}}' from core/{{folder}} (take what it needs as a parameter, or move the shared piece down)",
    },
    (context) => {
      const from = /^src\/core\/(api|apl)\//.exec(fromRoot(context, context.filename))?.[1];
      if (!from) return {};
      return eachImport((specifier, node) => {
        const folder = /^src\/core\/([^/]+)\//.exec(target(context, specifier) ?? '')?.[1];
        if (folder && !GROUND_FLOOR.includes(folder))
          context.report({ node, messageId: 'up', data: { from: `core/${from}`, specifier, folder } });
      });
    },
  ),

  'l10n-in-one-place': rule(
    'vscode.l10n.t is used only in src/platform/l10n.ts',
    {
      l10n: "UI words reach VS Code's localisation one way: call `say` or `translated` from src/platform/l10n.ts, not vscode.l10n.t",
    },
    (context) => {
      if (fromRoot(context, context.filename) === 'src/platform/l10n.ts') return {};
      // `l10n` imported by name from 'vscode' (import { l10n } from 'vscode').
      const namedL10n = new Set();
      const isL10n = (node) =>
        (node.type === 'MemberExpression' &&
          !node.computed &&
          node.property.type === 'Identifier' &&
          node.property.name === 'l10n') ||
        (node.type === 'Identifier' && namedL10n.has(node.name));
      return {
        ImportDeclaration(node) {
          if (node.source.value !== 'vscode') return;
          for (const s of node.specifiers)
            if (s.type === 'ImportSpecifier' && (s.imported.name ?? s.imported.value) === 'l10n')
              namedL10n.add(s.local.name);
        },
        MemberExpression(node) {
          const property = node.computed
            ? node.property.type === 'Literal'
              ? node.property.value
              : undefined
            : node.property.name;
          if (property === 't' && isL10n(node.object)) context.report({ node, messageId: 'l10n' });
        },
        // const { t } = vscode.l10n
        VariableDeclarator(node) {
          if (node.init && isL10n(node.init) && node.id.type === 'ObjectPattern')
            context.report({ node, messageId: 'l10n' });
        },
      };
    },
  ),

  'l10n-literal': rule(
    'the template given to localize or phrase is a literal string',
    {
      literal:
        'the template of {{callee}}() must be a literal string (a word table goes through `translated`): a template in a variable cannot be extracted for translation (npm run l10n)',
    },
    (context) => {
      const file = fromRoot(context, context.filename);
      if (file === 'src/platform/l10n.ts' || file === 'src/core/phrase.ts') return {};
      const isLiteral = (node) =>
        (node?.type === 'Literal' && typeof node.value === 'string') ||
        (node?.type === 'TemplateLiteral' && node.expressions.length === 0);
      return {
        CallExpression(node) {
          const callee = node.callee.type === 'Identifier' ? node.callee.name : undefined;
          if ((callee === 'localize' || callee === 'phrase') && !isLiteral(node.arguments[0]))
            context.report({ node: node.arguments[0] ?? node, messageId: 'literal', data: { callee } });
        },
      };
    },
  ),

  'no-default-export': rule(
    'no default exports',
    { defaultExport: 'no default exports: export the thing by its name' },
    (context) => ({
      ExportDefaultDeclaration: (node) => context.report({ node, messageId: 'defaultExport' }),
      TSExportAssignment: (node) => context.report({ node, messageId: 'defaultExport' }),
      ExportSpecifier(node) {
        if ((node.exported.name ?? node.exported.value) === 'default')
          context.report({ node, messageId: 'defaultExport' });
      },
    }),
  ),

  'no-barrel': rule(
    'no barrel index.ts files',
    { barrel: 'barrel index.ts files are not used: import from the module itself' },
    (context) => ({
      Program(node) {
        if (path.basename(context.filename) === 'index.ts') context.report({ node, messageId: 'barrel' });
      },
    }),
  ),
};

export const house = { meta: { name: 'house' }, rules };

/**
 * The layering as flat config objects: which rule holds where. `root` is the project's folder; the
 * globs are relative to it. Needs only a TypeScript parser (no type information).
 */
export function layering(root) {
  return [
    {
      name: 'house/typescript',
      basePath: root,
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { house, '@typescript-eslint': tseslint.plugin },
    },
    {
      name: 'house/layering',
      basePath: root,
      files: ['src/**/*.ts'],
      settings: { house: { root } },
      rules: {
        'house/platform-below-features': 'error',
        'house/features-through-ports': 'error',
        'house/l10n-in-one-place': 'error',
        'house/l10n-literal': 'error',
        'house/no-barrel': 'error',
      },
    },
    {
      name: 'house/core',
      basePath: root,
      files: ['src/core/**/*.ts'],
      rules: { 'house/no-vscode': 'error', 'house/core-ground-floor': 'error' },
    },
    {
      name: 'house/webview',
      basePath: root,
      files: ['src/webview/**/*.ts'],
      rules: { 'house/browser-only': 'error', 'house/pages-through-shared': 'error' },
    },
    {
      name: 'house/everywhere',
      basePath: root,
      files: ['**/*.ts'],
      rules: { 'house/no-default-export': 'error', '@typescript-eslint/no-explicit-any': 'error' },
    },
  ];
}
