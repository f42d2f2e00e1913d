import * as vscode from 'vscode';
import { say } from '../platform/l10n';
import { checkOrgIdInput, checkTokenInput, tokenKind } from '../core/accounts/tokenInput';
import type { SettingsStore } from '../platform/settings';
import type { TokenStore } from '../platform/tokenStore';
import { ensureOrgId } from '../platform/webApp';

export interface SetTokenArgs {
  /** Given by scripts and tests instead of typing it; validated like typed input. */
  token?: string;
  orgId?: string;
}

/** Axiom: Set API Token. Asks in a password box, trims, refuses empty input, and for a personal
 *  token without a known org id asks for that too. */
export function setTokenCommand(tokens: TokenStore, settings: SettingsStore) {
  return async (args?: SetTokenArgs): Promise<boolean> => {
    const raw =
      args?.token ??
      (await vscode.window.showInputBox({
        title: vscode.l10n.t('Axiom API token'),
        prompt: vscode.l10n.t('An API token (xaat-…) or a personal token (xapt-…). It is kept in VS Code’s secret storage.'),
        password: true,
        ignoreFocusOut: true,
        validateInput: (text) => {
          const check = checkTokenInput(text);
          return check.ok ? undefined : say(check.problem);
        },
      }));
    if (raw === undefined) return false;
    const check = checkTokenInput(raw);
    if (!check.ok) {
      void vscode.window.showErrorMessage(vscode.l10n.t('The token was not saved: {0}', say(check.problem)));
      return false;
    }
    if (args?.orgId !== undefined) {
      const org = checkOrgIdInput(args.orgId);
      if (!org.ok) {
        void vscode.window.showErrorMessage(vscode.l10n.t('The token was not saved: {0}', say(org.problem)));
        return false;
      }
      await settings.saveOrgId(org.orgId);
    }
    await tokens.set(check.token);
    if (tokenKind(check.token) === 'personal' && !settings.read().orgId) {
      const orgId = await ensureOrgId(settings, vscode.l10n.t('A personal token needs the id of the organization to act in.'));
      if (!orgId) void vscode.window.showWarningMessage(vscode.l10n.t('The token is saved, but a personal token needs an org id: set axiom.orgId.'));
    }
    void vscode.window.showInformationMessage(vscode.l10n.t('Axiom token saved.'));
    return true;
  };
}

/** Axiom: Sign Out. Deletes the token from secret storage. */
export function signOutCommand(tokens: TokenStore) {
  return async (): Promise<void> => {
    await tokens.delete();
    void vscode.window.showInformationMessage(vscode.l10n.t('Signed out of Axiom: the token was removed.'));
  };
}
