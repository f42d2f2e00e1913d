import * as vscode from 'vscode';
import { COMMANDS } from './constants';
import type { Advice, AdviceAction } from '../core/api/errorAdvice';
import { actionLabel, OPEN_SETTINGS, settingsToShow } from './adviceActions';
import { say } from './l10n';

/**
 * Shows a failure with its actions. Set Token, Open Settings and Show Log are carried out here;
 * the returned promise says whether to try again, for the caller to act on: the person chose
 * Retry, or set a new token.
 */
export async function showAdvice(advice: Advice): Promise<'retry' | undefined> {
  const labels = advice.actions.map(actionLabel);
  const chosen = await vscode.window.showErrorMessage(say(advice.message), ...labels);
  return carryOut(advice.actions[labels.indexOf(chosen ?? '')], advice.setting);
}

/** Carries out an advice's action chosen (a notification's button, a notebook output's): Set
 *  Token, Open Settings and Show Log here; says whether to try again (Retry, or a new token). */
export async function carryOut(action: AdviceAction | undefined, setting?: string): Promise<'retry' | undefined> {
  switch (action) {
    case 'retry':
      return 'retry';
    case 'signIn':
      return (await vscode.commands.executeCommand<unknown>(COMMANDS.signIn)) ? 'retry' : undefined;
    case 'setToken':
      return (await vscode.commands.executeCommand<boolean>(COMMANDS.setToken)) ? 'retry' : undefined;
    case 'openSettings':
      await vscode.commands.executeCommand(OPEN_SETTINGS, settingsToShow(setting));
      return undefined;
    case 'showLog':
      await vscode.commands.executeCommand(COMMANDS.showLog);
      return undefined;
    default:
      return undefined;
  }
}
