import * as vscode from 'vscode';

/**
 * The one way to ask "are you sure": a modal warning that names what is about to happen, a detail
 * that says what follows from it, and one button that does it. True only when the person chose
 * that button (Cancel, Escape and closing the dialog all answer no).
 */
export async function confirm(question: string, detail: string, action: string): Promise<boolean> {
  const choice = await vscode.window.showWarningMessage(question, { modal: true, detail }, action);
  return choice === action;
}
