import * as vscode from 'vscode';
import type { AxiomClient } from '../core/api/client';
import { adviceFor } from '../core/api/errorAdvice';
import type { Phrase } from '../core/phrase';
import { COMMANDS } from '../platform/constants';
import { showAdvice } from '../platform/showAdvice';
import type { Connection } from './connection';

/**
 * The window's client for a command that needs one. Without a token, `why` says what it is for,
 * with Set API Token (and the client made with the new token); unusable settings are said as
 * `doing` failing, with their advice.
 */
export async function clientOrAsk(connection: Connection, why: string, doing: Phrase): Promise<AxiomClient | undefined> {
  try {
    const client = await connection.client();
    if (client) return client;
    const setToken = vscode.l10n.t('Set API Token');
    const choice = await vscode.window.showWarningMessage(why, setToken);
    if (choice === setToken && (await vscode.commands.executeCommand<boolean>(COMMANDS.setToken))) return await connection.client();
  } catch (error) {
    void showAdvice(adviceFor(error, doing));
  }
  return undefined;
}
