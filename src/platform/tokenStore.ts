import * as vscode from 'vscode';
import { rememberSecret } from '../core/api/secrets';

const SETTINGS_TOKEN_KEY = 'axiom.token';
const ENV_IMPORTED_KEY = 'axiom.tokenImportedFromEnvironment';

/** The secret's key for a deployment's token: the settings deployment (no name) keeps the key it
 *  always had, so a token set before deployments existed is still found. */
function keyFor(deployment: string): string {
  return deployment ? `${SETTINGS_TOKEN_KEY}:${deployment}` : SETTINGS_TOKEN_KEY;
}

/** Tokens live in SecretStorage only (the OS keychain on desktop), one per deployment. Their
 *  values are never logged, and every value read or written is masked wherever text is shown. */
export class TokenStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when any deployment's token changes, in this window or any other. */
  readonly onDidChange = this.changed.event;
  private readonly listener: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.listener = secrets.onDidChange((e) => {
      if (e.key === SETTINGS_TOKEN_KEY || e.key.startsWith(`${SETTINGS_TOKEN_KEY}:`)) this.changed.fire();
    });
  }

  /** The token of a deployment (by default the settings deployment). */
  async get(deployment = ''): Promise<string | undefined> {
    const token = await this.secrets.get(keyFor(deployment));
    if (!token) return undefined;
    rememberSecret(token);
    return token;
  }

  async set(token: string, deployment = ''): Promise<void> {
    rememberSecret(token);
    await this.secrets.store(keyFor(deployment), token);
  }

  async delete(deployment = ''): Promise<void> {
    await this.secrets.delete(keyFor(deployment));
  }

  /**
   * Official Axiom clients read AXIOM_TOKEN. When the deployment the window uses has no token yet,
   * take it from the extension host's environment once; after Sign Out it is not taken again.
   */
  async importFromEnvironment(state: vscode.Memento, deployment: { name: string; url: string }, environment: NodeJS.ProcessEnv = process.env): Promise<boolean> {
    const token = environment.AXIOM_TOKEN?.trim();
    if (!token || state.get<boolean>(ENV_IMPORTED_KEY) || (await this.get(deployment.name))) return false;
    // A token meant for the service AXIOM_URL names does not go to another one.
    const url = environment.AXIOM_URL?.trim().replace(/\/+$/, '');
    if (url && url !== (deployment.url || 'https://api.axiom.co').replace(/\/+$/, '')) return false;
    await state.update(ENV_IMPORTED_KEY, true);
    await this.set(token, deployment.name);
    return true;
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}
