import * as vscode from 'vscode';
import type { ClientLogger, RequestLogEntry } from '../core/api/http';
import { render, type Phrase } from '../core/phrase';
import { secretMasks } from './lazy';

/** `text` with every secret the extension holds, and anything shaped like a token, masked. */
const masked = (text: string) => secretMasks().maskSecrets(text);

/** The "Axiom" output channel, in English whatever the display language. Lines carry method, path,
 *  status, duration and trace id; never headers or tokens. The channel is made with its first line
 *  (or Show Log), not at activation. */
export class Log implements ClientLogger, vscode.Disposable {
  private made?: vscode.LogOutputChannel;

  private get channel(): vscode.LogOutputChannel {
    this.made ??= vscode.window.createOutputChannel('Axiom', { log: true });
    return this.made;
  }

  request(entry: RequestLogEntry): void {
    const trace = entry.traceId ? ` trace=${entry.traceId}` : '';
    const line = `[http] ${entry.method} ${entry.path} ${entry.status ?? entry.error ?? ''} ${entry.durationMs}ms${trace}`;
    if (entry.error || (entry.status ?? 0) >= 400) this.channel.warn(masked(line));
    else this.channel.info(line);
  }

  info(message: Phrase | string): void {
    this.channel.info(masked(render(message)));
  }

  warn(message: Phrase | string): void {
    this.channel.warn(masked(render(message)));
  }

  error(message: Phrase | string): void {
    this.channel.error(masked(render(message)));
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.made?.dispose();
  }
}
