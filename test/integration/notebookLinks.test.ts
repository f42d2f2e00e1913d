// A notebook output's links inside a real VS Code, on the demo's data and the demo shop's code
// written into the workspace: a cell whose answer holds a failing span (its stack frames and its
// trace id) is run against the fake service; what the renderer posts when a person follows the
// cell's link to a place in code, points at it, or picks Open Trace (the renderer itself cannot be
// clicked from here: the renderer's page is tested in chromium) is handed to the notebook's
// controller as the renderer's messaging hands it over. The editor lands at the frame's line, the
// hover's answer names the workspace file, and the trace view opens on the row's trace.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { placesIn } from '../../src/core/code/codePlaces';
import { loadDemo } from '../support/demo';
import { DEMO_SHOP_PLACES } from '../support/demoShop';
import { DEMO_TRACES_DATASET } from '../support/demoTraces';
import type { FakeAxiom } from '../support/fakeAxiom';
import { activateExtension, closeAllEditors, connectedFake, setSetting, waitFor, writeDemoShop } from './helpers';

const RESULT_MIME = 'application/vnd.axiom.apl-result+json';
/** The folder the shop's code is written into, inside the workspace folder. */
const ROOT = 'axiom-notebook-links';

interface SavedTable {
  fields: { name: string }[];
  columns: unknown[][];
}

describe('Notebook outputs: links to code and to traces', () => {
  let folder: vscode.WorkspaceFolder | undefined;
  let fake: FakeAxiom;
  const notebooks = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-notebook-links-'));

  before(async function () {
    folder = vscode.workspace.workspaceFolders?.[0];
    // The desktop runner opens no folder: no code to open.
    if (!folder) this.skip();
    writeDemoShop(folder, ROOT);
    fake = await connectedFake();
    loadDemo(fake);
  });

  after(async () => {
    if (!folder) return;
    const { traces } = await activateExtension();
    for (const panel of [...traces.panels.values()]) panel.dispose();
    await closeAllEditors();
    await setSetting('url', undefined);
    await fake.stop();
    fs.rmSync(path.join(folder.uri.fsPath, ROOT), { recursive: true, force: true });
    fs.rmSync(notebooks, { recursive: true, force: true });
  });

  it('a failing span’s stack frame opens its line, its hover names the file, its trace id opens the trace', async () => {
    const file = path.join(notebooks, 'failing.axiom-notebook');
    const apl = `['${DEMO_TRACES_DATASET}']\n| where error == true\n| sort by _time desc\n| take 5`;
    fs.writeFileSync(
      file,
      JSON.stringify({ axiomNotebook: 1, timeRange: { preset: '1d' }, cells: [{ kind: 'apl', source: apl }] }),
    );
    const notebook = await vscode.workspace.openNotebookDocument(vscode.Uri.file(file));
    const editor = await vscode.window.showNotebookDocument(notebook);
    await vscode.commands.executeCommand('notebook.cell.execute', {
      ranges: [{ start: 0, end: 1 }],
      document: notebook.uri,
    });
    const table = await waitFor('the cell’s output', () => {
      const item = notebook
        .cellAt(0)
        .outputs.flatMap((o) => o.items)
        .find((i) => i.mime === RESULT_MIME);
      return item && (JSON.parse(new TextDecoder().decode(item.data)) as { tables: SavedTable[] }).tables[0];
    });
    const column = (name: string) => table.columns[table.fields.findIndex((f) => f.name === name)] ?? [];

    // The place the output's first row links to, found by the one finder as the renderer's grid finds it.
    const events = column('events');
    const row = events.findIndex((value) => placesIn(value, 'events').length > 0);
    assert.ok(row >= 0, 'a failing span of the demo carries a stack trace in its events');
    const place = placesIn(events[row], 'events')[0];
    const shopPlace = Object.values(DEMO_SHOP_PLACES).find(
      (p) => p.deployedPath === place.path && p.line === place.line,
    );
    assert.ok(shopPlace, `the frame ${place.path}:${place.line} is one of the shop's`);

    const { controller } = (await activateExtension()).notebooks.kernel();
    // Pointing at the link: the controller's answer (posted back to the renderer) says where it opens.
    const answer = (await controller.receive(notebook, { type: 'resolveCodePlace', place })) as { where: string };
    assert.equal(answer.where, `In the workspace: ${ROOT}/${shopPlace.file}`);

    // Following it: the workspace's file, at the frame's line and column.
    await controller.receive(notebook, { type: 'openCodePlace', place: { ...place, injected: '<b>x</b>' } });
    const opened = await waitFor('the frame’s file to open', () => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.fsPath.endsWith(path.join(ROOT, shopPlace.file)) ? active : undefined;
    });
    assert.equal(opened.selection.active.line, shopPlace.line - 1);
    assert.equal(opened.selection.active.character, (place.column ?? 1) - 1);

    // Open Trace on the row's trace id, with the row's time: the trace view reads it around then.
    await vscode.window.showNotebookDocument(editor.notebook);
    const traceId = String(column('trace_id')[row]);
    const seenAt = String(column('_time')[row]);
    await controller.receive(notebook, { type: 'openTrace', traceId, seenAt });
    const { traces } = await activateExtension();
    const shown = await waitFor('the trace view to show the trace', () => {
      for (const panel of traces.panels.values()) {
        const view = panel.shown;
        if (view?.type === 'trace') return view.trace;
      }
      return undefined;
    });
    assert.equal(shown.traceId, traceId);
    assert.equal(shown.dataset, DEMO_TRACES_DATASET);
    assert.ok(shown.errors > 0, 'the failing trace shows its error');

    // What is not the renderer's message opens nothing: a trace id of many lines, a place that climbs.
    const before = traces.panels.size;
    assert.equal(await controller.receive(notebook, { type: 'openTrace', traceId: 'a\nb' }), undefined);
    assert.equal(
      await controller.receive(notebook, { type: 'openCodePlace', place: { path: '/app/../../etc/passwd', line: 1 } }),
      undefined,
    );
    assert.equal(traces.panels.size, before);
  });
});
