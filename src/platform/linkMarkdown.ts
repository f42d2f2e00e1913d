import * as vscode from 'vscode';
import { LINK_COMMANDS } from '../core/code/codeLinks';

/** Markdown built by core/code/codeLinks.ts from event data: its links run Open Code Location and
 *  Open Trace and no other command (VS Code refuses any other `command:` link in it); no HTML. */
export function linkedMarkdown(text: string): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(text, false);
  markdown.isTrusted = { enabledCommands: Object.values(LINK_COMMANDS) };
  markdown.supportHtml = false;
  return markdown;
}
