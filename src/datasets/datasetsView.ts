import * as vscode from 'vscode';
import type { AxiomClient } from '../core/api/client';
import { isAxiomError } from '../core/api/errors';
import type { Dataset, DatasetFields, FieldInfo } from '../core/datasets/datasets';
import { DATASET_KIND_WORDS, datasetKindText } from '../core/datasets/datasetKinds';
import { matchesText } from '../core/textMatch';
import { escapeMarkdown, fencedCode } from '../core/markdown';
import { phrase } from '../core/phrase';
import { COMMANDS, VIEWS } from '../platform/constants';
import { localize, say, translated } from '../platform/l10n';
import { countText, ListView, type ListElement, type ListFeatureDeps, type Loaded } from '../platform/listView';
import { isMetricsKind, metricQuery } from '../core/datasets/metricsBrowsing';
import { MPL_LANGUAGE_ID } from '../core/mpl/languageId';
import type { DatasetRow } from './datasetRow';
import { MetricsBrowser, type MetricsNode, type MetricsParent } from './metricsBrowser';

/** What the view needs of the one cache of datasets and fields (completion reads the same one,
 *  the language feature's): given at registration, so that both show what was loaded once. */
export interface DatasetSchema {
  /** The datasets this token may read, from the cache or the service. */
  datasetList(signal?: AbortSignal): Promise<Dataset[]>;
  /** A dataset's fields, from the cache or the service. */
  datasetFields(dataset: string): Promise<DatasetFields>;
  /** A dataset's fields when they are loaded already; undefined if not. */
  fieldsInHand(dataset: string): DatasetFields | undefined;
  /** Forgets everything (Refresh). */
  forget(): void;
  /** Forgets one dataset's fields (Retry). */
  forgetFields(dataset: string): void;
}

export interface FieldRow {
  kind: 'field';
  dataset: string;
  field: FieldInfo;
  parent: DatasetRow | HiddenRow;
}

/** The hidden fields of a dataset, apart under one row. */
export interface HiddenRow {
  kind: 'hidden';
  dataset: string;
  fields: FieldInfo[];
  parent: DatasetRow;
  /** How its fields' tree item ids begin (fieldIdStart). */
  fieldIds: string;
}

/** A sentence under a dataset (or a metric, or a tag): why its fields, virtual fields, metrics,
 *  tags or values are not shown. */
export interface NoteRow {
  kind: 'note';
  dataset: string;
  text: string;
  error: boolean;
  parent: DatasetRow | MetricsParent;
}

export type DatasetNode = DatasetRow | FieldRow | HiddenRow | NoteRow | MetricsNode;

/** Tries a load again when the shared cache dropped it (the connection changed, or a refresh)
 *  while this view waited for it; the view's own cancellation ends it. */
async function surviving<T>(load: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await load();
    } catch (error) {
      if (tries >= 3 || signal?.aborted || !isAxiomError(error) || error.kind !== 'cancelled') throw error;
    }
  }
}

/**
 * The Datasets tree: the token's datasets by name, with kind and description; each expands into
 * its fields (loaded when expanded) with type, unit and description, virtual fields marked,
 * hidden fields apart. What it loads is the cache completion reads (DatasetSchema): one cache. The
 * title bar's filter matches dataset names, kinds and descriptions, and the field names of the
 * datasets whose fields are loaded, with no request.
 */
export class DatasetsView extends ListView<DatasetNode> {
  protected readonly doing = phrase('Loading datasets');
  private readonly words = {
    virtual: localize('virtual'),
    hidden: localize('Hidden fields'),
  };
  /** The datasets' kinds in words, translated once when first shown. */
  private kindWordsMade?: typeof DATASET_KIND_WORDS;
  private kindWords(): typeof DATASET_KIND_WORDS {
    return (this.kindWordsMade ??= translated(DATASET_KIND_WORDS));
  }
  /** One icon of each kind for every row: a dataset's 5,000 fields are 5,000 tree items. */
  private readonly icons = {
    field: new vscode.ThemeIcon('symbol-field'),
    virtual: new vscode.ThemeIcon('symbol-variable'),
    metric: new vscode.ThemeIcon('graph-line'),
    tag: new vscode.ThemeIcon('tag'),
    tagValue: new vscode.ThemeIcon('symbol-constant'),
  };

  protected readonly filterWords = {
    title: localize('Filter datasets'),
    prompt: localize(
      'Shows the datasets whose name, kind or description has this text, and those of the expanded ones with such a field. Empty: all.',
    ),
  };

  /** A metrics dataset's metrics, tags and values (metricsBrowser.ts). */
  private readonly metrics: MetricsBrowser;

  constructor(
    deps: ListFeatureDeps<DatasetNode>,
    private readonly schema: DatasetSchema,
  ) {
    super(
      {
        viewId: VIEWS.datasets,
        refreshCommand: COMMANDS.refreshDatasets,
      },
      deps,
    );
    this.metrics = new MetricsBrowser(() => deps.access.client());
    // Another deployment or token: its datasets' metrics are its own.
    this.subscriptions.push(deps.access.onDidChange(() => this.metrics.forget()));
  }

  /** Loads the list afresh: datasets and every field, for completion too. */
  reload(): Promise<void> {
    this.schema.forget();
    this.metrics.forget();
    return this.refresh({ restart: true });
  }

  /** The datasets shown (the filter aside). */
  get currentDatasets(): readonly Dataset[] {
    return this.rows.flatMap((row) => (row.kind === 'dataset' ? [row.dataset] : []));
  }

  /** A dataset's row, by name. */
  datasetRow(name: string): DatasetRow | undefined {
    return this.rows.find((row): row is DatasetRow => row.kind === 'dataset' && row.dataset.name === name);
  }

  /** Loads a dataset's fields again (its Retry row hands its dataset's row; any other argument does nothing). */
  retryFieldsOf(arg: unknown): void {
    const metricsRow = this.metricsParentOf(arg);
    if (metricsRow) {
      this.metrics.forget(metricsRow);
      this.redraw();
      return;
    }
    const name =
      typeof arg === 'object' && arg !== null ? (arg as { dataset?: { name?: unknown } }).dataset?.name : undefined;
    if (typeof name !== 'string' || !this.datasetRow(name)) return;
    this.schema.forgetFields(name);
    this.redraw();
  }

  protected async fetch(_client: AxiomClient, signal: AbortSignal): Promise<Loaded<DatasetNode>> {
    const datasets = await surviving(() => this.schema.datasetList(signal), signal);
    return {
      rows: datasets.map((dataset) => ({ kind: 'dataset', dataset, fieldIds: fieldIdStart(dataset.name, 'dataset') })),
      unreadable: 0,
    };
  }

  protected describeCount(count: number): string {
    return this.describeFiltered(count === 1 ? localize('1 dataset') : localize('{0} datasets', countText(count)), () =>
      this.countShown(),
    );
  }

  protected matchesFilter(row: DatasetNode, text: string): boolean {
    if (row.kind !== 'dataset') return true;
    const { name, kind, description } = row.dataset;
    if (matchesText(name, text) || matchesText(kind, text) || matchesText(description, text)) return true;
    const fields = this.schema.fieldsInHand(name);
    return !!fields && [...fields.fields, ...fields.hidden].some((f) => matchesText(f.name, text));
  }

  /** The next page of a metrics list, from its "show more" row. */
  showMoreMetrics(arg: unknown): void {
    if (this.metrics.showMore(arg)) this.redraw();
  }

  /** A row of this view's tree whose children are a metrics list (a Retry row hands it), or undefined. */
  private metricsParentOf(arg: unknown): MetricsParent | undefined {
    if (typeof arg !== 'object' || arg === null) return undefined;
    const row = arg as DatasetNode;
    if (row.kind === 'metric' || row.kind === 'tag') return row;
    return row.kind === 'dataset' && isMetricsKind(row.dataset.kind) && this.datasetRow(row.dataset.name) === row
      ? row
      : undefined;
  }

  /** The MPL that Query this Metric opens for a metric row (a tag value row: only its series), or undefined. */
  metricQueryOf(arg: unknown): string | undefined {
    if (typeof arg !== 'object' || arg === null) return undefined;
    const row = arg as Partial<MetricsNode>;
    if (row.kind === 'metric' && typeof row.dataset === 'string' && typeof row.metric?.name === 'string')
      return metricQuery(row.dataset, row.metric.name);
    if (
      row.kind === 'tagValue' &&
      typeof row.dataset === 'string' &&
      typeof row.metric === 'string' &&
      typeof row.tag === 'string' &&
      typeof row.value === 'string'
    )
      return metricQuery(row.dataset, row.metric, { tag: row.tag, value: row.value });
    return undefined;
  }

  /** A metrics list's rows, or the reason it could not be read with the actions that help. */
  private async metricsChildren(row: MetricsParent): Promise<ListElement<DatasetNode>[]> {
    try {
      return await this.metrics.childrenOf(row);
    } catch (error) {
      if (isAxiomError(error) && error.kind === 'cancelled') return [];
      const name = row.kind === 'dataset' ? row.dataset.name : row.kind === 'metric' ? row.metric.name : row.tag;
      const { reason, rows } = this.failureRows(error, phrase('Loading the metrics of {0}', name), {
        command: COMMANDS.retryDatasetFields,
        title: '',
        arguments: [row],
      });
      const dataset = row.kind === 'dataset' ? row.dataset.name : row.dataset;
      return [{ kind: 'note', dataset, text: reason, error: true, parent: row }, ...rows];
    }
  }

  protected override async childrenOf(row: DatasetNode): Promise<ListElement<DatasetNode>[]> {
    if (row.kind === 'metric' || row.kind === 'tag') return this.metricsChildren(row);
    if (row.kind === 'dataset' && isMetricsKind(row.dataset.kind)) return this.metricsChildren(row);
    if (row.kind === 'hidden')
      return row.fields.map((field) => ({ kind: 'field', dataset: row.dataset, field, parent: row }));
    if (row.kind !== 'dataset') return [];
    const name = row.dataset.name;
    let loaded: DatasetFields;
    try {
      loaded = await surviving(() => this.schema.datasetFields(name));
    } catch (error) {
      if (isAxiomError(error) && error.kind === 'cancelled') return [];
      const { reason, rows } = this.failureRows(error, phrase('Loading the fields of {0}', name), {
        command: COMMANDS.retryDatasetFields,
        title: '',
        arguments: [row],
      });
      return [{ kind: 'note', dataset: name, text: reason, error: true, parent: row }, ...rows];
    }
    // A dataset found by its name shows every field; one found by its fields, those that match.
    const text = this.currentFilterText;
    const byName =
      !text ||
      matchesText(name, text) ||
      matchesText(row.dataset.kind, text) ||
      matchesText(datasetKindText(row.dataset.kind, this.kindWords()), text) ||
      matchesText(row.dataset.description, text);
    const shown = (fields: FieldInfo[]) => (byName ? fields : fields.filter((f) => matchesText(f.name, text)));
    const nodes: ListElement<DatasetNode>[] = shown(loaded.fields).map((field) => ({
      kind: 'field',
      dataset: name,
      field,
      parent: row,
    }));
    const hidden = shown(loaded.hidden);
    if (hidden.length)
      nodes.push({
        kind: 'hidden',
        dataset: name,
        fields: hidden,
        parent: row,
        fieldIds: fieldIdStart(name, 'hidden'),
      });
    if (loaded.virtualFailure !== undefined) {
      const why = failureWords(loaded.virtualFailure);
      nodes.push({
        kind: 'note',
        dataset: name,
        text: localize('Virtual fields could not be loaded: {0}', why),
        error: false,
        parent: row,
      });
    }
    return nodes;
  }

  protected override parentOf(row: DatasetNode): DatasetNode | undefined {
    if (row.kind === 'metric' || row.kind === 'tag' || row.kind === 'tagValue' || row.kind === 'moreMetrics')
      return row.parent;
    return row.kind === 'dataset' ? undefined : row.parent;
  }

  protected rowItem(row: DatasetNode): vscode.TreeItem {
    switch (row.kind) {
      case 'dataset': {
        const item = new vscode.TreeItem(row.dataset.name, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `dataset/${row.dataset.name}`;
        item.description = [datasetKindText(row.dataset.kind, this.kindWords()), row.dataset.description]
          .filter(Boolean)
          .join(' · ');
        item.iconPath = new vscode.ThemeIcon('database');
        item.contextValue = row.dataset.kind === 'otel:traces:v1' ? 'dataset.traces' : 'dataset';
        return item;
      }
      case 'field': {
        const { field } = row;
        const item = new vscode.TreeItem(field.name, vscode.TreeItemCollapsibleState.None);
        item.id = row.parent.fieldIds + field.name;
        item.description = fieldDescription(field.virtual ? this.words.virtual : undefined, field.type, field.unit);
        item.iconPath = field.virtual ? this.icons.virtual : this.icons.field;
        item.contextValue = field.virtual ? 'field.virtual' : 'field';
        return item;
      }
      case 'hidden': {
        const item = new vscode.TreeItem(this.words.hidden, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `hidden/${row.dataset}`;
        item.description = countText(row.fields.length);
        item.iconPath = new vscode.ThemeIcon('eye-closed');
        item.contextValue = 'hiddenFields';
        return item;
      }
      case 'metric': {
        const item = new vscode.TreeItem(row.metric.name, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = JSON.stringify(['metric', row.dataset, row.metric.name]);
        item.description = [row.metric.type, row.metric.unit].filter(Boolean).join(' · ');
        item.iconPath = this.icons.metric;
        item.contextValue = 'metric';
        return item;
      }
      case 'tag': {
        const item = new vscode.TreeItem(row.tag, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = JSON.stringify(['tag', row.dataset, row.metric, row.tag]);
        item.iconPath = this.icons.tag;
        item.contextValue = 'metricTag';
        return item;
      }
      case 'tagValue': {
        const item = new vscode.TreeItem(row.value, vscode.TreeItemCollapsibleState.None);
        item.id = JSON.stringify(['tagValue', row.dataset, row.metric, row.tag, row.value]);
        item.iconPath = this.icons.tagValue;
        item.contextValue = 'metricTagValue';
        return item;
      }
      case 'moreMetrics': {
        const item = new vscode.TreeItem(
          localize('Show more ({0} of {1} shown)', countText(row.shown), countText(row.total)),
          vscode.TreeItemCollapsibleState.None,
        );
        item.iconPath = new vscode.ThemeIcon('ellipsis');
        item.contextValue = 'moreMetrics';
        item.command = { command: COMMANDS.showMoreMetrics, title: '', arguments: [row] };
        return item;
      }
      case 'note': {
        const item = new vscode.TreeItem(row.text, vscode.TreeItemCollapsibleState.None);
        item.iconPath = new vscode.ThemeIcon(row.error ? 'error' : 'info');
        item.tooltip = row.text;
        item.contextValue = 'datasetNote';
        return item;
      }
    }
  }

  protected hoverMarkdown(row: DatasetNode): string | undefined {
    if (row.kind === 'dataset') {
      const { name, kind, description } = row.dataset;
      const fields = this.schema.fieldsInHand(name);
      const lines = [`**${escapeMarkdown(name)}**`];
      if (kind) lines.push(`${escapeMarkdown(localize('Kind'))}: ${escapeMarkdown(kind)}`);
      if (description) lines.push(escapeMarkdown(description));
      if (fields)
        lines.push(
          escapeMarkdown(
            localize('{0} fields, {1} hidden', countText(fields.fields.length), countText(fields.hidden.length)),
          ),
        );
      return lines.join('\n\n');
    }
    if (row.kind === 'metric') {
      const { name, type, temporality, unit } = row.metric;
      const facts = [
        type && `${localize('Type')}: ${type}`,
        temporality && `${localize('Temporality')}: ${temporality}`,
        unit && `${localize('Unit')}: ${unit}`,
      ].filter((f): f is string => !!f);
      const lines = [`**${escapeMarkdown(name)}**`];
      if (facts.length) lines.push(escapeMarkdown(facts.join(' · ')));
      lines.push(fencedCode(metricQuery(row.dataset, name), MPL_LANGUAGE_ID));
      return lines.join('\n\n');
    }
    if (row.kind !== 'field') return undefined;
    const { field } = row;
    const lines = [
      `**${escapeMarkdown(field.name)}**${field.virtual ? ` · ${escapeMarkdown(this.words.virtual)}` : ''}`,
    ];
    const facts = [
      field.type && `${localize('Type')}: ${field.type}`,
      field.unit && `${localize('Unit')}: ${field.unit}`,
    ].filter((f): f is string => !!f);
    if (facts.length) lines.push(escapeMarkdown(facts.join(' · ')));
    if (field.description) lines.push(escapeMarkdown(field.description));
    if (field.expression) lines.push(fencedCode(field.expression, 'axiom-apl'));
    return lines.join('\n\n');
  }
}

/** How the tree item ids of a dataset's fields begin, those under its row or under its hidden fields'
 *  row: `field/<dataset>/dataset/` or `field/<dataset>/hidden/`, the field's name after it. */
function fieldIdStart(dataset: string, under: 'dataset' | 'hidden'): string {
  return `field/${dataset}/${under}/`;
}

/** A field row's words: what of virtual, type and unit it has, joined (called for every row: no list made). */
function fieldDescription(virtual: string | undefined, type: string | undefined, unit: string | undefined): string {
  let text = virtual ?? '';
  if (type) text = text ? `${text} · ${type}` : type;
  if (unit) text = text ? `${text} · ${unit}` : unit;
  return text;
}

/** Why something could not be read, in words: the service's reason, or what was thrown, as it reads. */
function failureWords(failure: unknown): string {
  return isAxiomError(failure) ? say(failure.phrase) : String(failure);
}
