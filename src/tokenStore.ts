import * as vscode from 'vscode';

const TOKEN_KEY = 'axiom.token';

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
    return token ? token : undefined;
  }

  async set(token: string): Promise<void> {
    await this.secrets.store(TOKEN_KEY, token);
  }

  async delete(): Promise<void> {
    await this.secrets.delete(TOKEN_KEY);
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}
