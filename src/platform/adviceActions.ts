// The actions a failure is met with, as a person sees them (a label, an icon) and as VS Code
// runs them (a command): shared by notifications (showAdvice) and list views in an error state.
import * as vscode from 'vscode';
import type { AdviceAction } from '../core/api/errorAdvice';
import { COMMANDS } from './constants';
import { localize } from './l10n';

/** An advice's actions, Test Connection, which a view offers beside Retry, and Switch Deployment,
 *  beside Set API Token (the token may be right, for another deployment). */
export type OfferedAction = AdviceAction | 'testConnection' | 'switchDeployment';

/** VS Code's own command; its argument is the search the Settings editor opens with. */
export const OPEN_SETTINGS = 'workbench.action.openSettings';

/** What Open Settings searches for: the setting the advice named, or else all of the extension's. */
export function settingsToShow(setting: string | undefined): string {
  return setting ?? 'axiom.';
}

export function actionLabel(action: OfferedAction): string {
  switch (action) {
    case 'retry':
      return localize('Retry');
    case 'signIn':
      return localize('Sign in with Axiom');
    case 'setToken':
      return localize('Set API Token');
    case 'openSettings':
      return localize('Open Settings');
    case 'showLog':
      return localize('Show Log');
    case 'testConnection':
      return localize('Test Connection');
    case 'switchDeployment':
      return localize('Switch Deployment');
  }
}

const ICONS: Record<OfferedAction, string> = {
  retry: 'refresh',
  signIn: 'sign-in',
  setToken: 'key',
  openSettings: 'settings-gear',
  showLog: 'output',
  testConnection: 'plug',
  switchDeployment: 'cloud',
};

export function actionIcon(action: OfferedAction): vscode.ThemeIcon {
  return new vscode.ThemeIcon(ICONS[action]);
}

/**
 * The command that carries the action out. `retry` is the caller's own command (a view's
 * refresh); `setting` is the one Open Settings shows, if the advice named one.
 */
export function actionCommand(action: OfferedAction, how: { retry: string; setting?: string }): vscode.Command {
  const title = actionLabel(action);
  switch (action) {
    case 'retry':
      return { command: how.retry, title };
    case 'signIn':
      return { command: COMMANDS.signIn, title };
    case 'setToken':
      return { command: COMMANDS.setToken, title };
    case 'openSettings':
      return { command: OPEN_SETTINGS, title, arguments: [settingsToShow(how.setting)] };
    case 'showLog':
      return { command: COMMANDS.showLog, title };
    case 'testConnection':
      return { command: COMMANDS.testConnection, title };
    case 'switchDeployment':
      return { command: COMMANDS.switchDeployment, title };
  }
}

/**
 * What a view offers for an advice, in order. A refused token is not cured by trying again, so
 * the way to another comes first; where trying again may help, finding out why may too, so Test
 * Connection goes beside Retry.
 */
export function offeredActions(actions: readonly AdviceAction[]): OfferedAction[] {
  const offered: OfferedAction[] = actions.includes('setToken')
    ? ['setToken', 'switchDeployment', ...actions.filter((a) => a !== 'setToken')]
    : [...actions];
  const retry = offered.indexOf('retry');
  if (retry >= 0) offered.splice(retry + 1, 0, 'testConnection');
  return offered;
}
