import fs from 'node:fs/promises';
import * as vscode from 'vscode';
import {
  checkDeploymentName,
  checkDeploymentUrl,
  checkOptionalEdge,
  checkOptionalOrgId,
  cliEdge,
  SETTINGS_DEPLOYMENT,
  type Checked,
  type Deployment,
} from '../core/accounts/deployments';
import { checkTokenInput, tokenKind } from '../core/accounts/tokenInput';
import { DEFAULT_API_URL } from '../core/api/baseUrl';
import { phrase } from '../core/phrase';
import { confirm } from '../platform/confirm';
import { load } from '../platform/lazy';
import { localize, say } from '../platform/l10n';
import type { Log } from '../platform/log';
import { deploymentLabel, type Accounts } from './accounts';
import type { CliConfig } from '../core/accounts/cliConfig';
import { cliConfigPath, findCliSources, type CliSource } from './cliConfigPath';

/** An input box that checks as the person types and returns the checked value, or undefined when dismissed. */
async function ask<T>(
  options: vscode.InputBoxOptions,
  check: (text: string) => Checked<T>,
): Promise<{ value: T } | undefined> {
  const text = await vscode.window.showInputBox({
    ignoreFocusOut: true,
    ...options,
    validateInput: (typed) => {
      const checked = check(typed);
      return checked.ok ? undefined : say(checked.problem);
    },
  });
  if (text === undefined) return undefined;
  const checked = check(text);
  return checked.ok ? { value: checked.value } : undefined;
}

function describe(deployment: Deployment): string {
  const host = (() => {
    try {
      return new URL(deployment.url).host;
    } catch {
      return deployment.url;
    }
  })();
  return [host, deployment.orgId, deployment.edge && localize('edge {0}', deployment.edge)].filter(Boolean).join(' · ');
}

/** Arguments for calling Add Deployment without prompts (scripts, tests); checked like typed input. */
export interface AddDeploymentArgs {
  name: string;
  url: string;
  orgId?: string;
  token: string;
  /** The edge its datasets are queried at, when the service names none (a region or an address). */
  edge?: string;
}

/** Axiom: Add Deployment. A name, the API's url, an org id (optional) and a token; then the window uses it. */
export function addDeploymentCommand(accounts: Accounts) {
  return async (args?: AddDeploymentArgs): Promise<Deployment | undefined> => {
    const taken = accounts.listed().map((d) => d.name);
    const title = localize('Add Axiom deployment');
    const checks = {
      name: (text: string) => checkDeploymentName(text, taken),
      url: checkDeploymentUrl,
      orgId: checkOptionalOrgId,
      token: (text: string): Checked<string> => {
        const check = checkTokenInput(text);
        return check.ok ? { ok: true, value: check.token } : check;
      },
    };
    let entry: { name: string; url: string; orgId: string | undefined; token: string; edge?: string };
    if (args) {
      const checked = [
        checks.name(args.name),
        checks.url(args.url),
        checks.orgId(args.orgId),
        checks.token(args.token),
      ] as const;
      const failed = checked.find((c) => !c.ok);
      if (failed && !failed.ok) {
        void vscode.window.showErrorMessage(localize('The deployment was not added: {0}', say(failed.problem)));
        return undefined;
      }
      const edge = checkOptionalEdge(args.edge);
      if (!edge.ok) {
        void vscode.window.showErrorMessage(localize('The deployment was not added: {0}', say(edge.problem)));
        return undefined;
      }
      const [name, url, orgId, token] = checked.map((c) => (c.ok ? c.value : undefined));
      entry = { name: name!, url: url!, orgId: orgId ?? undefined, token: token!, edge: edge.value };
    } else {
      const name = await ask(
        { title, prompt: localize('A name for it, such as “staging” or “personal”') },
        checks.name,
      );
      if (!name) return undefined;
      const url = await ask(
        { title, prompt: localize('The address of its Axiom API'), value: DEFAULT_API_URL },
        checks.url,
      );
      if (!url) return undefined;
      const orgId = await ask(
        {
          title,
          prompt: localize('Its organization id (needed with a personal token; leave empty for an API token)'),
          placeHolder: 'my-org-a1b2',
        },
        checks.orgId,
      );
      if (!orgId) return undefined;
      const token = await ask(
        {
          title,
          prompt: localize(
            'Its token: an API token (xaat-…) or a personal token (xapt-…), kept in VS Code’s secret storage',
          ),
          password: true,
        },
        checks.token,
      );
      if (!token) return undefined;
      entry = { name: name.value, url: url.value, orgId: orgId.value, token: token.value };
    }
    if (tokenKind(entry.token) === 'personal' && !entry.orgId) {
      void vscode.window.showErrorMessage(localize('The deployment was not added: a personal token needs an org id.'));
      return undefined;
    }
    const deployment: Deployment = { name: entry.name, url: entry.url };
    if (entry.orgId) deployment.orgId = entry.orgId;
    if (entry.edge) deployment.edge = entry.edge;
    await accounts.add(deployment, entry.token);
    await accounts.switchTo(deployment.name);
    void vscode.window.showInformationMessage(
      localize('Added the Axiom deployment “{0}”, and switched to it.', deployment.name),
    );
    return deployment;
  };
}

/** Arguments for Import from Axiom CLI: another home folder (tests), and no question asked. */
export interface ImportArgs {
  home?: string;
  confirmed?: boolean;
  /** Which CLI's file, when both are there: the Go CLI's TOML or the newer CLI's JSON. */
  source?: 'toml' | 'json';
}

/**
 * Axiom: Import from Axiom CLI. Reads ~/.axiom.toml, shows what it will import (names, urls, orgs;
 * never tokens), and on confirmation stores each token in secret storage and the rest in the
 * deployments setting, then switches to the CLI's active deployment. A file that cannot be read
 * or parsed imports nothing and says why, with the line.
 */
export function importCliConfigCommand(accounts: Accounts, log: Log) {
  return async (args?: ImportArgs): Promise<Deployment[] | undefined> => {
    const sources = await findCliSources(args?.home);
    if (!sources.length) {
      void vscode.window.showErrorMessage(
        localize(
          'There is no Axiom CLI configuration on this machine ({0}). Sign in with the CLI first, or sign in with Axiom here.',
          cliConfigPath(args?.home),
        ),
      );
      return undefined;
    }
    const source = await chooseSource(sources, args?.source);
    if (!source) return undefined;
    const file = source.file;
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (error) {
      const code = (error as { code?: string }).code;
      void vscode.window.showErrorMessage(
        localize('The Axiom CLI configuration at {0} could not be read ({1}).', file, code ?? String(error)),
      );
      return undefined;
    }
    const config = readSource(source, text);
    if (!config.ok) {
      void vscode.window.showErrorMessage(
        localize('Nothing was imported: {0} is not valid: {1}', file, say(config.problem)),
      );
      return undefined;
    }
    for (const note of config.notes) log.warn(phrase('Import from {0}: {1}', file, note));
    const usable = config.deployments.filter(
      (d) => checkDeploymentUrl(d.url).ok && checkOptionalOrgId(d.orgId).ok && checkDeploymentName(d.name, []).ok,
    );
    for (const d of config.deployments)
      if (!usable.includes(d))
        log.warn(phrase('Import from {0}: “{1}” has an unusable url, org id or name: left out.', file, d.name));
    if (!usable.length) {
      void vscode.window.showWarningMessage(
        localize('{0} holds no deployment that can be imported; see the log.', file),
      );
      return undefined;
    }
    const existing = new Set(accounts.listed().map((d) => d.name));
    const lines = usable.map(
      (d) =>
        `${d.name}: ${describe({ ...d, edge: cliEdge(d).edge })}${existing.has(d.name) ? ` (${localize('replaces the one of that name')})` : ''}${d.name === config.active ? ` (${localize('active in the CLI')})` : ''}`,
    );
    if (!args?.confirmed) {
      const importLabel = localize('Import');
      const choice = await vscode.window.showInformationMessage(
        localize('Import {0} deployments from the Axiom CLI?', usable.length),
        {
          modal: true,
          detail: `${lines.join('\n')}\n\n${localize('Tokens go into VS Code’s secret storage; names, urls, org ids and edges into your user settings.')}`,
        },
        importLabel,
      );
      if (choice !== importLabel) return undefined;
    }
    const deployments = usable.map((d) => {
      const deployment: Deployment = { name: d.name, url: d.url };
      if (d.orgId) deployment.orgId = d.orgId;
      // The CLI's edge_url (or edge_region) comes along; one that cannot be used is left out and said.
      const { edge, problem } = cliEdge(d);
      if (edge) deployment.edge = edge;
      if (problem) log.warn(phrase('Import from {0}: the edge of “{1}” is left out: {2}', file, d.name, problem));
      return deployment;
    });
    await accounts.addMany(usable.map((d, i) => ({ deployment: deployments[i], token: d.token })));
    if (config.active && usable.some((d) => d.name === config.active)) await accounts.switchTo(config.active);
    log.info(`imported ${usable.length} deployment(s) from the Axiom CLI: ${usable.map((d) => d.name).join(', ')}`);
    void vscode.window.showInformationMessage(
      config.active
        ? localize('Imported {0} deployments from the Axiom CLI; using “{1}”.', usable.length, config.active)
        : localize('Imported {0} deployments from the Axiom CLI.', usable.length),
    );
    return deployments;
  };
}

function readSource(source: CliSource, text: string): CliConfig {
  const client = load('client');
  return source.kind === 'toml' ? client.readCliConfig(text) : client.readCliJsonConfig(text);
}

/** With both CLIs' files here, they are shown side by side (names and addresses, never tokens) to pick one. */
async function chooseSource(sources: CliSource[], wanted: 'toml' | 'json' | undefined): Promise<CliSource | undefined> {
  if (wanted) return sources.find((s) => s.kind === wanted);
  if (sources.length === 1) return sources[0];
  const items = await Promise.all(
    sources.map(async (source) => {
      const config = await fs.readFile(source.file, 'utf8').then(
        (text) => readSource(source, text),
        () => undefined,
      );
      const detail = !config
        ? localize('cannot be read')
        : !config.ok
          ? say(config.problem)
          : config.deployments.map((d) => `${d.name} (${describe(d)})`).join(', ') || localize('no deployments');
      return {
        label: source.kind === 'toml' ? localize('Axiom CLI') : localize('axiom (npm)'),
        description: source.file,
        detail,
        source,
      };
    }),
  );
  return (
    await vscode.window.showQuickPick(items, {
      title: localize('Import from Axiom CLI'),
      placeHolder: localize('Both CLIs are set up on this machine: import from which?'),
    })
  )?.source;
}

type DeploymentItem = vscode.QuickPickItem & { deployment?: Deployment; run?: () => Promise<unknown> };

/** The other deployment commands the switch offers, as functions. */
export interface DeploymentActions {
  signIn(): Promise<unknown>;
  add(): Promise<unknown>;
  importCli(): Promise<unknown>;
  rename(args: { from: string }): Promise<boolean>;
  remove(args: { name: string }): Promise<boolean>;
}

/** Axiom: Switch Deployment (the status bar item). With a name, switches at once; otherwise a pick
 *  of every deployment, each with buttons to rename, sign out and remove, and ways to add more. */
export function switchDeploymentCommand(accounts: Accounts, actions: DeploymentActions) {
  return async (args?: { name?: string }): Promise<boolean> => {
    if (args?.name !== undefined) {
      if (!accounts.find(args.name)) {
        void vscode.window.showErrorMessage(localize('There is no Axiom deployment named “{0}”.', args.name));
        return false;
      }
      await accounts.switchTo(args.name);
      return true;
    }
    const active = await accounts.active().catch(() => undefined);
    const buttons = {
      rename: { iconPath: new vscode.ThemeIcon('edit'), tooltip: localize('Rename') },
      signOut: { iconPath: new vscode.ThemeIcon('sign-out'), tooltip: localize('Sign out (delete its token)') },
      remove: { iconPath: new vscode.ThemeIcon('trash'), tooltip: localize('Remove') },
    };
    const items: DeploymentItem[] = [];
    for (const deployment of accounts.all()) {
      const hasToken = (await accounts.token(deployment.name)) !== undefined;
      const listed = deployment.name !== SETTINGS_DEPLOYMENT;
      items.push({
        label: `${deployment.name === active?.name ? '$(check) ' : ''}${deploymentLabel(deployment)}`,
        description: listed ? describe(deployment) : localize('axiom.url and axiom.orgId'),
        detail: hasToken ? undefined : localize('no token on this machine'),
        deployment,
        buttons: [
          ...(listed ? [buttons.rename] : []),
          ...(hasToken ? [buttons.signOut] : []),
          ...(listed ? [buttons.remove] : []),
        ],
      });
    }
    items.push(
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      { label: `$(sign-in) ${localize('Sign in with Axiom…')}`, run: () => actions.signIn() },
      { label: `$(add) ${localize('Add Deployment with a Token…')}`, run: () => actions.add() },
      { label: `$(cloud-download) ${localize('Import from Axiom CLI…')}`, run: () => actions.importCli() },
    );
    const pick = vscode.window.createQuickPick<DeploymentItem>();
    pick.title = localize('Axiom deployment');
    pick.placeholder = localize('Pick the deployment this window uses');
    pick.items = items;
    pick.matchOnDescription = true;
    const chosen = await new Promise<{ item: DeploymentItem; button?: vscode.QuickInputButton } | undefined>(
      (resolve) => {
        pick.onDidAccept(() => resolve(pick.selectedItems[0] ? { item: pick.selectedItems[0] } : undefined));
        pick.onDidTriggerItemButton((e) => resolve({ item: e.item, button: e.button }));
        pick.onDidHide(() => resolve(undefined));
        pick.show();
      },
    );
    pick.dispose();
    if (!chosen) return false;
    const { item, button } = chosen;
    if (item.run) return Boolean(await item.run());
    if (!item.deployment) return false;
    const name = item.deployment.name;
    if (button === buttons.rename) return actions.rename({ from: name });
    if (button === buttons.remove) return actions.remove({ name });
    if (button === buttons.signOut) {
      await accounts.signOut(name);
      void vscode.window.showInformationMessage(
        localize('Signed out of Axiom ({0}): the token was removed.', deploymentLabel(item.deployment)),
      );
      return true;
    }
    await accounts.switchTo(name);
    return true;
  };
}

/** Picks a listed deployment when a command was not given one. */
async function pickListed(accounts: Accounts, placeHolder: string): Promise<string | undefined> {
  const listed = accounts.listed();
  if (!listed.length) {
    void vscode.window.showInformationMessage(
      localize('There are no added deployments; the one from axiom.url cannot be renamed or removed.'),
    );
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    listed.map((d) => ({ label: d.name, description: describe(d) })),
    { placeHolder },
  );
  return picked?.label;
}

/** Axiom: Rename Deployment. Its token moves with it. */
export function renameDeploymentCommand(accounts: Accounts) {
  return async (args?: { from?: string; to?: string }): Promise<boolean> => {
    const from = args?.from ?? (await pickListed(accounts, localize('The deployment to rename')));
    if (!from) return false;
    if (!accounts.listed().some((d) => d.name === from)) {
      void vscode.window.showErrorMessage(localize('There is no added Axiom deployment named “{0}”.', from));
      return false;
    }
    const taken = accounts.listed().map((d) => d.name);
    const check = (text: string) => checkDeploymentName(text, taken, from);
    let to: string;
    if (args?.to !== undefined) {
      const checked = check(args.to);
      if (!checked.ok) {
        void vscode.window.showErrorMessage(localize('The deployment was not renamed: {0}', say(checked.problem)));
        return false;
      }
      to = checked.value;
    } else {
      const answer = await ask({ title: localize('Rename the deployment “{0}”', from), value: from }, check);
      if (!answer) return false;
      to = answer.value;
    }
    if (to === from) return false;
    await accounts.rename(from, to);
    return true;
  };
}

/** Axiom: Remove Deployment, after a modal confirmation naming it. Its token is deleted too. */
export function removeDeploymentCommand(accounts: Accounts) {
  return async (args?: { name?: string; confirmed?: boolean }): Promise<boolean> => {
    const name = args?.name ?? (await pickListed(accounts, localize('The deployment to remove')));
    if (!name) return false;
    const deployment = accounts.listed().find((d) => d.name === name);
    if (!deployment) {
      void vscode.window.showErrorMessage(localize('There is no added Axiom deployment named “{0}”.', name));
      return false;
    }
    if (!args?.confirmed) {
      const removing = await confirm(
        localize('Remove the Axiom deployment “{0}”?', name),
        localize('{0}. Its token is deleted from secret storage.', describe(deployment)),
        localize('Remove'),
      );
      if (!removing) return false;
    }
    const wasActive = (await accounts.active().catch(() => undefined))?.name === name;
    await accounts.remove(name);
    if (wasActive) {
      const now = await accounts.active().catch(() => undefined);
      void vscode.window.showInformationMessage(
        now
          ? localize('Removed “{0}”; this window now uses “{1}”.', name, deploymentLabel(now))
          : localize('Removed “{0}”.', name),
      );
    }
    return true;
  };
}
