// The query history on this machine: one file of JSON lines per deployment, in the extension's
// global storage (never synced, never in settings, never sent anywhere).
//
// Several windows (each its own extension host process) may run queries at once, so:
// - A run is appended with one write to a file opened for appending (O_APPEND): writes of two
//   processes never overwrite each other. Each line starts with a newline of its own, so that a
//   line left torn by a crash cannot swallow the next one; a line that cannot be read is skipped.
// - Compaction (past the cap, or to drop a removed entry from the disk) runs under a lock file,
//   one process at a time: it writes the entries kept to a new file and renames it over the old,
//   then copies over what was appended to the old file meanwhile. Both reads stop at the last
//   whole line: a line another process is still writing is neither read torn nor copied torn; its
//   writer finds the file replaced and writes it again. An appender checks after its write that
//   the file it wrote to is still the one in place; if it was replaced, it writes the line again
//   to the new file (a line twice is read once: entries have ids).
// - The lock (src/core/fileLock.ts, shared with the renewal of a sign-in) names its holder and its
//   holder touches it every second. It is taken from a holder only when the holder is gone: its
//   process is no longer alive on this host, or its heartbeat stopped. A holder that lives keeps it.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { datasetFromApl } from '../apl/aplText';
import { tryFileLock, withFileLock } from '../fileLock';
import { readResultFlags, type ResultFlag } from '../run/resultFlags';
import { readStoredRange, storeRange, type StoredRange, type TimeRange } from '../run/timeRange';

/** How a run ended: its rows, cut at a limit, a query that does not compile, or another failure. */
export type RunOutcome = 'ok' | 'limited' | 'compileError' | 'failed';

/** One run as the history keeps it. */
export interface HistoryEntry {
  id: string;
  /** When the run started (ms since the epoch). */
  at: number;
  apl: string;
  /** The deployment's name ('' for the one of axiom.url). */
  deployment: string;
  /** The datasets the query read (as the service said, else as its text names them). */
  datasets: string[];
  range: StoredRange;
  durationMs: number;
  /** Rows of the result (all tables); absent when there was no result. */
  rows?: number;
  outcome: RunOutcome;
  /** What went wrong, in the words shown then (compile errors and failures). */
  message?: string;
  /** What ran it: 'query' (Run Query), 'notebook', 'dryRun', … kept as written. */
  source: string;
  /** What the answer said of itself: partial, an estimate, more held by the service (absent: none). */
  flags?: ResultFlag[];
}

/** The source of a monitor's dry run (one entry per dry run, however many queries it took). */
export const DRY_RUN_SOURCE = 'dryRun';

const OUTCOMES: readonly string[] = ['ok', 'limited', 'compileError', 'failed'];

export const DEFAULT_MAX_ENTRIES = 1000;

export interface HistoryStoreOptions {
  /** The extension's global storage folder. */
  folder: string;
  /** Entries kept per deployment; the oldest go first. */
  maxEntries?: number;
}

/** The history of one machine, a file per deployment. */
export class HistoryStore {
  readonly folder: string;
  maxEntries: number;
  /** Lines each file is believed to hold (its last read, plus this process's appends since). */
  private readonly lineCounts = new Map<string, number>();
  /** The last read of each file, kept while the file is the same one unchanged (its inode, size and
   *  time of change): the same runs, the same list, not read and parsed again. */
  private readonly lastRead = new Map<string, { key: string; entries: readonly HistoryEntry[] }>();

  constructor(options: HistoryStoreOptions) {
    this.folder = options.folder;
    this.maxEntries = Math.max(1, Math.floor(options.maxEntries ?? DEFAULT_MAX_ENTRIES));
  }

  /** The file of a deployment's history: named by a hash of the deployment's name, so that any name makes a file name (and two names differing in case make two). */
  fileOf(deployment: string): string {
    return path.join(
      this.folder,
      `history-${createHash('sha256').update(deployment).digest('hex').slice(0, 16)}.jsonl`,
    );
  }

  /** Records a run. Returns the entry as kept. */
  async append(run: Omit<HistoryEntry, 'id'> & { id?: string }): Promise<HistoryEntry> {
    const entry: HistoryEntry = { ...run, id: run.id ?? randomUUID() };
    const file = this.fileOf(entry.deployment);
    await fs.promises.mkdir(this.folder, { recursive: true });
    await appendLines(file, `\n${JSON.stringify(entry)}\n`);
    const count = (this.lineCounts.get(file) ?? (await this.countLines(file))) + 1;
    this.lineCounts.set(file, count);
    if (count > this.maxEntries + slack(this.maxEntries)) await this.compact(entry.deployment);
    return entry;
  }

  /** A deployment's runs, newest first, at most maxEntries. The same list (unchanged, frozen) while
   *  the file has not changed since the last read. */
  async read(deployment: string): Promise<readonly HistoryEntry[]> {
    const file = this.fileOf(deployment);
    let text: string;
    let key: string;
    let size: number;
    try {
      const stat = await fs.promises.stat(file);
      size = stat.size;
      key = `${stat.ino}:${size}:${stat.mtimeMs}:${stat.ctimeMs}:${this.maxEntries}`;
      const last = this.lastRead.get(file);
      if (last?.key === key) return last.entries;
      text = await fs.promises.readFile(file, 'utf8');
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const { entries, lines } = readLines(text);
    this.lineCounts.set(file, lines);
    const kept = Object.freeze(entries.slice(0, this.maxEntries));
    // Kept only when the file read is the one stat() saw (nothing was written in between).
    if (Buffer.byteLength(text) === size) this.lastRead.set(file, { key, entries: kept });
    return kept;
  }

  /** Removes one run, from the disk at once (the file is compacted without it). */
  async remove(deployment: string, id: string): Promise<void> {
    const file = this.fileOf(deployment);
    await fs.promises.mkdir(this.folder, { recursive: true });
    await appendLines(file, `\n${JSON.stringify({ removed: id })}\n`);
    await this.compact(deployment, { force: true });
  }

  /** Removes a deployment's history from the disk at once. */
  async clear(deployment: string): Promise<void> {
    const file = this.fileOf(deployment);
    await this.underLock(file, { force: true }, async () => {
      await fs.promises.rm(file, { force: true });
      this.lineCounts.set(file, 0);
    });
  }

  /**
   * Rewrites a deployment's file with only the newest maxEntries entries, one process at a time.
   * Skipped when another process holds the lock (it is compacting the same file), unless forced.
   */
  async compact(deployment: string, options: { force?: boolean } = {}): Promise<void> {
    const file = this.fileOf(deployment);
    await this.underLock(file, options, async () => {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file, 'r');
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      try {
        const { text, bytes: read } = await wholeLinesFrom(handle, 0);
        const kept = readLines(text).entries.slice(0, this.maxEntries).reverse();
        const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
        await fs.promises.writeFile(temporary, kept.map((e) => `${JSON.stringify(e)}\n`).join(''));
        await fs.promises.rename(temporary, file);
        this.lineCounts.set(file, kept.length);
        // What other processes appended to the old file after it was read: carried over, whole
        // lines only (a line still being written is written again by its writer).
        const { text: tail } = await wholeLinesFrom(handle, read);
        if (tail.trim()) {
          await appendLines(file, tail.startsWith('\n') ? tail : `\n${tail}`);
          this.lineCounts.set(file, kept.length + tail.split('\n').filter((l) => l.trim()).length);
        }
      } finally {
        await handle.close();
      }
    });
  }

  private async countLines(file: string): Promise<number> {
    try {
      return readLines(await fs.promises.readFile(file, 'utf8')).lines;
    } catch {
      return 0;
    }
  }

  /** Runs `work` holding the file's lock (src/core/fileLock.ts). Without `force`, gives up (does
   *  nothing) when another process holds it; with it, waits for as long as the holder lives. A lock
   *  whose holder is gone is taken in either case. */
  private async underLock(file: string, options: { force?: boolean }, work: () => Promise<void>): Promise<void> {
    const lock = `${file}.lock`;
    if (options.force) await withFileLock(lock, work);
    else await tryFileLock(lock, work);
  }
}

/** Lines past the cap that a file may hold before it is compacted: compaction is not paid per run. */
function slack(maxEntries: number): number {
  return Math.max(20, Math.ceil(maxEntries / 5));
}

/** Appends with one write to the file in place; again to its successor if it was replaced meanwhile.
 *  The file in place is compared while the written one is still open: a file closed and deleted
 *  gives its inode number to the next file made, which could then pass for it. */
async function appendLines(file: string, text: string): Promise<void> {
  for (let tries = 0; tries < 10; tries++) {
    const handle = await fs.promises.open(file, 'a');
    try {
      await handle.write(text);
      const written = await handle.stat();
      const now = await fs.promises.stat(file).catch(() => undefined);
      if (now && now.ino === written.ino && now.dev === written.dev) return;
    } finally {
      await handle.close();
    }
  }
}

/** The text from `offset` up to the end of the last whole line (a line ends with a newline), and
 *  how many bytes that is from the start: a line another process is still writing is left out. */
async function wholeLinesFrom(
  handle: fs.promises.FileHandle,
  offset: number,
): Promise<{ text: string; bytes: number }> {
  const { size } = await handle.stat();
  if (size <= offset) return { text: '', bytes: offset };
  const buffer = Buffer.alloc(size - offset);
  let at = 0;
  while (at < buffer.length) {
    const { bytesRead } = await handle.read(buffer, at, buffer.length - at, offset + at);
    if (!bytesRead) break;
    at += bytesRead;
  }
  const whole = buffer.lastIndexOf(0x0a, at - 1) + 1;
  return { text: buffer.subarray(0, whole).toString('utf8'), bytes: offset + whole };
}

/** The entries of a file's text, newest first (by start time; of two at the same time, the later
 *  line first), each id once, removed ones left out; unreadable lines skipped. `lines`: lines with content. */
export function readLines(text: string): { entries: HistoryEntry[]; lines: number } {
  const seen = new Map<string, { entry: HistoryEntry; line: number }>();
  const removed = new Set<string>();
  let lines = 0;
  let index = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    lines++;
    index++;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof value === 'object' && value !== null && typeof (value as { removed?: unknown }).removed === 'string') {
      removed.add((value as { removed: string }).removed);
      continue;
    }
    const entry = readEntry(value);
    if (entry && !seen.has(entry.id)) seen.set(entry.id, { entry, line: index });
  }
  const entries = [...seen.values()]
    .filter((e) => !removed.has(e.entry.id))
    .sort((a, b) => b.entry.at - a.entry.at || b.line - a.line);
  return { entries: entries.map((e) => e.entry), lines };
}

/** An entry as written by append, or undefined for anything else (tolerant of fields added later). */
export function readEntry(value: unknown): HistoryEntry | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  const range = readStoredRangeLoose(v.range);
  if (typeof v.id !== 'string' || typeof v.apl !== 'string' || typeof v.deployment !== 'string' || !range)
    return undefined;
  if (typeof v.at !== 'number' || !Number.isFinite(v.at)) return undefined;
  const entry: HistoryEntry = {
    id: v.id,
    at: v.at,
    apl: v.apl,
    deployment: v.deployment,
    datasets: Array.isArray(v.datasets) ? v.datasets.filter((d): d is string => typeof d === 'string') : [],
    range,
    durationMs: typeof v.durationMs === 'number' && v.durationMs >= 0 ? v.durationMs : 0,
    outcome: typeof v.outcome === 'string' && OUTCOMES.includes(v.outcome) ? (v.outcome as RunOutcome) : 'failed',
    source: typeof v.source === 'string' ? v.source : 'query',
  };
  if (typeof v.rows === 'number' && v.rows >= 0) entry.rows = v.rows;
  if (typeof v.message === 'string') entry.message = v.message;
  const flags = readResultFlags(v.flags);
  if (flags.length) entry.flags = flags;
  return entry;
}

/** A stored range as storeRange writes it; a custom range whose end is past is still a range here
 *  (readStoredRange refuses it for the status bar, where it would be empty). */
function readStoredRangeLoose(value: unknown): StoredRange | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const stored = value as Record<string, unknown>;
  if (stored.version !== 1) return undefined;
  if ('preset' in stored) return readStoredRange(value) ? (value as StoredRange) : undefined;
  return typeof stored.start === 'string' && typeof stored.end === 'string'
    ? { version: 1, start: stored.start, end: stored.end }
    : undefined;
}

/** The range of an entry as runs take it. */
export function entryRange(entry: HistoryEntry): TimeRange {
  return 'preset' in entry.range
    ? { kind: 'preset', preset: entry.range.preset }
    : { kind: 'custom', start: entry.range.start, end: entry.range.end };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** A run as a runner reports it (Run Query, a notebook cell, a dry run): what recordRun takes. */
export interface RecordedRun {
  apl: string;
  range: TimeRange;
  /** When the run started (ms since the epoch). */
  startedAt: number;
  durationMs: number;
  rows?: number;
  outcome: RunOutcome;
  message?: string;
  /** The datasets the service said the query read; without them, the one its text starts with. */
  datasets?: readonly string[];
  /** What ran it: 'query', 'notebook', 'dryRun', … */
  source: string;
  /** What the answer said of itself (resultFlags). */
  flags?: readonly ResultFlag[];
}

/** The history entry of a run on a deployment. */
export function historyEntryOf(run: RecordedRun, deployment: string): Omit<HistoryEntry, 'id'> {
  // The text is read only when the service named no dataset: a run has parsed it once already.
  const named = run.datasets?.length ? undefined : datasetFromApl(run.apl);
  const entry: Omit<HistoryEntry, 'id'> = {
    at: run.startedAt,
    apl: run.apl,
    deployment,
    datasets: run.datasets?.length ? [...run.datasets] : named ? [named] : [],
    range: storeRange(run.range),
    durationMs: Math.max(0, Math.round(run.durationMs)),
    outcome: run.outcome,
    source: run.source,
  };
  if (run.rows !== undefined) entry.rows = run.rows;
  if (run.message) entry.message = run.message;
  if (run.flags?.length) entry.flags = [...run.flags];
  return entry;
}
