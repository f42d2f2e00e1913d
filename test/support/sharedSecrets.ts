// The secret storage that VS Code windows share, as each window sees it: for tests of what windows
// coordinate (the renewal of a sign-in). Each window reads its own copy, which learns of another
// window's write only `delayMs` later (VS Code's SecretStorage: 100 ms or more), and has the value
// that reached it last; the window's own writes reach it at once. The values are kept in files of a folder, so that windows in separate
// processes share them: each key a file of lines, one per write (appended, so writes of two
// processes never overwrite each other), each with when and by which window it was written.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

interface Written {
  /** The value (null: deleted). */
  value: string | null;
  at: number;
  window: string;
}

export class WindowSecrets {
  /** Who this window is, in the lines it writes. */
  readonly window = randomUUID();

  constructor(
    private readonly folder: string,
    /** How long another window's write takes to reach this window's copy. */
    private readonly delayMs: number,
  ) {}

  /** Stores a value as written before any window opened: every window's copy has it. */
  static async written(folder: string, key: string, value: string): Promise<void> {
    await new WindowSecrets(folder, 0).write(key, value, 0);
  }

  async get(key: string): Promise<string | undefined> {
    let text: string;
    try {
      text = await fs.promises.readFile(this.fileOf(key), 'utf8');
    } catch {
      return undefined;
    }
    // The copy has the value that reached it last: this window's own writes at once, another's late.
    const arrival = (w: Written) => (w.window === this.window ? w.at : w.at + this.delayMs);
    const now = Date.now();
    const arrived = text
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as Written)
      .filter((w) => arrival(w) <= now);
    const last = arrived.reduce<Written | undefined>((l, w) => (l && arrival(l) > arrival(w) ? l : w), undefined);
    return last?.value ?? undefined;
  }

  async store(key: string, value: string): Promise<void> {
    await this.write(key, value);
  }

  async delete(key: string): Promise<void> {
    await this.write(key, null);
  }

  private async write(key: string, value: string | null, at = Date.now()): Promise<void> {
    await fs.promises.mkdir(this.folder, { recursive: true });
    const line: Written = { value, at, window: this.window };
    await fs.promises.appendFile(this.fileOf(key), `${JSON.stringify(line)}\n`);
  }

  private fileOf(key: string): string {
    return path.join(this.folder, `${createHash('sha256').update(key).digest('hex').slice(0, 16)}.jsonl`);
  }
}
