// Saves made by another extension. The suite loads a second extension beside Axiom's
// (test/fixtures/otherExtension, by test/harness/runTests.mjs), which saves and writes documents
// through commands of its own as any extension may: Save All, workspace.save, TextDocument.save and
// a workspace.fs write. None of them is the person's act of sending: each keeps a draft of the record
// and reaches nothing of Axiom's (see platform/recordFiles.ts).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeAxiom } from '../support/fakeAxiom';
import { activateExtension, EXTENSION_ID, replaceText, sentSince, waitFor } from './helpers';

/** The second extension's id (its package.json's publisher and name). */
export const OTHER_EXTENSION_ID = 'axiom-apl-tests.other-extension';

/** The text each save leaves in the document: typed before Save All, workspace.save and
 *  TextDocument.save, and written by the workspace.fs write. */
export interface FourSaves {
  saveAll: string;
  workspaceSave: string;
  documentSave: string;
  fsWrite: string;
}

/**
 * Edits a record's open `document` and has the other extension save it in each of the four ways,
 * then holds that each save succeeded, that the fake service saw no request at all, that the
 * record shows a draft, and that the document shows the text the workspace.fs write wrote.
 */
export async function savedByAnotherExtension(
  fake: FakeAxiom,
  document: vscode.TextDocument,
  texts: FourSaves,
): Promise<void> {
  const other = vscode.extensions.getExtension(OTHER_EXTENSION_ID);
  assert.ok(other, `the extension ${OTHER_EXTENSION_ID} is loaded beside Axiom's (test/harness/runTests.mjs)`);
  assert.notEqual(other.id, EXTENSION_ID);
  const api = await activateExtension();
  const uri = document.uri.toString();
  const from = fake.requests.length;

  await replaceText(document, texts.saveAll);
  await vscode.commands.executeCommand('otherExtension.saveAll');
  assert.ok(other.isActive, 'the other extension ran the save');
  await waitFor('Save All to save it', () => !document.isDirty);

  await replaceText(document, texts.workspaceSave);
  assert.equal(
    await vscode.commands.executeCommand('otherExtension.workspaceSave', uri),
    uri,
    'workspace.save succeeds: kept as a draft',
  );
  assert.equal(document.isDirty, false);

  await replaceText(document, texts.documentSave);
  assert.equal(
    await vscode.commands.executeCommand('otherExtension.documentSave', uri),
    true,
    'TextDocument.save succeeds: kept as a draft',
  );

  assert.equal(await vscode.commands.executeCommand('otherExtension.fsWrite', uri, texts.fsWrite), true);
  assert.deepEqual(sentSince(fake, from), [], 'nothing reached Axiom');
  assert.ok(api.hasDraft(document.uri), 'the record shows a draft');
  await waitFor('the written draft shown', () => document.getText() === texts.fsWrite);
  assert.deepEqual(sentSince(fake, from), [], 'nor after the write was read back');
}
