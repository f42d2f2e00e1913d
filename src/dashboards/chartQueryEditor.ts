// Edit Chart Query (issue 52, item 5): a dashboard chart's APL in an Axiom APL editor of its own
// (an untitled Axiom APL document: every APL feature, checks, completion, format, Run Query), each
// change written back into the dashboard's JSON as the JSON string it is (core/dashboards/chartQuery.ts),
// so that the dashboard's document holds it as a draft (sent to Axiom only by Send to Axiom, as
// every record) and an open Preview Dashboard redraws as it is typed (it follows the document).
import * as vscode from 'vscode';
import {
  chartQueries,
  chartQueryAt,
  chartQueryEdit,
  type ChartQuery,
  type FindAplStrings,
} from '../core/dashboards/chartQuery';
import { APL_LANGUAGE_ID } from '../core/apl/languageId';
import { localize } from '../platform/l10n';
import { load } from '../platform/lazy';
import type { Log } from '../platform/log';
import { dashboardDocumentOf } from './previewPanel';

/** One chart's APL editor and the dashboard document it writes into. */
export interface ChartQueryLink {
  dashboard: vscode.TextDocument;
  chart: number;
  editor: vscode.TextDocument;
}

/** The one reader of APL in JSON strings, from the "apl" bundle. */
const findAplStrings: FindAplStrings = (text, paths) => load('apl').aplStringsInJson(text, paths);

export function createChartQueryEditors(deps: { log: Log }) {
  /** The links open, by the APL editor's document. */
  const links = new Map<vscode.TextDocument, ChartQueryLink>();
  /** Each link's writes, one after another (an edit waits for the one before it). */
  const writing = new Map<vscode.TextDocument, Promise<unknown>>();

  async function writeBack(link: ChartQueryLink): Promise<void> {
    const apl = link.editor.getText();
    const text = link.dashboard.getText();
    const edit = chartQueryEdit(text, link.chart, apl, findAplStrings);
    if (!edit) {
      links.delete(link.editor);
      void vscode.window.showWarningMessage(
        localize('The dashboard no longer has this chart’s query: the editor’s changes are not written into it.'),
      );
      return;
    }
    if (text.slice(edit.start, edit.end) === edit.text) return;
    const change = new vscode.WorkspaceEdit();
    const range = new vscode.Range(link.dashboard.positionAt(edit.start), link.dashboard.positionAt(edit.end));
    change.replace(link.dashboard.uri, range, edit.text);
    if (!(await vscode.workspace.applyEdit(change))) deps.log.warn('Edit Chart Query: the dashboard refused the edit');
  }

  const listening = [
    vscode.workspace.onDidChangeTextDocument((e) => {
      const link = links.get(e.document);
      if (!link || !e.contentChanges.length) return;
      const next = (writing.get(e.document) ?? Promise.resolve()).then(() => writeBack(link));
      writing.set(
        e.document,
        next.catch((error: unknown) => deps.log.warn(`Edit Chart Query: ${String(error)}`)),
      );
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      links.delete(document);
      writing.delete(document);
      for (const [editor, link] of links) if (link.dashboard === document) links.delete(editor);
    }),
  ];

  /** Which chart: the one under the cursor in the dashboard's editor, the only one, or the one picked. */
  async function chosenChart(dashboard: vscode.TextDocument, arg: unknown): Promise<ChartQuery | undefined> {
    const text = dashboard.getText();
    const charts = chartQueries(text, findAplStrings);
    if (!charts.length) {
      void vscode.window.showInformationMessage(localize('This dashboard has no chart with an APL query.'));
      return undefined;
    }
    const asked = typeof arg === 'object' && arg !== null ? (arg as { chart?: unknown }).chart : undefined;
    if (typeof asked === 'number') return charts.find((chart) => chart.index === asked);
    const active = vscode.window.activeTextEditor;
    if (active?.document === dashboard) {
      const under = chartQueryAt(charts, dashboard.offsetAt(active.selection.active));
      if (under) return under;
    }
    if (charts.length === 1) return charts[0];
    const picked = await vscode.window.showQuickPick(
      charts.map((chart) => ({
        label: chart.name ?? localize('Chart {0}', chart.index + 1),
        description: chart.apl.split('\n', 1)[0],
        chart,
      })),
      { title: localize('Edit Chart Query'), placeHolder: localize('The chart whose APL to edit') },
    );
    return picked?.chart;
  }

  /** Edit Chart Query: `arg` is the dashboard's URI (its editor's title) or nothing (the active
   *  editor); `{ chart: n }` names the chart by its index. Changes only the document, never Axiom. */
  async function edit(arg?: unknown, more?: unknown): Promise<ChartQueryLink | undefined> {
    const dashboard = await dashboardDocumentOf(
      arg,
      localize(
        'Open a dashboard (a dashboard of the Dashboards view, or a *.axiom-dashboard.json file) to edit a chart’s query.',
      ),
    );
    if (!dashboard) return undefined;
    const chart = await chosenChart(dashboard, arg instanceof vscode.Uri ? more : arg);
    if (!chart) return undefined;
    for (const link of links.values()) {
      if (link.dashboard === dashboard && link.chart === chart.index) {
        await vscode.window.showTextDocument(link.editor, { viewColumn: vscode.ViewColumn.Beside });
        return link;
      }
    }
    const editor = await vscode.workspace.openTextDocument({ language: APL_LANGUAGE_ID, content: chart.apl });
    const link = { dashboard, chart: chart.index, editor };
    links.set(editor, link);
    await vscode.window.showTextDocument(editor, { viewColumn: vscode.ViewColumn.Beside });
    return link;
  }

  return {
    edit,
    /** The links open (the extension's tests). */
    links: links as ReadonlyMap<vscode.TextDocument, ChartQueryLink>,
    /** Resolves when every write asked for so far is done (the extension's tests). */
    settled: () => Promise.all([...writing.values()]).then(() => undefined),
    dispose(): void {
      for (const item of listening) item.dispose();
      links.clear();
    },
  };
}
