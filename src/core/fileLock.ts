// A lock between the processes of one machine (each VS Code window is an extension host process of
// its own), over a file in a folder they share: the query history's compaction and the renewal of
// a sign-in take it. It does not depend on anything but the file system: the lock is the file,
// created exclusively ('wx'), so exactly one process makes it, however many try at the same moment.
//
// The file names its holder (process id, host, and an id of its own) and the holder touches it
// while it holds it (its heartbeat). It is taken from a holder only when the holder is gone: its
// process is no longer alive on this host, or its heartbeat stopped. A holder that lives keeps it
// however long it takes; a waiter tries again after a short pause until the holder releases it.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Who holds a lock: written into the lock file by its holder. */
export interface LockHolder {
  pid: number;
  host: string;
  id: string;
}

export interface FileLockTiming {
  /** How often the holder touches the lock file. */
  heartbeatMs: number;
  /** How long untouched means the holder is gone. */
  stoppedAfterMs: number;
  /** The longest pause of a waiter between two tries (each pause is 20–100% of it, so that waiters
   *  do not try in step). */
  retryMs: number;
}

export const FILE_LOCK_TIMING: FileLockTiming = { heartbeatMs: 1_000, stoppedAfterMs: 10_000, retryMs: 10 };

export interface FileLockOptions {
  timing?: FileLockTiming;
  /** Told when the lock of a holder that is gone is taken from it (the holder, when the file named one). */
  onTakeOver?: (gone: LockHolder | undefined) => void;
}

/** Runs `work` holding the lock file `lock`, waiting for as long as another holder lives. */
export async function withFileLock<T>(lock: string, work: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const release = (await acquire(lock, true, options))!;
  try {
    return await work();
  } finally {
    await release();
  }
}

/** Runs `work` holding the lock file `lock` when no other process holds it; gives up (undefined,
 *  `work` not run) when a holder that lives has it. */
export async function tryFileLock<T>(
  lock: string,
  work: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<{ value: T } | undefined> {
  const release = await acquire(lock, false, options);
  if (!release) return undefined;
  try {
    return { value: await work() };
  } finally {
    await release();
  }
}

/** Takes the lock (waiting while a living holder has it, or not), and returns its release. */
async function acquire(
  lock: string,
  wait: boolean,
  options: FileLockOptions,
): Promise<(() => Promise<void>) | undefined> {
  const timing = options.timing ?? FILE_LOCK_TIMING;
  await fs.promises.mkdir(path.dirname(lock), { recursive: true });
  const mine: LockHolder = { pid: process.pid, host: os.hostname(), id: randomUUID() };
  for (;;) {
    try {
      await fs.promises.writeFile(lock, JSON.stringify(mine), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = await readLock(lock);
      if (held && holderGone(held, timing)) {
        if (await breakLock(lock, held.holder)) options.onTakeOver?.(held.holder);
        continue;
      }
      if (!wait) return undefined;
      await new Promise((resolve) => setTimeout(resolve, timing.retryMs * (0.2 + 0.8 * Math.random())));
    }
  }
  const heartbeat = setInterval(() => {
    const now = new Date();
    fs.promises.utimes(lock, now, now).catch(() => undefined);
  }, timing.heartbeatMs);
  heartbeat.unref?.();
  return async () => {
    clearInterval(heartbeat);
    const held = await readLock(lock);
    if (held?.holder?.id === mine.id) await fs.promises.rm(lock, { force: true });
  };
}

/** The holder a lock file's text names, or undefined for anything else (written by an older
 *  version, or caught between its creation and its write). */
export function readLockHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder> | null;
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof value.pid === 'number' &&
      typeof value.host === 'string' &&
      typeof value.id === 'string'
    )
      return { pid: value.pid, host: value.host, id: value.id };
  } catch {
    // not a holder: judged by its heartbeat alone
  }
  return undefined;
}

/** A lock file's holder and when it was last touched (undefined when there is no lock file). */
async function readLock(lock: string): Promise<{ holder?: LockHolder; touchedAt: number } | undefined> {
  try {
    const [text, touchedAt] = await Promise.all([
      fs.promises.readFile(lock, 'utf8'),
      fs.promises.stat(lock).then((s) => s.mtimeMs),
    ]);
    return { holder: readLockHolder(text), touchedAt };
  } catch {
    return undefined;
  }
}

/** Whether a lock's holder is gone: its process is not alive on this host, or it stopped touching the lock. */
function holderGone(held: { holder?: LockHolder; touchedAt: number }, timing: FileLockTiming): boolean {
  if (Date.now() - held.touchedAt > timing.stoppedAfterMs) return true;
  return held.holder !== undefined && held.holder.host === os.hostname() && !processAlive(held.holder.pid);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes away the lock of a holder that is gone, and only that one: the file is moved aside and
 *  looked at; if another process took the lock meanwhile (it is not the gone holder's), it is put
 *  back. Whether the gone holder's lock was taken away. */
async function breakLock(lock: string, gone: LockHolder | undefined): Promise<boolean> {
  const aside = `${lock}.${process.pid}.${randomUUID()}.stale`;
  try {
    await fs.promises.rename(lock, aside);
  } catch {
    return false; // broken or released by another meanwhile
  }
  const moved = await readLock(aside);
  const broken = moved?.holder?.id === gone?.id;
  if (!broken) await fs.promises.link(aside, lock).catch(() => undefined);
  await fs.promises.rm(aside, { force: true });
  return broken;
}
