// The secret storage that VS Code windows share, in memory, for tests of what windows coordinate
// through it: each store and delete lands after a short random delay (as the OS keychain's do,
// through each window's own round trip), and every change is announced to every listener
// afterwards, the writer's own included, as SecretStorage's onDidChange does.
import type { SharedSecrets } from '../../src/core/accounts/renewalClaims';

export class MemorySecrets implements SharedSecrets {
  readonly values = new Map<string, string>();
  private readonly listeners = new Set<(key: string) => void>();

  constructor(private readonly maxDelayMs = 5) {}

  async get(key: string): Promise<string | undefined> {
    await this.delay();
    return this.values.get(key);
  }

  async store(key: string, value: string): Promise<void> {
    await this.delay();
    this.values.set(key, value);
    this.announce(key);
  }

  async delete(key: string): Promise<void> {
    await this.delay();
    if (this.values.delete(key)) this.announce(key);
  }

  onDidChange(listener: (key: string) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private announce(key: string): void {
    setImmediate(() => {
      for (const listener of [...this.listeners]) listener(key);
    });
  }

  private delay(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, Math.random() * this.maxDelayMs));
  }
}
