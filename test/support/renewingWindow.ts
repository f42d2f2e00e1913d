// Run in a child Node process by test/unit/accounts/tokenRefresh.test.ts, as a VS Code window of
// its own: forked with an IPC channel, each message `RenewalRound` makes a fresh window (its own
// copy of the shared secret storage, whose writes reach the other window's copy `delayMs` late),
// whose signed-in deployment's token is due for renewal; at `startAt` it sends one request to the
// fake service, renewing the token first, and answers with what it did (`RenewalReport`).
import { RefreshingToken, type Grant, type SharedRenewalTiming } from '../../src/core/accounts/tokenRefresh';
import { fileRenewalTurns } from '../../src/core/accounts/renewalLock';
import { refreshTokens } from '../../src/core/accounts/oauth';
import { AxiomClient } from '../../src/core/api/client';
import { createDispatcher, undiciTransport } from '../../src/core/api/undiciTransport';
import type { FileLockTiming } from '../../src/core/fileLock';
import { WindowSecrets } from './sharedSecrets';

/** One round, as the test sends it to each window. */
export interface RenewalRound {
  round: number;
  /** The shared secret storage's folder, and how late another window's write reaches this one's copy. */
  secretsFolder: string;
  delayMs: number;
  grantKey: string;
  /** The extension's global storage folder, where the windows' lock is. */
  storageFolder: string;
  lockTiming: FileLockTiming;
  renewalTiming: SharedRenewalTiming;
  apiUrl: string;
  orgId: string;
  /** When both windows send their request (ms since the epoch). */
  startAt: number;
}

/** What a window did in a round. */
export interface RenewalReport {
  round: number;
  /** Refresh grants it sent. */
  refreshes: number;
  /** Whether it found, in its turn, that the other window had renewed the grant. */
  foundRenewed: boolean;
  /** Its reads of the secret storage after that, until its copy had the renewed grant: each after
   *  `lookAgainMs`, so they count its wait. */
  readsUntilRenewed: number;
  /** Locks of a window gone that it took over (none may be: both windows live). */
  takeOvers: number;
  /** The request's failure, if it failed. */
  failed?: string;
}

const transport = undiciTransport(createDispatcher());

async function renewalRound(r: RenewalRound): Promise<RenewalReport> {
  const secrets = new WindowSecrets(r.secretsFolder, r.delayMs);
  const report: RenewalReport = {
    round: r.round,
    refreshes: 0,
    foundRenewed: false,
    readsUntilRenewed: 0,
    takeOvers: 0,
  };
  const turns = fileRenewalTurns(r.storageFolder, 'prod', {
    timing: r.lockTiming,
    onTakeOver: () => report.takeOvers++,
  });
  const source = new RefreshingToken(
    {
      load: async () => {
        if (report.foundRenewed) report.readsUntilRenewed++;
        const text = await secrets.get(r.grantKey);
        return text ? (JSON.parse(text) as Grant) : undefined;
      },
      save: (grant) => secrets.store(r.grantKey, JSON.stringify(grant)),
      turns: {
        exclusive: (renew) => turns.exclusive(renew),
        renewed: async (fingerprint) => (report.foundRenewed = await turns.renewed(fingerprint)),
        noteRenewed: (fingerprint) => turns.noteRenewed(fingerprint),
      },
    },
    (grant) => {
      report.refreshes++;
      return refreshTokens(
        grant.tokenEndpoint,
        { clientId: grant.clientId, refreshToken: grant.refreshToken },
        { transport, userAgent: 'axiom-apl-vscode/0.0.0-test', timeoutMs: 5_000 },
      );
    },
    Date.now,
    undefined,
    r.renewalTiming,
  );
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, r.startAt - Date.now())));
  const stored = JSON.parse((await secrets.get(r.grantKey))!) as Grant;
  const client = new AxiomClient({
    url: r.apiUrl,
    token: stored.accessToken,
    orgId: r.orgId,
    timeoutMs: 5_000,
    userAgent: 'axiom-apl-vscode/0.0.0-test',
    transport,
    tokenSource: source,
  });
  try {
    await client.listMonitors();
  } catch (error) {
    report.failed = String(error);
  }
  return report;
}

process.on('message', (message: RenewalRound | 'exit') => {
  if (message === 'exit') process.disconnect();
  else
    void renewalRound(message).then(
      (report) => process.send?.(report),
      (error: unknown) => process.send?.({ round: message.round, failed: String(error) }),
    );
});
