// Log activity and production errors in a real VS Code, over the demo's data and the demo shop's
// code (test/support/demoShop.ts) written into the workspace: nothing is sent while both are off;
// turned on, the lenses above the shop's log statements say the counts the fake service's data
// holds, from one query per file shown; the last hour's errors land as diagnostics on the lines the
// shop throws at, with a quick action; turned off, the diagnostics go and nothing more is sent.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { findLogStatements } from '../../src/core/code/logStatements';
import { patternRegex } from '../../src/core/code/messagePattern';
import { compileErrorAnswer, demoDatasets, loadDemo } from '../support/demo';
import { answerQuery, eventsBetween } from '../support/demoQueries';
import { DEMO_SHOP_FILES, DEMO_SHOP_PLACES } from '../support/demoShop';
import type { FakeAxiom } from '../support/fakeAxiom';
import { closeAllEditors, connectedFake, setSetting, waitFor, writeDemoShop } from './helpers';

/** The folder the shop's code is written into, inside the workspace folder. */
const ROOT = 'axiom-code-activity';
/** One moment for every answer, so that the counts the test expects are the service's. */
const NOW = Date.parse('2026-03-04T15:00:00Z');
const DAY = 86_400_000;

const config = () => vscode.workspace.getConfiguration('axiom');
const setHere = (name: string, value: unknown) => config().update(name, value, vscode.ConfigurationTarget.Workspace);

/** The queries the fake service was sent, by their text. */
function sentQueries(fake: FakeAxiom): string[] {
  return fake.requests
    .filter((r) => r.path.includes('/_apl'))
    .map((r) => String((JSON.parse(r.body) as { apl?: unknown }).apl));
}

/** The lenses of log activity over a document: their line and title. */
async function activityLenses(uri: vscode.Uri): Promise<{ line: number; title: string }[]> {
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
  return lenses
    .filter((l) => l.command?.command === 'axiom.showLogStatementEvents')
    .map((l) => ({ line: l.range.start.line, title: l.command?.title ?? '' }))
    .sort((a, b) => a.line - b.line);
}

const axiomDiagnostics = (uri?: vscode.Uri) =>
  (uri ? vscode.languages.getDiagnostics(uri) : vscode.languages.getDiagnostics().flatMap(([, d]) => d)).filter(
    (d) => d.source === 'Axiom',
  );

describe('Log activity and production errors', () => {
  let folder: vscode.WorkspaceFolder | undefined;
  let fake: FakeAxiom;
  const fileUri = (file: string) => vscode.Uri.file(path.join(folder!.uri.fsPath, ROOT, file));

  before(async function () {
    folder = vscode.workspace.workspaceFolders?.[0];
    // The desktop runner opens no folder: no code to show activity in.
    if (!folder) this.skip();
    writeDemoShop(folder, ROOT);
    fake = await connectedFake();
    loadDemo(fake, NOW);
    const datasets = demoDatasets(NOW);
    fake.aplAnswer = (body) => compileErrorAnswer(String(body.apl)) ?? answerQuery(datasets, body, NOW);
    await setHere('logs.dataset', 'app-logs');
    await setHere('logs.messageField', 'message');
  });

  after(async () => {
    if (!folder) return;
    for (const name of ['logActivity.enabled', 'productionErrors.enabled', 'logs.dataset', 'logs.messageField'])
      await setHere(name, undefined);
    await closeAllEditors();
    await setSetting('url', undefined);
    await fake.stop();
    fs.rmSync(path.join(folder.uri.fsPath, ROOT), { recursive: true, force: true });
  });

  it('sends nothing and shows no lens while both are off, whatever files are shown', async () => {
    const before = fake.requests.length;
    for (const file of ['src/checkout.ts', 'src/invoices.py']) {
      const document = await vscode.workspace.openTextDocument(fileUri(file));
      await vscode.window.showTextDocument(document, { preview: false });
      assert.deepEqual(await activityLenses(document.uri), []);
    }
    await vscode.commands.executeCommand('axiom.refreshProductionErrors');
    // What a poll would have sent by now, had one started: nothing.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal(fake.requests.length, before, sentQueries(fake).join('\n---\n'));
    assert.deepEqual(axiomDiagnostics(), []);
  });

  it('turned on, counts each statement of the file shown as the service’s data holds it, in one query', async () => {
    const document = await vscode.workspace.openTextDocument(fileUri('src/invoices.py'));
    await vscode.window.showTextDocument(document, { preview: false });
    const sentBefore = sentQueries(fake).length;
    await setHere('logActivity.enabled', true);
    const statements = findLogStatements(DEMO_SHOP_FILES['src/invoices.py'], 'python');
    const lenses = await waitFor('the lenses to count', async () => {
      const shown = await activityLenses(document.uri);
      return shown.length === statements.length && shown.every((l) => !l.title.startsWith('Axiom:')) && shown;
    });
    const events = eventsBetween(
      demoDatasets(NOW).find((d) => d.name === 'app-logs')!,
      NOW - DAY,
      NOW,
    );
    for (const [i, statement] of statements.entries()) {
      const regex = new RegExp(patternRegex(statement.pattern));
      const count = Math.round(events.filter((e) => regex.test(String(e.message))).reduce((s, e) => s + e.weight, 0));
      assert.equal(lenses[i].line, statement.line);
      assert.match(lenses[i].title, new RegExp(`^${count.toLocaleString('en-US')} in 24 h · `), statement.literal);
    }
    const sent = sentQueries(fake).slice(sentBefore);
    assert.equal(sent.length, 1, sent.join('\n---\n'));
    assert.match(sent[0], /case\(/);
  });

  it('says a statement the shop never reaches was never logged, and a lens’s click lists a statement’s events', async () => {
    const document = await vscode.workspace.openTextDocument(fileUri('src/sessions.ts'));
    await vscode.window.showTextDocument(document, { preview: false });
    const locked = DEMO_SHOP_PLACES.accountLockedLog.line - 1;
    const lenses = await waitFor('the lenses to count', async () => {
      const shown = await activityLenses(document.uri);
      return shown.length === 2 && shown.every((l) => !l.title.startsWith('Axiom:')) && shown;
    });
    assert.equal(lenses.find((l) => l.line === locked)?.title, 'never logged in 24 h');
    const sentBefore = sentQueries(fake).length;
    await vscode.commands.executeCommand('axiom.showLogStatementEvents', document.uri.toString(), locked + 1);
    const listed = await waitFor('the statement’s query to run', () => sentQueries(fake).slice(sentBefore)[0]);
    assert.match(listed, /\['message'\] matches regex "\^user signed in after /);
  });

  it('places the last hour’s errors on the lines the shop throws at, with a quick action, and takes them away when off', async () => {
    await setHere('productionErrors.enabled', true);
    const places = [
      DEMO_SHOP_PLACES.paymentDeclined,
      DEMO_SHOP_PLACES.connectionReset,
      DEMO_SHOP_PLACES.invoiceKeyError,
    ];
    for (const place of places) {
      const [diagnostic] = await waitFor(`a diagnostic in ${place.file}`, () => {
        const found = axiomDiagnostics(fileUri(place.file));
        return found.length > 0 && found;
      });
      assert.equal(diagnostic.range.start.line, place.line - 1, place.file);
      assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Information);
      assert.match(diagnostic.message, /^Thrown [\d,]+× in the last hour: /);
      const actions =
        (await vscode.commands.executeCommand<vscode.CodeAction[]>(
          'vscode.executeCodeActionProvider',
          fileUri(place.file),
          diagnostic.range,
        )) ?? [];
      assert.ok(
        actions.some((a) => a.command?.command === 'axiom.showErrorEvents'),
        actions.map((a) => a.title).join(', '),
      );
    }
    assert.match(axiomDiagnostics(fileUri('src/payments.ts'))[0].message, /PaymentDeclined: payment declined/);
    assert.match(axiomDiagnostics(fileUri('src/invoices.py'))[0].message, /KeyError: 'email'/);

    // The hover beside a spot's diagnostic: the stack as links, each running Open Code Location only.
    const payments = DEMO_SHOP_PLACES.paymentDeclined;
    const hovers =
      (await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        fileUri(payments.file),
        new vscode.Position(payments.line - 1, 4),
      )) ?? [];
    const markdown = hovers
      .flatMap((h) => h.contents)
      .find((c): c is vscode.MarkdownString => c instanceof vscode.MarkdownString && c.value.includes('command:'));
    assert.ok(markdown, 'a hover with the stack’s links');
    // Trusted for the two commands its links run, and no other; no HTML.
    assert.equal(typeof markdown.isTrusted, 'object');
    if (typeof markdown.isTrusted === 'object')
      assert.deepEqual([...markdown.isTrusted.enabledCommands].sort(), ['axiom.openCodePlace', 'axiom.openTrace']);
    assert.ok(!markdown.supportHtml);
    const links = [...markdown.value.matchAll(/\]\(command:([\w.]+)\?([^)\s]*)\)/g)].map(([, command, args]) => ({
      command,
      argument: (JSON.parse(decodeURIComponent(args)) as unknown[])[0] as { path: string; line: number },
    }));
    const caller = DEMO_SHOP_PLACES.chargeCardCall;
    // The Problems view links the callers in the workspace too (related information).
    const related = axiomDiagnostics(fileUri(payments.file))[0].relatedInformation ?? [];
    assert.deepEqual(
      related.map((r) => [r.location.uri.fsPath, r.location.range.start.line]),
      [[fileUri(caller.file).fsPath, caller.line - 1]],
    );
    assert.match(related[0].message, /^Called from \/app\/src\/checkout\.ts:\d+:\d+$/);
    const link = links.find((l) => l.argument.path === caller.deployedPath && l.argument.line === caller.line);
    assert.ok(link, `a link to the caller's frame among ${JSON.stringify(links)}`);
    assert.ok(links.every((l) => l.command === 'axiom.openCodePlace'));
    // Followed as VS Code follows a command link: the command with the link's argument.
    await vscode.commands.executeCommand(link.command, link.argument);
    const opened = await waitFor('the caller’s file to open', () => {
      const editor = vscode.window.activeTextEditor;
      return editor?.document.uri.fsPath === fileUri(caller.file).fsPath ? editor : undefined;
    });
    assert.equal(opened.selection.active.line, caller.line - 1);

    await setHere('productionErrors.enabled', false);
    await setHere('logActivity.enabled', false);
    await waitFor('the diagnostics to go', () => axiomDiagnostics().length === 0);
    const before = fake.requests.length;
    const document = await vscode.workspace.openTextDocument(fileUri('src/cart.ts'));
    await vscode.window.showTextDocument(document, { preview: false });
    assert.deepEqual(await activityLenses(document.uri), []);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal(fake.requests.length, before, 'nothing sent once both are off');
  });
});
