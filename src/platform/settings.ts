import * as vscode from 'vscode';
import { SETTINGS } from './constants';
import { SettingsReading } from './settingsReading';

export interface ConnectionSettings {
  url: string;
  orgId: string;
  timeoutMs: number;
  /** `axiom.edge`: the settings deployment's edge, as written (a region or an address). */
  edge: string;
}

/** VS Code's own proxy settings, which the extension's requests follow too. */
export interface NetworkSettings {
  proxy: string;
  noProxy: string[];
  strictSSL: boolean;
  /** `http.proxySupport` is "off": the person asked for no proxy at all. */
  proxyOff: boolean;
}

/** What the settings say about deployments (see src/core/accounts/deployments.ts). */
export interface DeploymentSettings {
  /** `axiom.deployments` as written, to be read by readDeployments. */
  listed: unknown;
  /** `axiom.deployment` from the workspace or folder only: a pin by name. */
  pinned?: string;
}

const DEFAULT_TIMEOUT_SECONDS = 30;

/** A setting meant as text, read tolerantly: another type reads as its text (and fails the check of its value). */
function settingText(value: unknown): string {
  return String(value ?? '').trim(); // eslint-disable-line @typescript-eslint/no-base-to-string -- on purpose, as said above
}
const NETWORK_KEYS = ['http.proxy', 'http.noProxy', 'http.proxyStrictSSL', 'http.proxySupport'];
const axiomKeys = (...keys: string[]) => keys.map((key) => `${SETTINGS.section}.${key}`);
/** What read() reads: the settings deployment and the requests' timeout. */
const SETTINGS_DEPLOYMENT_KEYS = axiomKeys(SETTINGS.url, SETTINGS.orgId, SETTINGS.requestTimeoutSeconds, SETTINGS.edge);
const DEPLOYMENTS_KEYS = axiomKeys(SETTINGS.deployments, SETTINGS.deployment);
/** The settings a connection is made of: a change of any other (how often statuses are polled,
 *  say) must not make every view start over. */
const CONNECTION_KEYS = [...SETTINGS_DEPLOYMENT_KEYS, ...DEPLOYMENTS_KEYS, ...NETWORK_KEYS];

/** Reads and writes the `axiom.*` settings and reads the proxy ones; fires when one a connection is
 *  made of changes, in this window or another. The readings a connection is made of are kept until
 *  one of their settings changes (every request asks for them), shared by their readers, who change none. */
export class SettingsStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly connection = new SettingsReading(SETTINGS_DEPLOYMENT_KEYS, readConnection);
  private readonly network = new SettingsReading(NETWORK_KEYS, readNetwork);
  private readonly deployments = new SettingsReading(DEPLOYMENTS_KEYS, readDeployments);
  private readonly listener = vscode.workspace.onDidChangeConfiguration((e) => {
    const affects = (key: string) => e.affectsConfiguration(key);
    for (const reading of [this.connection, this.network, this.deployments]) reading.changed(affects);
    if (CONNECTION_KEYS.some(affects)) this.changed.fire();
  });

  read(): ConnectionSettings {
    return this.connection.get();
  }

  readNetwork(): NetworkSettings {
    return this.network.get();
  }

  /** `axiom.signInUrl`: where Sign in with Axiom finds the authorization server of a deployment
   *  other than https://api.axiom.co (empty: none set). */
  readSignInUrl(): string {
    return settingText(vscode.workspace.getConfiguration(SETTINGS.section).get<unknown>(SETTINGS.signInUrl));
  }

  async saveOrgId(orgId: string): Promise<void> {
    await vscode.workspace
      .getConfiguration(SETTINGS.section)
      .update(SETTINGS.orgId, orgId, vscode.ConfigurationTarget.Global);
    this.connection.forget();
  }

  readDeployments(): DeploymentSettings {
    return this.deployments.get();
  }

  /** The person's list of deployments, in their user settings. */
  async saveDeployments(list: readonly object[]): Promise<void> {
    await vscode.workspace
      .getConfiguration(SETTINGS.section)
      .update(SETTINGS.deployments, list.length ? list : undefined, vscode.ConfigurationTarget.Global);
    this.deployments.forget();
  }

  /** A new pin for this workspace (only when it already pins one: switching there moves the pin).
   *  `axiom.deployment` is window-scoped: a workspace holds it, never a folder. */
  async savePin(name: string): Promise<void> {
    await vscode.workspace
      .getConfiguration(SETTINGS.section)
      .update(SETTINGS.deployment, name, vscode.ConfigurationTarget.Workspace);
    this.deployments.forget();
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}

function readConnection(): ConnectionSettings {
  const config = vscode.workspace.getConfiguration(SETTINGS.section);
  const seconds = config.get<unknown>(SETTINGS.requestTimeoutSeconds);
  const timeout =
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
      ? Math.min(seconds, 600)
      : DEFAULT_TIMEOUT_SECONDS;
  return Object.freeze({
    url: settingText(config.get<unknown>(SETTINGS.url)),
    orgId: settingText(config.get<unknown>(SETTINGS.orgId)),
    timeoutMs: timeout * 1000,
    edge: settingText(config.get<unknown>(SETTINGS.edge)),
  });
}

function readNetwork(): NetworkSettings {
  const http = vscode.workspace.getConfiguration('http');
  const noProxy = http.get<unknown>('noProxy');
  return Object.freeze({
    proxy: settingText(http.get<unknown>('proxy')),
    noProxy: Object.freeze(Array.isArray(noProxy) ? noProxy.map(String) : []) as string[],
    strictSSL: http.get<unknown>('proxyStrictSSL') !== false,
    proxyOff: http.get<unknown>('proxySupport') === 'off',
  });
}

function readDeployments(): DeploymentSettings {
  const config = vscode.workspace.getConfiguration(SETTINGS.section);
  const pinned = config.inspect<unknown>(SETTINGS.deployment)?.workspaceValue;
  return Object.freeze({
    listed: config.get<unknown>(SETTINGS.deployments),
    pinned: typeof pinned === 'string' ? pinned : undefined,
  });
}

/** The zone times show in, in results and charts (axiom.timeZone): UTC, or this computer's. */
export function timeZoneSetting(): 'local' | 'utc' {
  return vscode.workspace.getConfiguration(SETTINGS.section).get<unknown>(SETTINGS.timeZone) === 'utc'
    ? 'utc'
    : 'local';
}
