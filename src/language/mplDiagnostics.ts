import type * as vscode from 'vscode';
import { checkMpl } from '../core/mpl/checks';
import { MPL_LANGUAGE_ID } from '../core/mpl/languageId';
import { toDiagnostic } from './diagnostics';
import { DocumentDiagnostics } from './documentDiagnostics';

/** What the diagnostics say they come from, in the Problems view and on hover. */
export const MPL_DIAGNOSTIC_SOURCE = 'Axiom MPL';

/**
 * The local checks of every open Axiom MPL document (core/mpl/checks.ts), as diagnostics, with the
 * life cycle of APL's (documentDiagnostics.ts): when it opens, a moment after typing stops, dropped
 * when it closes or becomes another language. No network: the checks read the text alone.
 */
export class MplDiagnostics extends DocumentDiagnostics {
  constructor() {
    super(MPL_LANGUAGE_ID);
  }

  protected checks(document: vscode.TextDocument): boolean {
    return document.languageId === MPL_LANGUAGE_ID;
  }

  protected diagnosticsOf(document: vscode.TextDocument): vscode.Diagnostic[] {
    return checkMpl(document.getText()).map((p) => toDiagnostic(document, p, MPL_DIAGNOSTIC_SOURCE));
  }
}
