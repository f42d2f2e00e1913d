// Where windows claim the renewal of a sign-in (see tokenRefresh.ts): one value in the secret
// storage every window shares, beside the grant, and word of changes to either. Light: the
// accounts bundle builds the claims over VS Code's SecretStorage, the client bundle uses them.

/** Where windows claim a grant's renewal: one value shared by all of them, and word of changes. */
export interface RenewalClaims {
  read(): Promise<string | undefined>;
  write(claim: string): Promise<void>;
  clear(): Promise<void>;
  /** Resolves at the next change of the grant or of its claim, in any window, or after `ms`. */
  changed(ms: number): Promise<void>;
}

/** The secret storage every window shares (VS Code's SecretStorage), as the claims need it. */
export interface SharedSecrets {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
  /** Fires when a key changes, in this window or another. */
  onDidChange(listener: (key: string) => void): { dispose(): void };
}

/** The claims of a grant kept in shared secrets at `grantKey`, beside it at `claimKey`. */
export function secretClaims(secrets: SharedSecrets, grantKey: string, claimKey: string): RenewalClaims {
  return {
    read: async () => (await secrets.get(claimKey)) || undefined,
    write: async (claim) => void (await secrets.store(claimKey, claim)),
    clear: async () => void (await secrets.delete(claimKey)),
    changed: (ms) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          listener.dispose();
          resolve();
        };
        const timer = setTimeout(done, ms);
        const listener = secrets.onDidChange((key) => {
          if (key === grantKey || key === claimKey) done();
        });
      }),
  };
}
