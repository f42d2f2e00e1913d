// The extension's words for translators: every English template it shows, extracted from the
// source without running it into l10n/bundle.l10n.json (package.json's `l10n`), the file VS Code's
// localisation reads beside its translations (bundle.l10n.<language>.json). A template is found
// where the house writes one (test/lint/layeringRules.mjs's l10n-literal rule keeps them literal):
//   - the first argument of localize('…') (the VS Code side) and phrase('…') (the core's phrases);
//   - the string values of a word table, a const object named …_WORDS or …_LABELS (or DOES),
//     translated once through `translated` (platform/l10n.ts).
//   node test/lint/l10nBundle.mjs           writes the bundle (npm run l10n)
//   node test/lint/l10nBundle.mjs --check   fails when the bundle is not what the source says (npm run lint)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const BUNDLE = 'l10n/bundle.l10n.json';
const TABLE_NAME = /(?:_WORDS|_LABELS)$|^DOES$/;
const TEMPLATE_CALLS = new Set(['localize', 'phrase']);

/** The text of a string literal (or a template literal without holes), else undefined. */
function literalText(node) {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
}

/** `x as const`, `x satisfies T`, `(x)`: the expression inside. */
function unwrapped(node) {
  while (node && (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)))
    node = node.expression;
  return node;
}

/** The templates one TypeScript source holds. */
export function templatesIn(source, fileName = 'source.ts') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && TEMPLATE_CALLS.has(node.expression.text)) {
      const text = literalText(node.arguments[0]);
      if (text !== undefined) found.push(text);
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && TABLE_NAME.test(node.name.text)) {
      const table = unwrapped(node.initializer);
      if (table && ts.isObjectLiteralExpression(table))
        for (const property of table.properties) {
          const text = ts.isPropertyAssignment(property) ? literalText(unwrapped(property.initializer)) : undefined;
          if (text !== undefined) found.push(text);
        }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every .ts file under `folder`, sorted (the webview's pages aside: their words come from the core's tables). */
function sourceFiles(folder) {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .filter((file) => !file.split(path.sep).includes('webview'))
    .sort();
}

/** The bundle the source under `root`/src says: each template its own key and English text, sorted. */
export function bundleOf(root) {
  const templates = new Set();
  for (const file of sourceFiles(path.join(root, 'src')))
    for (const text of templatesIn(fs.readFileSync(file, 'utf8'), file)) templates.add(text);
  const sorted = [...templates].sort();
  return `${JSON.stringify(Object.fromEntries(sorted.map((text) => [text, text])), null, 2)}\n`;
}

const main = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (main) {
  const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
  const wanted = bundleOf(root);
  const file = path.join(root, BUNDLE);
  if (process.argv.includes('--check')) {
    const have = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (have !== wanted) {
      console.error(`✘ ${BUNDLE} is not what the source's words say: run npm run l10n and commit it`);
      process.exit(1);
    }
  } else {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, wanted);
    console.log(`${BUNDLE}: ${Object.keys(JSON.parse(wanted)).length} templates`);
  }
}
