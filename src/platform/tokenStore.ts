import * as vscode from 'vscode';
import { rememberSecret } from '../core/api/secrets';

const TOKEN_KEY = 'axiom.token';
const ENV_IMPORTED_KEY = 'axiom.tokenImportedFromEnvironment';

/** The token lives in SecretStorage only (the OS keychain on desktop). Its value is never logged. */
export class TokenStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the token changes in this window or any other. */
  readonly onDidChange = this.changed.event;
  private readonly listener: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.listener = secrets.onDidChange((e) => {
      if (e.key === TOKEN_KEY) this.changed.fire();
    });
  }

  async get(): Promise<string | undefined> {
    const token = await this.secrets.get(TOKEN_KEY);
    if (!token) return undefined;
    rememberSecret(token);
    return token;
  }

  async set(token: string): Promise<void> {
    rememberSecret(token);
    await this.secrets.store(TOKEN_KEY, token);
  }

  async delete(): Promise<void> {
    await this.secrets.delete(TOKEN_KEY);
  }

  /**
   * Official Axiom clients read AXIOM_TOKEN. When no token is stored yet, take it from the
   * extension host's environment once; after Sign Out it is not taken again.
   */
  async importFromEnvironment(state: vscode.Memento, environment: NodeJS.ProcessEnv = process.env): Promise<boolean> {
    const token = environment.AXIOM_TOKEN?.trim();
    if (!token || state.get<boolean>(ENV_IMPORTED_KEY) || (await this.get())) return false;
    await state.update(ENV_IMPORTED_KEY, true);
    await this.set(token);
    return true;
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}
