import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { FormState } from '../../src/core/monitors/monitorForm';
import type { AxiomExtensionApi } from '../../src/testApi';
import type { HistoryNode, RunRow } from '../../src/history/historyView';
import { DEMO_SHOP_FILES } from '../support/demoShop';
import { FAKE_API_TOKEN, FakeAxiom } from '../support/fakeAxiom';

export const EXTENSION_ID = 'axiom-apl-community.axiom-apl';

export async function activateExtension(): Promise<AxiomExtensionApi> {
  const extension = vscode.extensions.getExtension<AxiomExtensionApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not installed`);
  return extension.activate();
}

/** The error notifications the extension shows while watched (each still shown): `seen`, their messages. */
export function watchErrorMessages(): { readonly seen: string[]; dispose(): void } {
  const window = vscode.window as { showErrorMessage: (...args: unknown[]) => unknown };
  const original = window.showErrorMessage;
  const seen: string[] = [];
  window.showErrorMessage = (...args: unknown[]) => {
    seen.push(String(args[0]));
    return original.apply(vscode.window, args);
  };
  return { seen, dispose: () => (window.showErrorMessage = original) };
}

/**
 * What every kind of record document does with VS Code's auto save on (a browser's default, here
 * after 100 ms): `edit` changes the editor's text; after VS Code's auto save and 2 s more nothing
 * was sent, the document is saved as a draft (not dirty, marked), no error was shown; then the
 * person's send (Send to Axiom on the active editor, as Ctrl+S) sends once. Gives the requests
 * the send made.
 */
export async function draftThenSend(
  fake: FakeAxiom,
  editor: vscode.TextEditor,
  edit: () => Promise<unknown>,
): Promise<string[]> {
  const api = await activateExtension();
  const errors = watchErrorMessages();
  try {
    return await withAutoSave(100, async (autoSaved) => {
      const from = fake.requests.length;
      await edit();
      await waitFor('VS Code’s auto save', () => autoSaved(editor.document));
      await new Promise((resolve) => setTimeout(resolve, 2000));
      assert.deepEqual(sentSince(fake, from), [], 'nothing reached Axiom');
      assert.equal(editor.document.isDirty, false, 'the auto save succeeded: a draft');
      assert.ok(api.hasDraft(editor.document.uri), 'the draft is marked');
      assert.deepEqual(errors.seen, [], 'no error for an auto save');
      await vscode.window.showTextDocument(editor.document);
      assert.equal(await vscode.commands.executeCommand('axiom.sendToAxiom'), true);
      assert.equal(api.hasDraft(editor.document.uri), false, 'sent: no draft left');
      return sentSince(fake, from).filter((request) => !request.startsWith('GET '));
    });
  } finally {
    errors.dispose();
  }
}

/** The person's send of a record's document (Ctrl+S in its editor, Send to Axiom): whether it was sent. */
export async function send(document: vscode.TextDocument): Promise<boolean> {
  return (await activateExtension()).sendDocument(document.uri);
}

/** Sends a record whose send asks (it changed in Axiom), and dismisses the question as a person
 *  closing it would: what the send then says (false: nothing was sent). */
export async function sendAndDismissQuestion(document: vscode.TextDocument): Promise<boolean> {
  const saving = send(document);
  await new Promise((r) => setTimeout(r, 300));
  await waitFor('the question to be dismissed', async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
    return Promise.race([saving.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 100))]);
  });
  return saving;
}

/** Signs the window's deployment out as the extension's own code does: no question (the command asks). */
export async function signOut(): Promise<void> {
  await (await activateExtension()).own.signOut({ confirmed: true });
}

/** Switches the window's deployment as the extension's own code does: no question (from outside, the command asks). */
export async function switchDeployment(name: string): Promise<boolean> {
  return (await activateExtension()).own.switchDeployment({ name });
}

/**
 * What the settings form of a monitor's settings document shows, once `until` holds: heard as its
 * page hears it (MonitorForms.onDidTell), the test saying it is ready as the page does.
 */
export async function formState(
  uri: vscode.Uri,
  until: (state: FormState) => boolean = () => true,
  timeoutMs?: number,
): Promise<FormState> {
  const forms = (await activateExtension()).monitorForms;
  let heard: FormState | undefined;
  const hearing = forms.onDidTell((told) => {
    if (told.uri.toString() === uri.toString()) heard = told.state;
  });
  try {
    return await waitFor(
      'the settings form',
      async () => {
        if (!heard) await forms.receive(uri, { type: 'ready' });
        return heard && until(heard) ? heard : undefined;
      },
      timeoutMs,
    );
  } finally {
    hearing.dispose();
  }
}

/** The Monitors view once a refresh (or the load already in flight) has finished. */
export async function refreshedView(): Promise<AxiomExtensionApi['monitorsView']> {
  const { monitorsView } = await activateExtension();
  await monitorsView.refresh();
  return monitorsView;
}

/** A tree item's label as text: the string, or the text of a label with highlights. */
export function labelText(label: string | vscode.TreeItemLabel | undefined): string {
  return typeof label === 'object' ? label.label : (label ?? '');
}

/** What the tree shows in an error state: its action rows, as VS Code gets them. */
export function actionRows(view: AxiomExtensionApi['monitorsView']) {
  return view.getChildren().map((element) => {
    const item = view.getTreeItem(element);
    return {
      label: item.label,
      command: item.command?.command,
      args: (item.command?.arguments ?? []) as unknown[],
      icon: (item.iconPath as vscode.ThemeIcon | undefined)?.id,
      contextValue: item.contextValue,
      tooltip: item.tooltip,
      accessibleLabel: item.accessibilityInformation?.label,
    };
  });
}

export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function setSetting(key: 'url' | 'orgId' | 'requestTimeoutSeconds', value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('axiom').update(key, value, vscode.ConfigurationTarget.Global);
}

/** A fake service with the extension pointed at it and signed in with its API token. */
export async function connectedFake(monitors: unknown[] = []): Promise<FakeAxiom> {
  const fake = new FakeAxiom({ monitors });
  await fake.start();
  await setSetting('url', fake.url);
  await setSetting('orgId', undefined);
  await (await activateExtension()).own.setToken({ token: FAKE_API_TOKEN });
  return fake;
}

export async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('notifications.clearAll');
  // Records are shared by the tests: a draft one test kept is not the next one's text.
  await (await activateExtension()).forgetDrafts();
}

/** Written by a test that needs the window reloaded (see index.ts). */
export const RELOAD_REQUEST = path.join(os.tmpdir(), 'axiom-apl-suite-reload.json');

export interface ReloadRequest {
  /** The files to run after the reload (beside this one, `*.after.js`). */
  then: string[];
  /** Whatever those files need to know. */
  data: Record<string, unknown>;
  /** The counts of the run before the reload (set by index.ts). */
  carried?: { passes: number; failures: number; pending: number };
}

export function readReloadRequest(): ReloadRequest {
  return JSON.parse(fs.readFileSync(RELOAD_REQUEST, 'utf8')) as ReloadRequest;
}

/**
 * The hooks of a suite that runs queries: a fake service connected before, stopped after; reset
 * before each test with `answer` for queries; the results panels and editors closed after each.
 * Returns the fake service of the suite (set once `before` has run).
 */
export function useRunningFake(answer: () => unknown): { readonly fake: FakeAxiom } {
  const suite = {} as { fake: FakeAxiom };
  before(async () => {
    suite.fake = await connectedFake();
    await activateExtension();
  });
  after(async () => {
    await closeAllEditors();
    await suite.fake.stop();
  });
  beforeEach(() => {
    suite.fake.reset();
    suite.fake.aplAnswer = () => ({ body: answer() });
  });
  afterEach(async () => {
    const { run: results } = await activateExtension();
    for (const panel of [...results.panels]) panel.dispose();
    await closeAllEditors();
  });
  return suite;
}

/** The bodies of the queries the extension sent to the fake service, oldest first. */
export function sentQueryBodies(fake: FakeAxiom): { apl: string; startTime: string; endTime: string }[] {
  return fake
    .requestsTo('POST /v1/datasets/_apl')
    .map((r) => JSON.parse(r.body) as { apl: string; startTime: string; endTime: string });
}

/** The runs the History view shows, newest first, once the newest is of this query. */
export async function shownRuns(newest: string): Promise<RunRow[]> {
  const { historyView } = await activateExtension();
  return waitFor(`a run of ${newest} in the history view`, async () => {
    await historyView.refresh();
    const days = historyView.getChildren() as HistoryNode[];
    const runs = (await Promise.all(days.map(async (day) => historyView.getChildren(day)))).flat() as RunRow[];
    return runs[0]?.entry.apl === newest ? runs : undefined;
  });
}

/** What Compare put beside `document`: the left side of the diff tab whose right side it is. */
export async function comparedOriginal(document: vscode.TextDocument): Promise<vscode.TextDocument> {
  const diff = await waitFor('the comparison', () =>
    vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .find(
        (t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === document.uri.toString(),
      ),
  );
  return vscode.workspace.openTextDocument((diff.input as vscode.TabInputTextDiff).original);
}

/**
 * Runs `body` with VS Code's auto save on after `delayMs`, as a person may have it (a browser-hosted
 * VS Code's default), then puts auto save back as it was and clears the notifications a refused
 * auto save left. `autoSaved(document)` says whether VS Code auto saved the document meanwhile.
 */
export async function withAutoSave<T>(
  delayMs: number,
  body: (autoSaved: (document: vscode.TextDocument) => boolean) => Promise<T>,
): Promise<T> {
  const files = vscode.workspace.getConfiguration('files');
  const before = {
    autoSave: files.inspect('autoSave')?.globalValue,
    delay: files.inspect('autoSaveDelay')?.globalValue,
  };
  const saved = new Set<string>();
  const listening = vscode.workspace.onWillSaveTextDocument(({ document, reason }) => {
    if (reason !== vscode.TextDocumentSaveReason.Manual) saved.add(document.uri.toString());
  });
  await files.update('autoSaveDelay', delayMs, vscode.ConfigurationTarget.Global);
  await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
  try {
    return await body((document) => saved.has(document.uri.toString()));
  } finally {
    listening.dispose();
    await files.update('autoSave', before.autoSave, vscode.ConfigurationTarget.Global);
    await files.update('autoSaveDelay', before.delay, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('notifications.clearAll');
  }
}

/** The requests that reached the fake after the first `from` of them: what a step sent. */
export function sentSince(fake: FakeAxiom, from: number): string[] {
  return fake.requests.slice(from).map((r) => `${r.method} ${r.path}`);
}

/** Replaces a document's whole text, as a person's edit would (undoable, the document dirty). */
export async function replaceText(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(
    document.uri,
    new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)),
    text,
  );
  assert.ok(await vscode.workspace.applyEdit(edit));
}

/** Writes the demo shop's code (test/support/demoShop.ts: where the demo data's stack frames and
 *  log statements point) into the workspace folder, under `root`. */
export function writeDemoShop(folder: vscode.WorkspaceFolder, root: string): void {
  for (const [file, text] of Object.entries(DEMO_SHOP_FILES)) {
    const target = path.join(folder.uri.fsPath, root, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
  }
}

/**
 * The person's Ctrl+S in the active editor: the command the manifest binds to `ctrl+s`, run while
 * the active tab shows a record of a scheme its `when` clause names (VS Code's API cannot press a
 * key; this is what the key runs there). Gives what the command gave (true: sent, or nothing to send).
 */
export async function pressCtrlS(): Promise<unknown> {
  const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
    contributes: { keybindings: { command: string; key: string; when?: string }[] };
  };
  const binding = manifest.contributes.keybindings.find((b) => b.key === 'ctrl+s');
  assert.ok(binding?.when, 'Ctrl+S is bound while a record is active');
  const schemes = /resourceScheme =~ \/(.*?)\/(?:\s|$)/.exec(binding.when)?.[1];
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  const active = tab instanceof vscode.TabInputText || tab instanceof vscode.TabInputCustom ? tab.uri : undefined;
  assert.ok(
    schemes && active && new RegExp(schemes).test(active.scheme),
    `Ctrl+S is Send to Axiom in ${active?.toString()}`,
  );
  return vscode.commands.executeCommand(binding.command);
}

/** Whether VS Code auto saved a document (a save for a delay, a focus or a window change) since the watch began. */
export function watchAutoSaves(): { autoSaved(document: vscode.TextDocument): boolean; dispose(): void } {
  const saved = new Set<string>();
  const listening = vscode.workspace.onWillSaveTextDocument(({ document, reason }) => {
    if (reason !== vscode.TextDocumentSaveReason.Manual) saved.add(document.uri.toString());
  });
  return {
    autoSaved: (document) => saved.has(document.uri.toString()),
    dispose: () => {
      listening.dispose();
    },
  };
}
