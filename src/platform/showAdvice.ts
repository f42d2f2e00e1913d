import * as vscode from 'vscode';
import type { Advice, AdviceAction } from '../core/api/errorAdvice';
import { actionLabel, OPEN_SETTINGS, settingsToShow } from './adviceActions';
import { say } from './l10n';

/** What the actions a failure offers do, given by the accounts feature at registration
 *  (functions, not our own command ids): Set API Token and Sign In (true when the person got a
 *  token), and Show Log. */
export interface AdviceHandlers {
  askForToken(): Promise<boolean>;
  signIn(): Promise<boolean>;
  log: { show(): void };
}

/**
 * Shows a failure with its actions. Set Token, Open Settings and Show Log are carried out here;
 * the returned promise says whether to try again, for the caller to act on: the person chose
 * Retry, or set a new token.
 */
export async function showAdvice(advice: Advice, handlers: AdviceHandlers): Promise<'retry' | undefined> {
  const labels = advice.actions.map(actionLabel);
  const chosen = await vscode.window.showErrorMessage(say(advice.message), ...labels);
  return carryOut(advice.actions[labels.indexOf(chosen ?? '')], handlers, advice.setting);
}

/** Carries out an advice's action chosen (a notification's button, a notebook output's): Set
 *  Token, Open Settings and Show Log here; says whether to try again (Retry, or a new token). */
export async function carryOut(
  action: AdviceAction | undefined,
  handlers: AdviceHandlers,
  setting?: string,
): Promise<'retry' | undefined> {
  switch (action) {
    case 'retry':
      return 'retry';
    case 'signIn':
      return (await handlers.signIn()) ? 'retry' : undefined;
    case 'setToken':
      return (await handlers.askForToken()) ? 'retry' : undefined;
    case 'openSettings':
      await vscode.commands.executeCommand(OPEN_SETTINGS, settingsToShow(setting));
      return undefined;
    case 'showLog':
      handlers.log.show();
      return undefined;
    default:
      return undefined;
  }
}
