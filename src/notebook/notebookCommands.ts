import * as vscode from 'vscode';
import { DASHBOARD_FILE_ENDING, newDashboard } from '../core/dashboards/layoutCharts';
import type { NotebookDoc, NotebookOutput } from '../core/notebook/notebookFile';
import { notebookMarkdown } from '../core/notebook/notebookMarkdown';
import { panelLocale } from '../core/run/panelWords';
import { APL_LANGUAGE_ID, NOTEBOOK_TYPE } from '../platform/constants';
import { localize, say } from '../platform/l10n';
import type { Log } from '../platform/log';
import type { Runner } from './notebookRunner';
import { cellOutput, notebookDoc } from './notebookSerializer';

/** A query to start a notebook with: its name (the notebook's heading) and its APL. */
export interface NotebookSeed {
  name?: string;
  apl: string;
  /** The query's result, when there is one already (Add to Notebook). */
  output?: NotebookOutput;
}

function seedCells(seed: NotebookSeed): vscode.NotebookCellData[] {
  const cells: vscode.NotebookCellData[] = [];
  if (seed.name)
    cells.push(
      new vscode.NotebookCellData(
        vscode.NotebookCellKind.Markup,
        `## ${seed.name.replace(/[\r\n]+/g, ' ')}`,
        'markdown',
      ),
    );
  const code = new vscode.NotebookCellData(vscode.NotebookCellKind.Code, seed.apl, APL_LANGUAGE_ID);
  if (seed.output) code.outputs = [cellOutput(seed.output)];
  cells.push(code);
  return cells;
}

/** Opens a new untitled APL notebook: a heading to write the question under and a cell of
 *  `starter` (a query that runs as it is), or the seeds' cells. */
export async function newNotebook(seeds: NotebookSeed[] = [], starter = ''): Promise<vscode.NotebookEditor> {
  const cells = seeds.length
    ? seeds.flatMap(seedCells)
    : [
        new vscode.NotebookCellData(
          vscode.NotebookCellKind.Markup,
          localize('# Investigation\n\nWhat are we looking for?'),
          'markdown',
        ),
        new vscode.NotebookCellData(vscode.NotebookCellKind.Code, starter, APL_LANGUAGE_ID),
      ];
  const document = await vscode.workspace.openNotebookDocument(NOTEBOOK_TYPE, new vscode.NotebookData(cells));
  return vscode.window.showNotebookDocument(document);
}

/** The APL notebook the person is in, or was last in. */
export function activeNotebook(): vscode.NotebookDocument | undefined {
  const active = vscode.window.activeNotebookEditor?.notebook;
  if (active?.notebookType === NOTEBOOK_TYPE) return active;
  return vscode.window.visibleNotebookEditors.map((e) => e.notebook).find((n) => n.notebookType === NOTEBOOK_TYPE);
}

/** Add to Notebook: the results panel's query and its result as a new cell at the end of the
 *  APL notebook in view, else in a new notebook. */
export async function addToNotebook(runner: Runner): Promise<vscode.NotebookDocument | undefined> {
  const result = runner.shownResult();
  if (!result) {
    void vscode.window.showInformationMessage(localize('Run a query first: its results panel adds it to a notebook.'));
    return undefined;
  }
  const { query, rangeLabel: label, tables, status } = result;
  const seed: NotebookSeed = {
    apl: query,
    output: { kind: 'result', result: { query, rangeLabel: label, ranAt: new Date().toISOString(), tables, status } },
  };
  const notebook = activeNotebook();
  if (!notebook) return (await newNotebook([seed])).notebook;
  const edit = new vscode.WorkspaceEdit();
  edit.set(notebook.uri, [vscode.NotebookEdit.insertCells(notebook.cellCount, seedCells(seed))]);
  await vscode.workspace.applyEdit(edit);
  await vscode.window.showNotebookDocument(notebook, {
    selections: [new vscode.NotebookRange(notebook.cellCount - 1, notebook.cellCount)],
  });
  return notebook;
}

/** The notebook as the file has it (outputs whole), from the open document. */
function docOf(notebook: vscode.NotebookDocument): NotebookDoc {
  const cells = notebook.getCells().map((cell) => {
    const data = new vscode.NotebookCellData(cell.kind, cell.document.getText(), cell.document.languageId);
    data.outputs = [...cell.outputs];
    return data;
  });
  const data = new vscode.NotebookData(cells);
  data.metadata = notebook.metadata;
  return notebookDoc(data);
}

/** Export Notebook to Markdown: queries as axiom-apl fences, results as tables cut to a size. `target` skips the question. */
export async function exportMarkdown(log: Log, arg?: unknown, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const uri = arg instanceof vscode.Uri ? arg.toString() : undefined;
  const notebook =
    (uri && vscode.workspace.notebookDocuments.find((n) => n.uri.toString() === uri)) || activeNotebook();
  if (!notebook) {
    void vscode.window.showInformationMessage(localize('Open an APL notebook to export it.'));
    return undefined;
  }
  const base =
    notebook.uri.path
      .split('/')
      .pop()
      ?.replace(/\.axiom-notebook$/, '') || 'notebook';
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  target ??= await vscode.window.showSaveDialog({
    title: localize('Export the notebook as Markdown'),
    defaultUri:
      notebook.uri.scheme === 'file'
        ? notebook.uri.with({ path: notebook.uri.path.replace(/(\.axiom-notebook)?$/, '.md') })
        : folder && vscode.Uri.joinPath(folder, `${base}.md`),
    filters: { Markdown: ['md'] },
  });
  if (!target) return undefined;
  const markdown = notebookMarkdown(docOf(notebook), { say, locale: panelLocale(vscode.env.language) });
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(markdown));
  log.info(`exported a notebook of ${notebook.cellCount} cells as Markdown`);
  return target;
}

/**
 * New Dashboard from Notebook: a dashboard document of a chart per APL cell (in order, each kind
 * guessed from its query), opened as a new unsaved `*.axiom-dashboard.json` file. Nothing is sent:
 * the person previews it, edits it, and sends it when they choose (Apply Dashboard File, or saving
 * it as a dashboard of the Dashboards view).
 */
export async function newDashboardFromNotebook(arg?: unknown): Promise<vscode.TextEditor | undefined> {
  const uri = arg instanceof vscode.Uri ? arg.toString() : undefined;
  const notebook =
    (uri && vscode.workspace.notebookDocuments.find((n) => n.uri.toString() === uri)) || activeNotebook();
  const queries = (notebook?.getCells() ?? [])
    .filter((cell) => cell.kind === vscode.NotebookCellKind.Code && cell.document.languageId === APL_LANGUAGE_ID)
    .map((cell) => cell.document.getText())
    .filter((apl) => apl.trim());
  if (!notebook || !queries.length) {
    void vscode.window.showInformationMessage(
      localize('Open an APL notebook with queries to make a dashboard of them.'),
    );
    return undefined;
  }
  const name =
    notebook.uri.path
      .split('/')
      .pop()
      ?.replace(/\.axiom-notebook$/, '') || localize('Notebook');
  const text = `${JSON.stringify(newDashboard(name, queries), null, 2)}\n`;
  // An untitled file of its own name (a second one from the same notebook gets a number).
  let file = vscode.Uri.from({ scheme: 'untitled', path: `${name}${DASHBOARD_FILE_ENDING}` });
  for (let n = 2; vscode.workspace.textDocuments.some((d) => d.uri.toString() === file.toString()); n++)
    file = vscode.Uri.from({ scheme: 'untitled', path: `${name} ${n}${DASHBOARD_FILE_ENDING}` });
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
  await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), text));
  return editor;
}
