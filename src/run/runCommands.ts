import * as vscode from 'vscode';
import { blockAt, queryBlocks } from '../core/apl/queryBlocks';
import { queryToRun } from '../core/run/queryText';
import { APL_LANGUAGE_ID } from '../platform/constants';
import { MPL_LANGUAGE_ID } from '../core/mpl/languageId';
import { openDocument } from '../platform/openQuery';
import type { QueryLanguage, QueryRunner, RunRequest } from './queryRunner';
import { localize } from '../platform/l10n';

/** What the CodeLens above a query hands the command: the document, the query's offsets and its text then. */
export interface RunLensArgs {
  uri: string;
  start: number;
  end: number;
  text: string;
}

function isLensArgs(arg: unknown): arg is RunLensArgs {
  const a = arg as Partial<RunLensArgs> | undefined;
  return (
    typeof a === 'object' &&
    a !== null &&
    typeof a.uri === 'string' &&
    typeof a.text === 'string' &&
    Number.isInteger(a.start) &&
    Number.isInteger(a.end)
  );
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
  if (!run.text.trim()) return localize('There is no query to run here.');
  const queries = run.source === 'document' ? queryBlocks(text).length : 1;
  if (queries > 1)
    return localize('This file holds {0} queries: put the cursor in the one to run, or select it.', queries);
  return {
    apl: run.text,
    documentUri: document.uri,
    version: document.version,
    startOffset: run.startOffset,
    language: runLanguage(document.languageId),
  };
}

/** The language Run Query runs a document's text as, or undefined when it runs neither. */
export function runLanguage(languageId: string): QueryLanguage | undefined {
  return languageId === APL_LANGUAGE_ID ? 'apl' : languageId === MPL_LANGUAGE_ID ? 'mpl' : undefined;
}

/** The lens's query: where the lens was made, or, when an edit moved it before the lenses were
 *  made again, the same text nearest to there; when it was edited itself, the query now there. */
function requestFromLens(args: RunLensArgs): RunRequest | undefined {
  const document = openDocument(args.uri);
  if (!document || !args.text.trim()) return undefined;
  const text = document.getText();
  const start = nearestOccurrence(text, args.text, args.start);
  const language = runLanguage(document.languageId);
  if (start !== undefined)
    return { apl: args.text, documentUri: document.uri, version: document.version, startOffset: start, language };
  const block = blockAt(text, Math.min(args.start, text.length));
  return (
    block && {
      apl: text.slice(block.start, block.end),
      documentUri: document.uri,
      version: document.version,
      startOffset: block.start,
      language,
    }
  );
}

function nearestOccurrence(text: string, query: string, near: number): number | undefined {
  if (text.startsWith(query, near)) return near;
  const after = text.indexOf(query, near);
  const before = text.lastIndexOf(query, near);
  if (after < 0) return before < 0 ? undefined : before;
  return before < 0 || after - near < near - before ? after : before;
}

/** Axiom: Run Query, from the keyboard, the editor's title, a CodeLens (with its offsets) or the palette. */
export function runQueryCommand(runner: () => QueryRunner) {
  return async (arg?: unknown) => {
    const editor = vscode.window.activeTextEditor;
    const request = isLensArgs(arg)
      ? requestFromLens(arg)
      : editor && runLanguage(editor.document.languageId)
        ? requestFromEditor(editor)
        : undefined;
    if (typeof request === 'object') return runner().run(request);
    void vscode.window.showWarningMessage(
      request ??
        localize('Run Query runs Axiom APL and MPL: open an .apl or .mpl file, or a monitor’s or starred query.'),
    );
    return undefined;
  };
}

/** Runs a monitor's or a starred query's APL from its row: the query opens in an editor of its
 *  own first, so that a compile error has a place to show. */
export function runFromRowCommand(
  runner: () => QueryRunner,
  openRow: (arg: unknown) => Promise<vscode.TextEditor | undefined>,
) {
  return async (arg?: unknown) => {
    const editor = await openRow(arg);
    if (!editor) return undefined;
    const language = runLanguage(editor.document.languageId);
    if (!language) {
      void vscode.window.showInformationMessage(
        localize('This query is neither APL nor MPL, so it cannot run here; it is open to read.'),
      );
      return undefined;
    }
    const document = editor.document;
    return runner().run({
      apl: document.getText(),
      documentUri: document.uri,
      version: document.version,
      startOffset: 0,
      language,
    });
  };
}
