import * as vscode from 'vscode';
import { COMMANDS } from './constants';
import type { Advice, AdviceAction } from '../core/api/errorAdvice';
import { say } from './l10n';

function label(action: AdviceAction): string {
  switch (action) {
    case 'retry':
      return vscode.l10n.t('Retry');
    case 'setToken':
      return vscode.l10n.t('Set API Token');
    case 'openSettings':
      return vscode.l10n.t('Open Settings');
    case 'showLog':
      return vscode.l10n.t('Show Log');
  }
}

/**
 * Shows a failure with its actions. Set Token, Open Settings and Show Log are carried out here;
 * the returned promise says whether to try again, for the caller to act on: the person chose
 * Retry, or set a new token.
 */
export async function showAdvice(advice: Advice): Promise<'retry' | undefined> {
  const labels = advice.actions.map(label);
  const chosen = await vscode.window.showErrorMessage(say(advice.message), ...labels);
  const action = advice.actions[labels.indexOf(chosen ?? '')];
  switch (action) {
    case 'retry':
      return 'retry';
    case 'setToken':
      return (await vscode.commands.executeCommand<boolean>(COMMANDS.setToken)) ? 'retry' : undefined;
    case 'openSettings':
      await vscode.commands.executeCommand('workbench.action.openSettings', 'axiom.');
      return undefined;
    case 'showLog':
      await vscode.commands.executeCommand(COMMANDS.showLog);
      return undefined;
    default:
      return undefined;
  }
}
