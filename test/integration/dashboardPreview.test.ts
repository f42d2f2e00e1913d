// Preview Dashboard inside a real VS Code: a dashboard file's charts run through the query runner
// over the dashboard's window; an edit to one chart's query, unsaved, runs that chart alone again;
// closing the preview stops following the document.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { DashboardPreview } from '../../src/dashboards/previewPanel';
import { dashboardOf } from '../support/previewQueries';
import { TIME_SERIES } from '../support/tabularFixtures';
import { activateExtension, sentQueryBodies, useRunningFake, waitFor } from './helpers';

describe('Preview Dashboard', () => {
  const suite = useRunningFake(() => TIME_SERIES);
  const file = path.join(os.tmpdir(), `shop ${process.pid}.axiom-dashboard.json`);
  afterEach(() => fs.rmSync(file, { force: true }));

  it('draws each chart beside the document, and an unsaved edit runs only the chart it changed', async () => {
    fs.writeFileSync(file, JSON.stringify(JSON.parse(dashboardOf([0, 1, 2])), null, 2));
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.file(file)));
    const { dashboardPreview } = await activateExtension();
    const preview = await vscode.commands.executeCommand<DashboardPreview | undefined>('axiom.previewDashboard');
    assert.ok(preview, 'a preview opened');
    assert.equal(dashboardPreview.previews.get(editor.document.uri.toString()), preview);
    await waitFor('the three charts drawn', () => preview.sent.filter((kind) => kind === 'result').length === 3);
    const sent = sentQueryBodies(suite.fake);
    assert.equal(sent.length, 3);
    assert.deepEqual(
      sent.map((body) => [body.startTime, body.endTime]),
      [
        ['now-1h', 'now'],
        ['now-1h', 'now'],
        ['now-1h', 'now'],
      ],
      'over the dashboard’s window (qr-now-1h … qr-now)',
    );

    const text = editor.document.getText();
    const at = text.indexOf(' // latency 1');
    await editor.edit((edit) => edit.insert(editor.document.positionAt(at), ' | where status >= 500'));
    await waitFor('the edited chart to run again', () => sentQueryBodies(suite.fake).length === 4);
    await waitFor('its result sent to the page', () => preview.sent.filter((kind) => kind === 'result').length === 4);
    assert.match(sentQueryBodies(suite.fake)[3].apl, /where status >= 500 \/\/ latency 1$/);
    assert.ok(editor.document.isDirty, 'drawn before any save');
    // Nothing else ran meanwhile.
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(sentQueryBodies(suite.fake).length, 4);

    preview.panel.dispose();
    assert.equal(dashboardPreview.previews.size, 0);
    await editor.edit((edit) => edit.insert(editor.document.positionAt(at), ' | take 1'));
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(sentQueryBodies(suite.fake).length, 4, 'a closed preview runs nothing');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('says what to open when the editor holds no dashboard', async () => {
    await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument({ content: '{"name": "x"}', language: 'json' }),
    );
    assert.equal(await vscode.commands.executeCommand('axiom.previewDashboard'), undefined);
    assert.equal(sentQueryBodies(suite.fake).length, 0);
  });
});
