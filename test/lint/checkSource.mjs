// The project's lint: rules that keep the layering true without anyone remembering them.
//  - nothing under src/core imports 'vscode' (the core is plain TypeScript, unit-tested without VS Code)
//  - nothing under src/webview imports 'vscode' or a Node module (it runs in the webview's browser)
//  - no default exports and no barrel index.ts files
//  - no `any` in source
// Prints each finding as file:line and exits 1 when there is one.
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The tree to check: this project, or the folder given (the lint's own test gives it small trees).
const root = process.argv[2]
  ? path.resolve(process.argv[2])
  : path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const findings = [];

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

for (const file of walk(path.join(root, 'src'))) {
  const rel = path.relative(root, file);
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const inCore = rel.startsWith(`src${path.sep}core${path.sep}`);
  const inWebview = rel.startsWith(`src${path.sep}webview${path.sep}`);
  const report = (node, message) =>
    findings.push(`${rel}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${message}`);
  if (path.basename(file) === 'index.ts')
    findings.push(`${rel}: barrel index.ts files are not used; import from the module itself`);

  const visit = (node) => {
    const specifier =
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
        ? node.moduleSpecifier.text
        : ts.isCallExpression(node) &&
            node.arguments.length === 1 &&
            ts.isStringLiteral(node.arguments[0]) &&
            (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
              (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
          ? node.arguments[0].text
          : ts.isImportTypeNode(node) &&
              ts.isLiteralTypeNode(node.argument) &&
              ts.isStringLiteral(node.argument.literal)
            ? node.argument.literal.text
            : undefined;
    if (inCore && specifier === 'vscode') report(node, "src/core must not import 'vscode'");
    if (
      inWebview &&
      specifier !== undefined &&
      (specifier === 'vscode' || specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]))
    )
      report(node, `src/webview runs in a browser: it must not import '${specifier}'`);
    if (ts.isExportAssignment(node) || node.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword))
      report(node, 'no default exports');
    if (node.kind === ts.SyntaxKind.AnyKeyword) report(node, 'no `any`: name the type, or use unknown');
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (findings.length) {
  console.error(findings.join('\n'));
  console.error(`lint: ${findings.length} finding(s)`);
  process.exit(1);
}
console.log('lint: no findings');
