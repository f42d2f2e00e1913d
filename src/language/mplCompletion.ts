import * as vscode from 'vscode';
import type { MetricsCatalog } from '../core/mpl/catalog';
import { mplCompletionContext, type MplCompletionContext } from '../core/mpl/completion';
import { mplName, mplValue } from '../core/mpl/writing';
import { DIRECTIVES, MAP_ARGUMENT_OF, OPERATIONS, VARIABLES, findFunction, functionNames } from '../core/mpl/reference';
import { localize } from '../platform/l10n';
import { mplReferenceMarkdown } from './mplHover';
import { race, type AplSchema } from './schema';

/** How long completion waits for names from the service; past that it shows what it has and asks again on the next keystroke. */
const NETWORK_WAIT_MS = 300;
const WINDOWS = ['1m', '5m', '15m', '1h', '1d'];
/** The kind of the datasets that hold OpenTelemetry metrics, which MPL queries. */
const METRICS_KIND = 'otel:metrics:v1';

/**
 * Completion in Axiom MPL: datasets where a query starts (the dataset list APL completion reads),
 * a dataset's metrics after `:`, a metric's tags in `where` and `by`, a tag's values after a
 * comparison (the metrics catalog, core/mpl/catalog.ts), operations after a pipe, functions after
 * `map` and `using`, windows after `to`, the words a stage takes next, directives after `set`.
 */
export class MplCompletions implements vscode.CompletionItemProvider {
  constructor(
    private readonly schema: AplSchema,
    private readonly catalog: MetricsCatalog,
  ) {}

  async provideCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.CompletionList | undefined> {
    const text = document.getText();
    const context = mplCompletionContext(text, document.offsetAt(position));
    if (context.kind === 'none') return undefined;
    const range = new vscode.Range(document.positionAt(context.start), document.positionAt(context.end));
    const quoted = text[context.start] === '`';
    let waiting = false;
    /** Names from the service or the catalog, if they come in time. */
    const soon = async <T>(names: Promise<T[] | undefined>): Promise<T[]> => {
      const found = await race(
        names.catch((): T[] => []),
        NETWORK_WAIT_MS,
        token,
      );
      if (!found) waiting = true;
      return found ?? [];
    };
    const items = await this.items(context, soon);
    for (const item of items) {
      item.range ??= range;
      if (quoted && typeof item.insertText === 'string') item.filterText = item.insertText;
    }
    return new vscode.CompletionList(items, waiting || this.schema.loading());
  }

  private async items(
    context: MplCompletionContext,
    soon: <T>(names: Promise<T[] | undefined>) => Promise<T[]>,
  ): Promise<vscode.CompletionItem[]> {
    switch (context.kind) {
      case 'queryStart': {
        // Metrics datasets first: MPL reads those.
        const datasets = await soon(this.schema.datasetList());
        const items = datasets.map(({ name, kind }) => {
          const metrics = kind === METRICS_KIND;
          const item = named(
            name,
            vscode.CompletionItemKind.Struct,
            metrics ? localize('metrics dataset') : localize('dataset'),
            `${metrics ? 0 : 1}${name}`,
          );
          // The dataset's metrics come next.
          item.insertText = `${mplName(name)}:`;
          item.command = { title: '', command: 'editor.action.triggerSuggest' };
          return item;
        });
        items.push(keyword('set', '2'));
        return items;
      }
      case 'metric':
        return (await soon(this.catalog.metrics(context.dataset))).map((name) =>
          named(name, vscode.CompletionItemKind.Field, localize('metric of {0}', context.dataset), `0${name}`),
        );
      case 'tag':
        if (!context.dataset || !context.metric) return [];
        return (await soon(this.catalog.tags(context.dataset, context.metric))).map((name) =>
          named(name, vscode.CompletionItemKind.Property, localize('tag'), `0${name}`),
        );
      case 'tagValue': {
        if (!context.dataset || !context.metric) return [];
        const values = await soon(this.catalog.tagValues(context.dataset, context.metric, context.tag));
        return values.map((value) => {
          const item = new vscode.CompletionItem(value, vscode.CompletionItemKind.Value);
          item.insertText = mplValue(value);
          item.detail = localize('a value of {0}', context.tag);
          return item;
        });
      }
      case 'operation':
        return OPERATIONS.map((operation, rank) => {
          const item = keyword(operation.name, String(rank).padStart(2, '0'));
          item.detail = operation.syntax;
          item.documentation = mplReferenceMarkdown({ kind: 'operation', operation, start: 0, end: 0 });
          item.insertText = `${operation.name} `;
          return item;
        });
      case 'function':
        return functionNames(context.place).flatMap((name) => {
          const fn = findFunction(name);
          if (!fn) return [];
          const item = new vscode.CompletionItem(name, vscode.CompletionItemKind.Function);
          item.documentation = mplReferenceMarkdown({ kind: 'function', fn, start: 0, end: 0 });
          // map's min and max take a value (`map min(0)`); elsewhere they are aggregations.
          if (fn.parameters || (context.place === 'map' && MAP_ARGUMENT_OF[name])) {
            item.insertText = new vscode.SnippetString(`${name}(\${1})`);
            item.command = { title: '', command: 'editor.action.triggerParameterHints' };
          }
          return [item];
        });
      case 'window':
        return [
          ...VARIABLES.map((v) => {
            const item = new vscode.CompletionItem(v.name, vscode.CompletionItemKind.Variable);
            item.documentation = v.description;
            item.sortText = '0';
            return item;
          }),
          ...WINDOWS.map((w, rank) =>
            withSort(new vscode.CompletionItem(w, vscode.CompletionItemKind.Constant), `1${rank}`),
          ),
        ];
      case 'words':
        return context.words.map((word, rank) => keyword(word, String(rank)));
      case 'directive':
        return DIRECTIVES.map((directive) => {
          const item = keyword(directive.name, '0');
          item.documentation = mplReferenceMarkdown({ kind: 'directive', directive, start: 0, end: 0 });
          item.insertText = new vscode.SnippetString(`${directive.name} = "\${1}";`);
          return item;
        });
      default:
        return [];
    }
  }
}

/** A name from the service: written bare or in backquotes as MPL needs. */
function named(name: string, kind: vscode.CompletionItemKind, detail: string, sortText: string): vscode.CompletionItem {
  const item = new vscode.CompletionItem(name, kind);
  item.insertText = mplName(name);
  item.detail = detail;
  item.sortText = sortText;
  return item;
}

function keyword(word: string, sortText: string): vscode.CompletionItem {
  return withSort(new vscode.CompletionItem(word, vscode.CompletionItemKind.Keyword), sortText);
}

function withSort(item: vscode.CompletionItem, sortText: string): vscode.CompletionItem {
  item.sortText = sortText;
  return item;
}
