import * as vscode from 'vscode';
import { AxiomError } from '../core/api/errors';
import { DEFAULT_API_URL } from '../core/api/baseUrl';
import {
  chooseDeployment,
  readDeployments,
  SETTINGS_DEPLOYMENT,
  type ChosenBy,
  type Deployment,
} from '../core/accounts/deployments';
import { phrase } from '../core/phrase';
import type { Log } from '../platform/log';
import type { SettingsStore } from '../platform/settings';
import type { MachineState } from '../platform/machineState';
import type { TokenStore } from '../platform/tokenStore';

/** What is remembered per machine: the deployment last switched to. */
export interface SwitchRecord {
  switchedTo?: string;
}

/** The deployment a window uses, as its requests need it. */
export interface ActiveDeployment extends Deployment {
  /** How the window came to use it. */
  by: ChosenBy;
}

/**
 * Every deployment the person has: the settings deployment (`axiom.url`, `axiom.orgId`, the token
 * set with Set API Token) and those listed in `axiom.deployments`, each with its token in secret
 * storage. Knows which one this window uses, and changes the list so that nothing stored is lost
 * or half-written: a token is stored before the entry that needs it, and deleted after it.
 * Fires when any of it changes, in this window or another.
 */
export class Accounts implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  /** The problems of the listed deployments last logged, so that each is logged once. */
  private loggedProblems = '';

  constructor(
    private readonly settings: SettingsStore,
    private readonly tokens: TokenStore,
    private readonly machine: MachineState<SwitchRecord>,
    private readonly log: Log,
    private readonly environment: NodeJS.ProcessEnv = process.env,
    /** Asks the server to revoke a signed-in deployment's tokens before they are forgotten. */
    private readonly revoke: (name: string) => Promise<void> = async () => undefined,
  ) {
    const fire = () => this.changed.fire();
    this.subscriptions = [settings.onDidChange(fire), tokens.onDidChange(fire), machine.onDidChange(fire)];
  }

  /** The listed deployments (not the settings one); entries that cannot be used are logged and left out. */
  listed(): Deployment[] {
    const { deployments, problems } = readDeployments(this.settings.readDeployments().listed);
    const said = problems.map((p) => JSON.stringify(p)).join();
    if (said !== this.loggedProblems) {
      this.loggedProblems = said;
      for (const problem of problems) this.log.warn(problem);
    }
    return deployments;
  }

  /** The settings deployment as its settings say (axiom.url, axiom.orgId, axiom.edge). */
  settingsDeployment(): Deployment {
    const { url, orgId, edge } = this.settings.read();
    const deployment: Deployment = { name: SETTINGS_DEPLOYMENT, url: url || DEFAULT_API_URL };
    if (orgId) deployment.orgId = orgId;
    if (edge) deployment.edge = edge;
    return deployment;
  }

  /** Every deployment, the settings one first. */
  all(): Deployment[] {
    return [this.settingsDeployment(), ...this.listed()];
  }

  find(name: string): Deployment | undefined {
    return this.all().find((d) => d.name === name);
  }

  /** The deployment this window uses. A workspace that pins one not set up here is a `config`
   *  error that says so: its requests do not silently go to another deployment. */
  async active(): Promise<ActiveDeployment> {
    const listed = this.listed();
    const { pinned } = this.settings.readDeployments();
    const { switchedTo } = this.machine.get();
    const choice = chooseDeployment({
      listed: listed.map((d) => d.name),
      pinned,
      environment: this.environment.AXIOM_DEPLOYMENT,
      switchedTo,
      // Only asked where it decides: with one listed deployment and no other choice made.
      settingsHasToken: listed.length === 1 ? (await this.tokens.get()) !== undefined : true,
    });
    const deployment =
      choice.name === SETTINGS_DEPLOYMENT ? this.settingsDeployment() : listed.find((d) => d.name === choice.name);
    if (!deployment) {
      throw new AxiomError(
        'config',
        phrase(
          'This workspace uses the deployment “{0}” (axiom.deployment in its settings), which is not set up here. Add it, or import it from the Axiom CLI.',
          choice.name,
        ),
        { setting: 'axiom.deployment' },
      );
    }
    return { ...deployment, by: choice.by };
  }

  token(name: string): Promise<string | undefined> {
    return this.tokens.get(name);
  }

  /** Adds a deployment, or replaces one of the same name, with its token. */
  add(deployment: Deployment, token: string): Promise<void> {
    return this.addMany([{ deployment, token }]);
  }

  /** Adds several at once (one write of the setting): tokens first, so that no entry is ever
   *  without its token; if the setting cannot be written, the new tokens are taken back. */
  async addMany(entries: readonly { deployment: Deployment; token: string }[]): Promise<void> {
    const previous = new Map<string, string | undefined>();
    for (const { deployment, token } of entries) {
      previous.set(deployment.name, await this.tokens.get(deployment.name));
      await this.tokens.set(token, deployment.name);
    }
    const names = new Set(entries.map((e) => e.deployment.name));
    try {
      await this.settings.saveDeployments([
        ...this.listed().filter((d) => !names.has(d.name)),
        ...entries.map((e) => e.deployment),
      ]);
    } catch (error) {
      for (const [name, token] of previous)
        await (token === undefined ? this.tokens.delete(name) : this.tokens.set(token, name));
      throw error;
    }
  }

  /** Renames a listed deployment; its token moves with it, and the window keeps using it if it did. */
  async rename(from: string, to: string): Promise<void> {
    const token = await this.tokens.get(from);
    if (token) await this.tokens.set(token, to);
    await this.tokens.moveGrant(from, to);
    const wasActive = (await this.active().catch(() => undefined))?.name === from;
    await this.settings.saveDeployments(this.listed().map((d) => (d.name === from ? { ...d, name: to } : d)));
    if (wasActive) await this.switchTo(to);
    if (token) await this.tokens.delete(from);
  }

  /** Removes a listed deployment and its token. */
  async remove(name: string): Promise<void> {
    await this.revoke(name);
    await this.settings.saveDeployments(this.listed().filter((d) => d.name !== name));
    await this.tokens.delete(name);
  }

  /** Makes the window use `name`: the workspace's pin moves when there is one, else the machine's choice. */
  async switchTo(name: string): Promise<void> {
    if (this.settings.readDeployments().pinned) await this.settings.savePin(name);
    else await this.machine.set({ switchedTo: name });
  }

  async setToken(name: string, token: string): Promise<void> {
    await this.tokens.set(token, name);
  }

  /** Forgets the deployment's token (revoked first where it was signed in with the browser and the server offers it). */
  async signOut(name: string): Promise<void> {
    await this.revoke(name);
    await this.tokens.delete(name);
  }

  /** Saves the org id of a deployment (for the settings deployment, `axiom.orgId`). */
  async saveOrgId(name: string, orgId: string): Promise<void> {
    if (name === SETTINGS_DEPLOYMENT) await this.settings.saveOrgId(orgId);
    else await this.settings.saveDeployments(this.listed().map((d) => (d.name === name ? { ...d, orgId } : d)));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}

/** How a person reads a deployment's name: the settings deployment by its host. */
export function deploymentLabel(deployment: Deployment): string {
  if (deployment.name !== SETTINGS_DEPLOYMENT) return deployment.name;
  try {
    return new URL(deployment.url).host;
  } catch {
    return deployment.url;
  }
}
