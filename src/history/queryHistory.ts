import fs from 'node:fs';
import * as vscode from 'vscode';
import {
  DEFAULT_MAX_ENTRIES,
  historyEntryOf,
  HistoryStore,
  type HistoryEntry,
  type RecordedRun,
} from '../core/history/historyStore';
import { SETTINGS } from '../platform/constants';
import type { Log } from '../platform/log';
import { isKeptInHistory } from './keptRuns';

export type { RecordedRun } from '../core/history/historyStore';

/** The window's deployment, by name (the accounts feature). */
export interface ActiveDeployment {
  active(): Promise<{ name: string }>;
}

/**
 * The query history of this machine (the extension's global storage: never synced, never in
 * settings, never sent anywhere), of the window's deployment. `record` is the one way a run gets
 * into it: Run Query calls it, and notebooks and dry runs are to. Fires onDidChange when this
 * window or another changes the history.
 */
export class QueryHistory implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly store: HistoryStore;
  private watcher?: fs.FSWatcher;
  private debounce?: ReturnType<typeof setTimeout>;
  private readonly settingsListener: vscode.Disposable;

  constructor(
    folder: string,
    private readonly deployments: ActiveDeployment,
    private readonly log: Log,
  ) {
    this.store = new HistoryStore({ folder, maxEntries: readMaxEntries() });
    this.settingsListener = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${SETTINGS.section}.${SETTINGS.historyMaxEntries}`)) {
        this.store.maxEntries = readMaxEntries();
        this.changed.fire();
      }
    });
  }

  /** Whether runs are recorded (`axiom.history.enabled`). */
  get enabled(): boolean {
    return vscode.workspace.getConfiguration(SETTINGS.section).get<boolean>(SETTINGS.historyEnabled, true) !== false;
  }

  /** Records a run on the window's deployment, unless recording is off or its source is one the
   *  history skips (keptRuns.ts: a dashboard preview's tiles). Never throws: a history that cannot
   *  be written is logged, and the run is not the worse for it. */
  async record(run: RecordedRun): Promise<HistoryEntry | undefined> {
    if (!this.enabled || !isKeptInHistory(run.source)) return undefined;
    try {
      const { name } = await this.deployments.active();
      const entry = await this.store.append(historyEntryOf(run, name));
      this.changed.fire();
      return entry;
    } catch (error) {
      this.log.warn(
        `the query history could not be written: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    }
  }

  /** The window's deployment's runs, newest first. */
  async entries(): Promise<readonly HistoryEntry[]> {
    this.watch();
    return this.store.read((await this.deployments.active()).name);
  }

  async remove(entry: HistoryEntry): Promise<void> {
    await this.store.remove(entry.deployment, entry.id);
    this.changed.fire();
  }

  /** Removes the window's deployment's history from the disk. */
  async clear(): Promise<void> {
    await this.store.clear((await this.deployments.active()).name);
    this.changed.fire();
  }

  /** The file of the window's deployment's history (tests read it). */
  async file(): Promise<string> {
    return this.store.fileOf((await this.deployments.active()).name);
  }

  /** Other windows' runs arrive through the folder: watched once the history is first read. */
  private watch(): void {
    if (this.watcher) return;
    try {
      fs.mkdirSync(this.store.folder, { recursive: true });
      this.watcher = fs.watch(this.store.folder, (_event, name) => {
        if (!name || !String(name).startsWith('history-') || !String(name).endsWith('.jsonl')) return;
        clearTimeout(this.debounce);
        this.debounce = setTimeout(() => this.changed.fire(), 300);
      });
      this.watcher.on('error', () => this.watcher?.close());
    } catch {
      // Without a watcher, other windows' runs show at the next refresh.
    }
  }

  dispose(): void {
    clearTimeout(this.debounce);
    this.watcher?.close();
    this.settingsListener.dispose();
    this.changed.dispose();
  }
}

function readMaxEntries(): number {
  const value = vscode.workspace.getConfiguration(SETTINGS.section).get<unknown>(SETTINGS.historyMaxEntries);
  return typeof value === 'number' && Number.isFinite(value) && value >= 1
    ? Math.min(Math.floor(value), 100_000)
    : DEFAULT_MAX_ENTRIES;
}
