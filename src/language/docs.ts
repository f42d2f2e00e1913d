import * as vscode from 'vscode';
import type { AplFunction, AplOperator, AplWord } from '../core/apl/reference';
import { escapeMarkdown, fencedCode } from '../core/markdown';
import { localize, translated } from '../platform/l10n';
import { load, once } from '../platform/lazy';
import { untrustedMarkdown } from '../platform/markdown';

/** The categories' labels in the display language, translated once, when a hover first shows one. */
const categoryLabels = once(() => translated(load('apl').CATEGORY_LABELS));

/** The hover and completion documentation of an operator, a function or a word: its syntax, our sentence, the link to its page. */
export function referenceMarkdown(
  entry:
    | { kind: 'operator'; operator: AplOperator }
    | { kind: 'function'; fn: AplFunction }
    | { kind: 'word'; word: AplWord },
): vscode.MarkdownString {
  const parts: string[] = [];
  if (entry.kind === 'operator') {
    parts.push(
      fencedCode(entry.operator.syntax, 'axiom-apl'),
      escapeMarkdown(entry.operator.description),
      link(entry.operator.name, entry.operator.doc),
    );
  } else if (entry.kind === 'function') {
    const { fn } = entry;
    parts.push(
      fencedCode(fn.signature, 'axiom-apl'),
      `*${escapeMarkdown(categoryLabels()[fn.category])}*: ${escapeMarkdown(fn.description)}`,
      link(fn.name, fn.doc),
    );
  } else {
    parts.push(`\`${entry.word.name}\`: ${escapeMarkdown(entry.word.description)}`);
    if (entry.word.doc) parts.push(link(entry.word.name, entry.word.doc));
  }
  return untrustedMarkdown(parts.join('\n\n'));
}

function link(name: string, url: string): string {
  return `[${escapeMarkdown(localize('{0} in the APL reference', name))}](${url})`;
}
