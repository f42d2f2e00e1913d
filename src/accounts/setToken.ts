import * as vscode from 'vscode';
import { checkOrgIdInput, checkTokenInput, tokenKind } from '../core/accounts/tokenInput';
import { adviceFor } from '../core/api/errorAdvice';
import { phrase, type Phrase } from '../core/phrase';
import { confirm } from '../platform/confirm';
import { localize, say } from '../platform/l10n';
import { showAdvice, type AdviceHandlers } from '../platform/showAdvice';
import { ensureOrgId } from '../platform/webApp';
import { deploymentLabel, type Accounts, type ActiveDeployment } from './accounts';

export interface SetTokenArgs {
  /** Given by scripts and tests instead of typing it; validated like typed input. */
  token?: string;
  orgId?: string;
}

/** The window's deployment, or undefined after saying why there is none (a pin to one not set up here). */
async function activeOrExplain(
  accounts: Accounts,
  doing: Phrase,
  handlers: AdviceHandlers,
): Promise<ActiveDeployment | undefined> {
  try {
    return await accounts.active();
  } catch (error) {
    void showAdvice(adviceFor(error, doing), handlers);
    return undefined;
  }
}

/** Axiom: Set API Token, for the window's deployment. Asks in a password box, trims, refuses
 *  empty input, and for a personal token without a known org id asks for that too. */
export function setTokenCommand(accounts: Accounts, handlers: AdviceHandlers) {
  const setToken = async (args?: SetTokenArgs): Promise<boolean> => {
    const deployment = await activeOrExplain(accounts, phrase('Setting the token'), handlers);
    if (!deployment) return false;
    const listed = deployment.name !== '';
    const raw =
      args?.token ??
      (await vscode.window.showInputBox({
        title: listed ? localize('Axiom API token for “{0}”', deployment.name) : localize('Axiom API token'),
        prompt: localize('An API token (xaat-…) or a personal token (xapt-…). It is kept in VS Code’s secret storage.'),
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
      void vscode.window.showErrorMessage(localize('The token was not saved: {0}', say(check.problem)));
      return false;
    }
    if (args?.orgId !== undefined) {
      const org = checkOrgIdInput(args.orgId);
      if (!org.ok) {
        void vscode.window.showErrorMessage(localize('The token was not saved: {0}', say(org.problem)));
        return false;
      }
      await accounts.saveOrgId(deployment.name, org.orgId);
    }
    await accounts.setToken(deployment.name, check.token);
    if (tokenKind(check.token) === 'personal' && !(await accounts.active()).orgId) {
      const orgId = await ensureOrgId(
        accounts,
        localize('A personal token needs the id of the organization to act in.'),
      );
      if (!orgId)
        void vscode.window.showWarningMessage(
          localize('The token is saved, but a personal token needs an org id: set axiom.orgId.'),
        );
    }
    void vscode.window.showInformationMessage(
      listed ? localize('Axiom token saved for “{0}”.', deployment.name) : localize('Axiom token saved.'),
    );
    return true;
  };
  return setToken;
}

/** Axiom: Sign Out, of the window's deployment, after a modal question naming it (a call without
 *  arguments may come from another extension as well as the Command Palette): its token is deleted
 *  from secret storage. True when it signed out. */
export function signOutCommand(accounts: Accounts, handlers: AdviceHandlers) {
  return async (args?: { confirmed?: boolean }): Promise<boolean> => {
    const deployment = await activeOrExplain(accounts, phrase('Signing out'), handlers);
    if (!deployment) return false;
    const label = deploymentLabel(deployment);
    if (
      !args?.confirmed &&
      !(await confirm(
        localize('Sign out of Axiom ({0})?', label),
        localize('Its token is deleted from VS Code’s secret storage on this machine.'),
        localize('Sign Out'),
      ))
    )
      return false;
    await accounts.signOut(deployment.name);
    void vscode.window.showInformationMessage(localize('Signed out of Axiom ({0}): the token was removed.', label));
    return true;
  };
}
