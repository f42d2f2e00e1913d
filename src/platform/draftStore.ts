import * as vscode from 'vscode';
import { draftStorageKey, readStoredDrafts, type StoredDraft, type StoredDrafts } from '../core/drafts';

/**
 * The drafts of one kind of record (core/drafts.ts), kept in the editor's global storage under one
 * key per scheme, so that a draft follows its record across windows, reloads and restarts. Every
 * change is announced with the key it changed (the tab's mark, the editor's actions, the status bar).
 */
export class DraftStore implements vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<string>();
  /** A draft was kept, replaced or dropped: its recordKey. */
  readonly onDidChange = this.changes.event;
  private readonly storageKey: string;

  constructor(
    private readonly memory: vscode.Memento,
    scheme: string,
  ) {
    this.storageKey = draftStorageKey(scheme);
  }

  private all(): StoredDrafts {
    return readStoredDrafts(this.memory.get<unknown>(this.storageKey));
  }

  get(key: string): StoredDraft | undefined {
    const all = this.all();
    return Object.hasOwn(all, key) ? all[key] : undefined;
  }

  has(key: string): boolean {
    return Object.hasOwn(this.all(), key);
  }

  keys(): string[] {
    return Object.keys(this.all());
  }

  async set(key: string, draft: StoredDraft): Promise<void> {
    await this.memory.update(this.storageKey, { ...this.all(), [key]: draft });
    this.changes.fire(key);
  }

  async delete(key: string): Promise<void> {
    const all = this.all();
    if (!Object.hasOwn(all, key)) return;
    const kept: Record<string, StoredDraft> = { ...all };
    delete kept[key];
    await this.memory.update(this.storageKey, kept);
    this.changes.fire(key);
  }

  dispose(): void {
    this.changes.dispose();
  }
}
