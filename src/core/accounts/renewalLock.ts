// Where the windows of one machine take turns renewing a sign-in (see tokenRefresh.ts): a lock file
// (src/core/fileLock.ts) in the extension's global storage folder, per deployment, and beside it a
// note of the grants already renewed. The lock does not wait for the secret storage, whose copy in
// each window learns of another window's write only some time later (100 ms or more); the note
// says at once that a grant was renewed, so that a window that finds it there waits for the renewed
// grant to reach its copy of the secret storage rather than send the spent refresh token again.
//
// No token is ever written to these files: the note holds a hash of each grant renewed (its
// refresh and access tokens together), which names a grant without revealing it. Light: the
// accounts bundle builds the turns, the client bundle's RefreshingToken takes them.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { withFileLock, type FileLockOptions } from '../fileLock';

/** Where the windows of this machine take turns renewing a sign-in: the port RefreshingToken renews through. */
export interface RenewalTurns {
  /** Runs `renew` while no other window of the machine renews this sign-in; waits for its turn for
   *  as long as the window renewing lives. */
  exclusive<T>(renew: () => Promise<T>): Promise<T>;
  /** Whether the grant of this fingerprint was renewed already (its successor is in the secret
   *  storage, if not yet in every window's copy). Asked during one's turn. */
  renewed(fingerprint: string): Promise<boolean>;
  /** Notes that the grant of this fingerprint was renewed, once its successor is stored; during one's turn. */
  noteRenewed(fingerprint: string): Promise<void>;
}

/** Grants a note remembers, newest last: a window holds a grant a few seconds at most after its renewal. */
const NOTED = 20;

/** A grant's fingerprint: a hash of its tokens, never the tokens. */
export function grantFingerprint(grant: { accessToken: string; refreshToken?: string }): string {
  return createHash('sha256')
    .update(`${grant.refreshToken ?? ''}\n${grant.accessToken}`)
    .digest('hex')
    .slice(0, 32);
}

/** The lock file of a deployment's renewal in `folder`: named by a hash of the deployment's name. */
export function renewalLockFile(folder: string, deployment: string): string {
  return path.join(folder, `sign-in-${createHash('sha256').update(deployment).digest('hex').slice(0, 16)}.lock`);
}

/** The fingerprints a note's text holds (the grants renewed, oldest first); nothing from anything else. */
export function readRenewalNote(text: string): string[] {
  try {
    const value = JSON.parse(text) as { renewed?: unknown } | null;
    if (typeof value !== 'object' || value === null || !Array.isArray(value.renewed)) return [];
    return value.renewed.filter((f): f is string => typeof f === 'string');
  } catch {
    return [];
  }
}

/** The turns of a deployment's renewal, over files in the extension's global storage `folder`. */
export function fileRenewalTurns(folder: string, deployment: string, options: FileLockOptions = {}): RenewalTurns {
  const lock = renewalLockFile(folder, deployment);
  const note = lock.replace(/\.lock$/, '.renewed');
  const read = async () => {
    try {
      return readRenewalNote(await fs.promises.readFile(note, 'utf8'));
    } catch {
      return [];
    }
  };
  return {
    exclusive: (renew) => withFileLock(lock, renew, options),
    renewed: async (fingerprint) => (await read()).includes(fingerprint),
    noteRenewed: async (fingerprint) => {
      const renewed = [...(await read()).filter((f) => f !== fingerprint), fingerprint].slice(-NOTED);
      // Replaced whole (renamed over), so that a reader never sees it half written.
      const temporary = `${note}.${process.pid}.${randomUUID()}.tmp`;
      await fs.promises.writeFile(temporary, JSON.stringify({ renewed }));
      await fs.promises.rename(temporary, note);
    },
  };
}
