// The commands on the Datasets view's rows: on a dataset, Query this Dataset, Show Recent Events,
// Copy Name, Open in Axiom; on a field, Insert, Copy, Summarize by this Field.
import * as vscode from 'vscode';
import { datasetQuery, recentEventsQuery, summarizeByFieldQuery } from '../core/datasets/datasets';
import { isMetricsKind } from '../core/datasets/metricsBrowsing';
import { queryLink } from '../core/links';
import { phrase } from '../core/phrase';
import type { TimeRange } from '../core/run/timeRange';
import { APL_LANGUAGE_ID, COMMANDS, SETTINGS } from '../platform/constants';
import { load } from '../platform/lazy';
import { openQueryInNewTab } from '../platform/openQuery';
import type { AdviceHandlers } from '../platform/showAdvice';
import { openAppPage, type Deployments } from '../platform/webApp';
import type { DatasetsView, FieldRow } from './datasetsView';
import { localize } from '../platform/l10n';

/** A query to run through the one runner (src/run): its text and the document it came from. */
export interface DatasetRun {
  apl: string;
  documentUri: vscode.Uri;
  version: number;
  startOffset: number;
  /** APL unless said. */
  language?: 'apl' | 'mpl';
}

export interface DatasetCommandDeps {
  view: DatasetsView;
  /** Runs a query as Run Query does, over the status bar's range (the run feature's runner). */
  run(request: DatasetRun): Promise<unknown>;
  /** The status bar's time range. */
  range(): TimeRange;
  deployments: Deployments;
  /** What a failure's actions do (Set API Token, Sign In, Show Log). */
  handlers: AdviceHandlers;
}

/** The dataset a command was given: a row of the view, or `{ dataset: name }`; else one picked. */
async function datasetFrom(arg: unknown, view: DatasetsView): Promise<string | undefined> {
  if (typeof arg === 'object' && arg !== null) {
    const a = arg as { kind?: unknown; dataset?: unknown };
    if (
      a.kind === 'dataset' &&
      typeof a.dataset === 'object' &&
      a.dataset !== null &&
      typeof (a.dataset as { name?: unknown }).name === 'string'
    )
      return (a.dataset as { name: string }).name;
    if (typeof a.dataset === 'string' && a.dataset) return a.dataset;
  }
  if (!view.currentDatasets.length) await view.refresh();
  const items = view.currentDatasets.map((d) => ({ label: d.name, description: d.kind, detail: d.description }));
  if (!items.length) {
    void vscode.window.showInformationMessage(localize('There are no datasets to choose from; see the Datasets view.'));
    return undefined;
  }
  return (
    await vscode.window.showQuickPick(items, {
      title: localize('Choose a dataset'),
      matchOnDescription: true,
      matchOnDetail: true,
    })
  )?.label;
}

/** The field a command was given: a field row of the view, or `{ dataset, field: name }`. */
function fieldFrom(arg: unknown): { dataset: string; name: string } | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const a = arg as Partial<FieldRow> & { field?: unknown };
  if (typeof a.dataset !== 'string') return undefined;
  if (typeof a.field === 'string') return { dataset: a.dataset, name: a.field };
  if (typeof a.field === 'object' && a.field !== null && typeof (a.field as { name?: unknown }).name === 'string')
    return { dataset: a.dataset, name: (a.field as { name: string }).name };
  return undefined;
}

/** A field's name as APL takes it where a field goes: bare when it can be, else `['a.b']`. */
export function fieldText(name: string): string {
  return load('apl').fieldReference(name);
}

/** The commands on the rows, by command id. */
export function datasetCommands(deps: DatasetCommandDeps) {
  /** A new APL (or MPL) editor holding the query, the cursor after it; run at once unless the setting says not to. */
  async function openQuery(apl: string, language: 'apl' | 'mpl' = 'apl'): Promise<vscode.TextEditor> {
    const editor = await openQueryInNewTab(apl, language);
    const end = editor.document.positionAt(editor.document.getText().length);
    editor.selection = new vscode.Selection(end, end);
    const runAtOnce = vscode.workspace
      .getConfiguration(SETTINGS.section)
      .get<boolean>(SETTINGS.datasetsRunAtOnce, true);
    if (runAtOnce)
      void deps.run({
        apl,
        documentUri: editor.document.uri,
        version: editor.document.version,
        startOffset: 0,
        language,
      });
    return editor;
  }

  /** Whether the dataset holds metrics, which APL does not read: the person is told how to query it. */
  function saidMetrics(dataset: string): boolean {
    if (!isMetricsKind(deps.view.datasetRow(dataset)?.dataset.kind)) return false;
    void vscode.window.showInformationMessage(
      localize('“{0}” holds metrics, which are queried with MPL: expand it and choose Query this Metric.', dataset),
    );
    return true;
  }

  return {
    async [COMMANDS.queryDataset](arg?: unknown): Promise<vscode.TextEditor | undefined> {
      const dataset = await datasetFrom(arg, deps.view);
      return dataset === undefined || saidMetrics(dataset) ? undefined : openQuery(datasetQuery(dataset));
    },

    /** The newest events of a dataset in a results panel of its own (no editor: nothing to edit). */
    async [COMMANDS.showRecentEvents](arg?: unknown): Promise<unknown> {
      const dataset = await datasetFrom(arg, deps.view);
      if (dataset === undefined || saidMetrics(dataset)) return undefined;
      const count = vscode.workspace.getConfiguration(SETTINGS.section).get<number>(SETTINGS.recentEventsCount, 100);
      const apl = recentEventsQuery(dataset, Math.max(1, Math.min(10_000, Math.floor(count) || 100)));
      return deps.run({
        apl,
        documentUri: vscode.Uri.from({ scheme: 'axiom-recent-events', path: `/${dataset}` }),
        version: 0,
        startOffset: 0,
      });
    },

    async [COMMANDS.copyDatasetName](arg?: unknown): Promise<void> {
      const dataset = await datasetFrom(arg, deps.view);
      if (dataset === undefined) return;
      await vscode.env.clipboard.writeText(dataset);
      vscode.window.setStatusBarMessage(localize('Copied “{0}”.', dataset), 3000);
    },

    /** The dataset's first query in the web app, over the status bar's range. */
    async [COMMANDS.openDatasetInAxiom](arg?: unknown): Promise<string | undefined> {
      const dataset = await datasetFrom(arg, deps.view);
      if (dataset === undefined) return undefined;
      return openAppPage(
        deps.deployments,
        phrase('Opening the dataset in Axiom'),
        (endpoint, orgId) => queryLink(endpoint, orgId, datasetQuery(dataset), deps.range()),
        deps.handlers,
      );
    },

    /** Puts the field, quoted as APL needs, where the cursor is in the active APL editor (each selection replaced). */
    async [COMMANDS.insertField](arg?: unknown): Promise<boolean> {
      const field = fieldFrom(arg);
      if (!field) return false;
      const editor = [vscode.window.activeTextEditor, ...vscode.window.visibleTextEditors].find(
        (e) => e?.document.languageId === APL_LANGUAGE_ID,
      );
      if (!editor) {
        void vscode.window.showInformationMessage(
          localize('Open an APL editor to insert the field into (Query this Dataset opens one).'),
        );
        return false;
      }
      const text = fieldText(field.name);
      const done = await editor.edit((edit) => {
        for (const selection of editor.selections) edit.replace(selection, text);
      });
      if (done) await vscode.window.showTextDocument(editor.document, editor.viewColumn);
      return done;
    },

    async [COMMANDS.copyField](arg?: unknown): Promise<void> {
      const field = fieldFrom(arg);
      if (!field) return;
      const text = fieldText(field.name);
      await vscode.env.clipboard.writeText(text);
      vscode.window.setStatusBarMessage(localize('Copied “{0}”.', text), 3000);
    },

    /** A new MPL editor with the metric's values over time (a tag value's row: only its series), run
     *  as Query this Dataset runs. */
    async [COMMANDS.queryMetric](arg?: unknown): Promise<vscode.TextEditor | undefined> {
      const mpl = deps.view.metricQueryOf(arg);
      if (mpl === undefined) {
        void vscode.window.showInformationMessage(
          localize('Expand a metrics dataset in the Datasets view and choose Query this Metric on one of its metrics.'),
        );
        return undefined;
      }
      return openQuery(mpl, 'mpl');
    },

    [COMMANDS.showMoreMetrics]: (arg?: unknown): void => deps.view.showMoreMetrics(arg),

    /** A new query counting the dataset's events by the field's values, over the status bar's range. */
    async [COMMANDS.summarizeByField](arg?: unknown): Promise<vscode.TextEditor | undefined> {
      const field = fieldFrom(arg);
      return field && openQuery(summarizeByFieldQuery(field.dataset, fieldText(field.name)));
    },
  };
}
