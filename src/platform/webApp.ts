import * as vscode from 'vscode';
import { say } from './l10n';
import { checkOrgIdInput } from '../core/accounts/tokenInput';
import type { SettingsStore } from './settings';

/** The org id from the settings, or asked for once and saved to `axiom.orgId`. */
export async function ensureOrgId(settings: SettingsStore, why: string): Promise<string | undefined> {
  const known = settings.read().orgId;
  if (known) return known;
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Axiom organization id'),
    prompt: vscode.l10n.t("{0} It is the part after the host in the web app's address: https://app.axiom.co/<org-id>/…", why),
    placeHolder: 'my-org-a1b2',
    ignoreFocusOut: true,
    validateInput: (text) => {
      const check = checkOrgIdInput(text);
      return check.ok ? undefined : say(check.problem);
    },
  });
  const check = checkOrgIdInput(value);
  if (value === undefined || !check.ok) return undefined;
  await settings.saveOrgId(check.orgId);
  return check.orgId;
}

/** Opens a page of the Axiom web app in the browser, asking for the org id first if it is unknown.
 *  Returns the link opened, or undefined when the person gave no org id. */
export async function openInWebApp(settings: SettingsStore, linkFor: (orgId: string) => string): Promise<string | undefined> {
  const orgId = await ensureOrgId(settings, vscode.l10n.t('Links to the web app name your organization.'));
  if (!orgId) return undefined;
  const link = linkFor(orgId);
  await vscode.env.openExternal(vscode.Uri.parse(link, true));
  return link;
}
