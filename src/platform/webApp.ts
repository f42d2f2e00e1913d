import * as vscode from 'vscode';
import { checkOrgIdInput } from '../core/accounts/tokenInput';
import { requireEndpoint, type ApiEndpoint } from '../core/api/baseUrl';
import { adviceFor } from '../core/api/errorAdvice';
import type { Phrase } from '../core/phrase';
import { localize, say } from './l10n';
import { showAdvice, type AdviceHandlers } from './showAdvice';

/** Where the org id of the window's deployment is read and saved (the accounts feature). */
export interface OrgIds {
  active(): Promise<{ name: string; orgId?: string }>;
  saveOrgId(deployment: string, orgId: string): Promise<void>;
}

/** The window's deployment with its API address (the accounts feature). */
export interface Deployments extends OrgIds {
  active(): Promise<{ name: string; url: string; orgId?: string }>;
}

/** The org id of the window's deployment, or asked for once and saved with it. */
export async function ensureOrgId(orgIds: OrgIds, why: string): Promise<string | undefined> {
  const deployment = await orgIds.active();
  if (deployment.orgId) return deployment.orgId;
  const value = await vscode.window.showInputBox({
    title: localize('Axiom organization id'),
    prompt: localize(
      "{0} It is the part after the host in the web app's address: https://app.axiom.co/<org-id>/…",
      why,
    ),
    placeHolder: 'my-org-a1b2',
    ignoreFocusOut: true,
    validateInput: (text) => {
      const check = checkOrgIdInput(text);
      return check.ok ? undefined : say(check.problem);
    },
  });
  const check = checkOrgIdInput(value);
  if (value === undefined || !check.ok) return undefined;
  await orgIds.saveOrgId(deployment.name, check.orgId);
  return check.orgId;
}

/** Opens a page of the Axiom web app in the browser, asking for the org id first if it is unknown.
 *  Returns the link opened, or undefined when the person gave no org id. */
export async function openInWebApp(orgIds: OrgIds, linkFor: (orgId: string) => string): Promise<string | undefined> {
  const orgId = await ensureOrgId(orgIds, localize('Links to the web app name your organization.'));
  if (!orgId) return undefined;
  const link = linkFor(orgId);
  await vscode.env.openExternal(vscode.Uri.parse(link, true));
  return link;
}

/**
 * Opens a page of the web app of the window's deployment: its link made from the API's address
 * and the org id. A bad axiom.url is said as every other use of it says it (`doing` names what
 * failed), with Open Settings; no link is built from it. Returns the link opened.
 */
export async function openAppPage(
  deployments: Deployments,
  doing: Phrase,
  linkFor: (endpoint: ApiEndpoint, orgId: string) => string,
  handlers: AdviceHandlers,
): Promise<string | undefined> {
  let endpoint: ApiEndpoint;
  try {
    endpoint = requireEndpoint((await deployments.active()).url);
  } catch (error) {
    void showAdvice(adviceFor(error, doing), handlers);
    return undefined;
  }
  return openInWebApp(deployments, (orgId) => linkFor(endpoint, orgId));
}
