import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';

/**
 * A small JSON record in the extension's global storage: one per machine (it is not synced), read
 * by every window's extension host and watched, so that a change made in one window reaches the
 * others at once. Settings reach other windows too, but in a browser-hosted VS Code (code-server)
 * a second window took more than a minute to see a change of user settings.
 */
export class MachineState<T extends object> implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly file: string;
  private value?: T;
  private watcher?: fs.FSWatcher;

  constructor(
    private readonly folder: string,
    name: string,
    private readonly empty: T,
  ) {
    this.file = path.join(folder, name);
  }

  /** The record; read once, then kept current by watching the file. */
  get(): T {
    if (this.value === undefined) {
      this.value = this.read();
      this.watch();
    }
    return this.value;
  }

  async set(value: T): Promise<void> {
    await fs.promises.mkdir(this.folder, { recursive: true });
    // Written whole and renamed into place, so a window never reads half a record.
    const temporary = `${this.file}.${process.pid}.tmp`;
    await fs.promises.writeFile(temporary, JSON.stringify(value));
    await fs.promises.rename(temporary, this.file);
    this.update(value);
  }

  private read(): T {
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(this.file, 'utf8'));
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? { ...this.empty, ...parsed }
        : this.empty;
    } catch {
      return this.empty; // none yet, or unreadable: as if nothing was chosen
    }
  }

  private watch(): void {
    try {
      fs.mkdirSync(this.folder, { recursive: true });
      this.watcher = fs.watch(this.folder, (_event, name) => {
        if (name === path.basename(this.file)) this.update(this.read());
      });
      // A watcher that fails (the folder removed) stops; other windows' changes then arrive at the next start.
      this.watcher.on('error', () => this.watcher?.close());
    } catch {
      // Without a watcher, other windows' changes arrive at the next start.
    }
  }

  private update(value: T): void {
    if (JSON.stringify(value) === JSON.stringify(this.value)) return;
    this.value = value;
    this.changed.fire();
  }

  dispose(): void {
    this.watcher?.close();
    this.changed.dispose();
  }
}
