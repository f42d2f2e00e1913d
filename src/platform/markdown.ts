import * as vscode from 'vscode';

/** Markdown for text from the service: not trusted (no command links), no HTML. */
export function untrustedMarkdown(text: string): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(text, false);
  markdown.isTrusted = false;
  markdown.supportHtml = false;
  return markdown;
}
