import * as vscode from 'vscode';
import { queryBlocks, queryToRun } from '../core/run/queryText';
import { APL_LANGUAGE_ID, COMMANDS } from '../platform/constants';
import type { QueryRunner, RunRequest } from './queryRunner';

/** What the CodeLens above a query hands the command: the document and the query's offsets. */
export interface RunLensArgs {
  uri: string;
  start: number;
  end: number;
}

function isLensArgs(arg: unknown): arg is RunLensArgs {
  const a = arg as Partial<RunLensArgs> | undefined;
  return typeof a === 'object' && a !== null && typeof a.uri === 'string' && Number.isInteger(a.start) && Number.isInteger(a.end);
}

/**
 * The query an editor asks to run: its selection, else the query under the cursor, else the whole
 * document; or why there is none: nothing in it, or the cursor between several queries (the
 * whole file would not compile).
 */
export function requestFromEditor(editor: vscode.TextEditor): RunRequest | string {
  const document = editor.document;
  const text = document.getText();
  const selection = { start: document.offsetAt(editor.selection.start), end: document.offsetAt(editor.selection.end) };
  const run = queryToRun(text, selection, document.offsetAt(editor.selection.active));
  if (!run.text.trim()) return vscode.l10n.t('There is no query to run here.');
  const queries = run.text === text ? queryBlocks(text).length : 1;
  if (queries > 1) return vscode.l10n.t('This file holds {0} queries: put the cursor in the one to run, or select it.', queries);
  return { apl: run.text, documentUri: document.uri, version: document.version, startOffset: run.startOffset };
}

function requestFromLens(args: RunLensArgs): RunRequest | undefined {
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === args.uri);
  if (!document) return undefined;
  const text = document.getText();
  if (args.end > text.length || args.start >= args.end) return undefined;
  return { apl: text.slice(args.start, args.end), documentUri: document.uri, version: document.version, startOffset: args.start };
}

/** Axiom: Run Query, from the keyboard, the editor's title, a CodeLens (with its offsets) or the palette. */
export function runQueryCommand(runner: QueryRunner) {
  return async (arg?: unknown) => {
    const editor = vscode.window.activeTextEditor;
    const request = isLensArgs(arg) ? requestFromLens(arg) : editor && editor.document.languageId === APL_LANGUAGE_ID ? requestFromEditor(editor) : undefined;
    if (typeof request === 'object') return runner.run(request);
    void vscode.window.showWarningMessage(request ?? vscode.l10n.t('Run Query runs Axiom APL: open an .apl file, or a monitor’s or starred query.'));
    return undefined;
  };
}

/** Runs a monitor's or a starred query's APL from its row: the query opens in an editor of its
 *  own first, so that a compile error has a place to show. */
export function runFromRowCommand(runner: QueryRunner, openCommand: string) {
  return async (arg?: unknown) => {
    const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>(openCommand, arg);
    if (!editor || editor.document.languageId !== APL_LANGUAGE_ID) return undefined;
    const document = editor.document;
    return runner.run({ apl: document.getText(), documentUri: document.uri, version: document.version, startOffset: 0 });
  };
}

export const ROW_OPENERS = { monitor: COMMANDS.openMonitorQueryInNewTab, starred: COMMANDS.openStarredQuery } as const;
