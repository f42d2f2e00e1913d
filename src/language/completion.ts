import * as vscode from 'vscode';
import type { CompletionContext } from '../core/apl/completion';
import type { AplFunction } from '../core/apl/reference';
import { load } from '../platform/lazy';
import { referenceMarkdown } from './docs';
import type { AplSchema } from './schema';
import { localize } from '../platform/l10n';

/** How long completion waits for dataset names or fields not fetched yet; past that it shows what it has and asks again on the next keystroke. */
const NETWORK_WAIT_MS = 300;

/** The operators people use most come first after a pipe; the rest follow in alphabetical order. */
const FREQUENT = [
  'where',
  'summarize',
  'extend',
  'project',
  'sort',
  'take',
  'limit',
  'top',
  'count',
  'distinct',
  'order',
  'join',
  'parse',
  'make-series',
  'mv-expand',
];

/**
 * Completion in Axiom APL: tabular operators after a pipe; datasets (from the service) where a
 * query starts or union, join and lookup name one; inside expressions the query's fields (from the
 * service), let names, functions with a snippet for their parameters, and keywords. Without a
 * token, or while the service has not answered, the reference's names alone.
 */
export class AplCompletions implements vscode.CompletionItemProvider {
  /** A pipe opens the operators; a quote right after [ opens the quoted names (any other quote is ignored). */

  constructor(private readonly schema: AplSchema) {}

  async provideCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
    request?: vscode.CompletionContext,
  ): Promise<vscode.CompletionList | undefined> {
    const apl = load('apl');
    const text = document.getText();
    const context = apl.completionContext(text, document.offsetAt(position));
    if (context.kind === 'none') return undefined;
    const quote = request?.triggerCharacter === "'" || request?.triggerCharacter === '"';
    if (quote && (context.kind === 'operator' || !context.quoted)) return undefined;
    const range = new vscode.Range(document.positionAt(context.start), document.positionAt(context.end));
    let items: vscode.CompletionItem[];
    if (context.kind === 'operator') {
      const space = text[context.start - 1] === '|' ? ' ' : '';
      items = apl.TABULAR_OPERATORS.map((operator) => {
        const item = new vscode.CompletionItem(operator.name, vscode.CompletionItemKind.Keyword);
        item.detail = operator.syntax;
        item.documentation = referenceMarkdown({ kind: 'operator', operator });
        item.insertText = `${space}${operator.name} `;
        item.filterText = operator.name;
        const rank = FREQUENT.indexOf(operator.name);
        item.sortText = rank < 0 ? `1${operator.name}` : `0${String(rank).padStart(2, '0')}`;
        return item;
      });
    } else if (context.kind === 'dataset') {
      items = await this.datasetItems(context, token);
    } else {
      items = await this.expressionItems(context, token);
    }
    for (const item of items) item.range ??= range;
    return new vscode.CompletionList(items, this.schema.loading());
  }

  private async datasetItems(
    context: Extract<CompletionContext, { kind: 'dataset' }>,
    token: vscode.CancellationToken,
  ): Promise<vscode.CompletionItem[]> {
    const apl = load('apl');
    const items: vscode.CompletionItem[] = [];
    for (const name of (await this.schema.datasets(NETWORK_WAIT_MS, token)) ?? []) {
      const item = new vscode.CompletionItem(name, vscode.CompletionItemKind.Struct);
      item.detail = localize('dataset');
      item.insertText = apl.quotedName(name);
      item.filterText = context.quoted ? apl.quotedName(name) : name;
      item.sortText = `0${name}`;
      items.push(item);
    }
    if (!context.quoted) {
      for (const name of context.letNames)
        items.push(withSort(new vscode.CompletionItem(name, vscode.CompletionItemKind.Variable), `1${name}`));
      if (context.atStatementStart)
        for (const word of ['let', 'set', 'print', 'union', 'search'])
          items.push(withSort(new vscode.CompletionItem(word, vscode.CompletionItemKind.Keyword), `2${word}`));
    }
    return items;
  }

  private async expressionItems(
    context: Extract<CompletionContext, { kind: 'expression' }>,
    token: vscode.CancellationToken,
  ): Promise<vscode.CompletionItem[]> {
    const apl = load('apl');
    const items: vscode.CompletionItem[] = [];
    const fields = context.dataset ? await this.schema.fields(context.dataset, NETWORK_WAIT_MS, token) : undefined;
    for (const field of fields ?? []) {
      const item = new vscode.CompletionItem(
        { label: field.name, description: [field.type, field.unit].filter(Boolean).join(' · ') },
        vscode.CompletionItemKind.Field,
      );
      item.detail = field.type;
      if (field.description) item.documentation = field.description;
      item.insertText = context.quoted ? apl.quotedName(field.name) : apl.fieldReference(field.name);
      item.filterText = context.quoted ? apl.quotedName(field.name) : field.name;
      item.sortText = `0${field.name}`;
      items.push(item);
    }
    if (context.quoted) return items;
    for (const name of context.letNames)
      items.push(withSort(new vscode.CompletionItem(name, vscode.CompletionItemKind.Variable), `1${name}`));
    const aggregating = context.operator === 'summarize' || context.operator === 'make-series';
    for (const fn of apl.FUNCTIONS)
      items.push(functionItem(fn, fn.kind === 'aggregation' ? (aggregating ? '2' : '4') : '3'));
    for (const word of apl.EXPRESSION_WORDS) {
      const item = new vscode.CompletionItem(word.name, vscode.CompletionItemKind.Keyword);
      item.documentation = referenceMarkdown({ kind: 'word', word });
      items.push(withSort(item, `5${word.name}`));
    }
    for (const word of apl.CLAUSE_WORDS)
      items.push(withSort(new vscode.CompletionItem(word, vscode.CompletionItemKind.Keyword), `5${word}`));
    return items;
  }
}

function functionItem(fn: AplFunction, rank: string): vscode.CompletionItem {
  const item = new vscode.CompletionItem(
    { label: fn.name, detail: fn.signature.slice(fn.name.length) },
    vscode.CompletionItemKind.Function,
  );
  item.detail = fn.signature;
  item.documentation = referenceMarkdown({ kind: 'function', fn });
  item.insertText = new vscode.SnippetString(load('apl').callSnippet(fn));
  item.sortText = `${rank}${fn.name}`;
  item.command = { title: '', command: 'editor.action.triggerParameterHints' };
  return item;
}

function withSort(item: vscode.CompletionItem, sortText: string): vscode.CompletionItem {
  item.sortText = sortText;
  return item;
}
