import * as vscode from 'vscode';
import type { Annotation } from '../core/api/annotations';
import type { AxiomClient } from '../core/api/client';
import { sortedByName } from '../core/datasets/datasets';
import { formatDate } from '../core/format';
import { escapeMarkdown } from '../core/markdown';
import { phrase } from '../core/phrase';
import { matchesText } from '../core/textMatch';
import { COMMANDS, VIEWS } from '../platform/constants';
import { localize } from '../platform/l10n';
import { countText, ListView, type ListFeatureDeps, type Loaded } from '../platform/listView';

/** How far back the view reads. */
export const VIEW_DAYS = 30;

/** How many of a dataset's annotations the view shows at first, newest first, and how many more
 *  each Show More under it adds. */
export const ANNOTATIONS_PER_PAGE = 10;

export interface AnnotationDatasetRow {
  kind: 'dataset';
  name: string;
  annotations: Annotation[];
}

export interface AnnotationRow {
  kind: 'annotation';
  annotation: Annotation;
  parent: AnnotationDatasetRow;
}

export type AnnotationNode = AnnotationDatasetRow | AnnotationRow;

/**
 * The Annotations view: a view of its own in the Axiom container, not a section of the Datasets
 * view. An annotation names several datasets, and the service lists them all in one request over a
 * time span, where the Datasets view loads per dataset and its rows are the cache completion reads;
 * here the last 30 days' annotations are read at once and shown per dataset they name (one
 * annotation under each of its datasets), newest first, a page at a time under each dataset,
 * filtered like the other views by type, title, description and dataset.
 */
export class AnnotationsView extends ListView<AnnotationNode> {
  protected readonly doing = phrase('Loading annotations');
  protected readonly filterWords = {
    title: localize('Filter annotations'),
    prompt: localize('Shows the annotations whose type, title, description or dataset has this text. Empty: all.'),
  };
  /** An annotation row's command title, translated once (per row, it was a fifth of the rows' cost). */
  private readonly editTitle = localize('Edit Annotation');
  /** Each dataset row's annotation rows, made when it is first expanded and kept (Show More
   *  selects the first of a new page: the same row VS Code was given). */
  private readonly annotationRows = new WeakMap<AnnotationDatasetRow, AnnotationRow[]>();

  constructor(deps: ListFeatureDeps<AnnotationNode>) {
    super(
      {
        viewId: VIEWS.annotations,
        refreshCommand: COMMANDS.refreshAnnotations,
        paging: { showMoreCommand: COMMANDS.showMoreAnnotations, groupRowsPerPage: ANNOTATIONS_PER_PAGE },
      },
      deps,
    );
  }

  /** The annotations in hand, once each. */
  get currentAnnotations(): Annotation[] {
    const byId = new Map<string, Annotation>();
    for (const row of this.rows) if (row.kind === 'dataset') for (const a of row.annotations) byId.set(a.id, a);
    return [...byId.values()];
  }

  protected async fetch(client: AxiomClient, signal: AbortSignal): Promise<Loaded<AnnotationNode>> {
    const end = new Date();
    const start = new Date(end.getTime() - VIEW_DAYS * 86_400_000);
    const { annotations, skipped } = await client.listAnnotations({ start, end }, signal);
    // Newest first, each time read once (a comparison reading both took most of a 1,000's sort),
    // and each dataset's list grown in place (copied at every annotation, it was quadratic).
    const times = new Map(annotations.map((a) => [a, Date.parse(a.time)]));
    const byDataset = new Map<string, Annotation[]>();
    for (const annotation of [...annotations].sort((a, b) => times.get(b)! - times.get(a)!))
      for (const dataset of new Set(annotation.datasets ?? [])) {
        const list = byDataset.get(dataset);
        if (list) list.push(annotation);
        else byDataset.set(dataset, [annotation]);
      }
    const rows = sortedByName(
      Array.from(byDataset, ([name, list]): AnnotationDatasetRow => ({ kind: 'dataset', name, annotations: list })),
    );
    return { rows, unreadable: skipped.length, count: annotations.length };
  }

  protected describeCount(count: number): string {
    return this.describeFiltered(
      count === 1 ? localize('1 annotation') : localize('{0} annotations', countText(count)),
      () => this.currentAnnotations.filter((a) => this.matchesAnnotation(a, this.currentFilterText)).length,
    );
  }

  private matchesAnnotation(annotation: Annotation, text: string): boolean {
    return [annotation.type, annotation.title, annotation.description, ...(annotation.datasets ?? [])].some(
      (field) => field !== undefined && matchesText(field, text),
    );
  }

  protected matchesFilter(row: AnnotationNode, text: string): boolean {
    return (
      row.kind === 'annotation' ||
      matchesText(row.name, text) ||
      row.annotations.some((a) => this.matchesAnnotation(a, text))
    );
  }

  protected override childrenOf(row: AnnotationNode): AnnotationNode[] {
    if (row.kind !== 'dataset') return [];
    let rows = this.annotationRows.get(row);
    if (!rows) {
      rows = row.annotations.map((annotation) => ({ kind: 'annotation', annotation, parent: row }));
      this.annotationRows.set(row, rows);
    }
    const text = this.currentFilterText;
    return text && !matchesText(row.name, text) ? rows.filter((r) => this.matchesAnnotation(r.annotation, text)) : rows;
  }

  protected override parentOf(row: AnnotationNode): AnnotationNode | undefined {
    return row.kind === 'annotation' ? row.parent : undefined;
  }

  protected rowItem(row: AnnotationNode): vscode.TreeItem {
    if (row.kind === 'dataset') {
      const item = new vscode.TreeItem(row.name, vscode.TreeItemCollapsibleState.Expanded);
      item.id = `dataset/${row.name}`;
      item.description = countText(row.annotations.length);
      item.iconPath = new vscode.ThemeIcon('database');
      item.contextValue = 'annotationDataset';
      return item;
    }
    const { annotation } = row;
    const item = new vscode.TreeItem(annotation.title || annotation.type || annotation.id);
    item.id = `annotation/${row.parent.name}/${annotation.id}`;
    const when = formatDate(new Date(annotation.time));
    item.description = annotation.type ? `${annotation.type} · ${when}` : when;
    item.iconPath = new vscode.ThemeIcon(annotation.endTime ? 'debug-stackframe-focused' : 'location');
    item.contextValue = isWebAddress(annotation.url) ? 'annotation.url' : 'annotation';
    item.command = { command: COMMANDS.editAnnotation, title: this.editTitle, arguments: [row] };
    return item;
  }

  protected hoverMarkdown(row: AnnotationNode): string | undefined {
    if (row.kind !== 'annotation') return undefined;
    const { annotation } = row;
    const facts = [
      [localize('Type'), annotation.type],
      [localize('Time'), annotation.time],
      [localize('Until'), annotation.endTime],
      [localize('Datasets'), annotation.datasets?.join(', ')],
      [localize('URL'), annotation.url],
    ].filter((fact): fact is [string, string] => !!fact[1]);
    const lines = [facts.map(([label, value]) => `${escapeMarkdown(label)}: ${escapeMarkdown(value)}`).join('  \n')];
    if (annotation.description) lines.push(escapeMarkdown(annotation.description));
    return lines.join('\n\n');
  }
}

/** Only http and https addresses are opened: a URL is the service's data (a `command:` one never runs). */
export function isWebAddress(url: string | undefined): url is string {
  return !!url && /^https?:\/\/[^\s]+$/i.test(url);
}
