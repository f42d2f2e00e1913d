import * as vscode from 'vscode';

/** Registers each command of a table of command ids and what they do. */
export function registerCommands(table: Record<string, (...args: never[]) => unknown>): vscode.Disposable[] {
  return Object.entries(table).map(([id, run]) => vscode.commands.registerCommand(id, run as (...args: unknown[]) => unknown));
}
