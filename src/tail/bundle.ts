// The "tail" bundle (src/features.ts): Tail Dataset…, Tail This Query and their panels. Loaded
// when a command first runs or a tail panel comes back after a reload.
import * as vscode from 'vscode';
import { COMMANDS } from '../platform/constants';
import { createTails, type TailDeps } from './tailCommands';

export type { TailDeps };

export function createTail(deps: TailDeps) {
  const tails = createTails(deps);
  return {
    commands: {
      [COMMANDS.tailDataset]: (arg?: unknown) => tails.tailDataset(arg),
      [COMMANDS.tailQuery]: () => tails.tailQuery(),
    },
    /** The tail panels open (the extension's tests). */
    panels: tails.open,
    restore: (panel: vscode.WebviewPanel, state: unknown) => tails.restore(panel, state),
    dispose: () => tails.dispose(),
  };
}

export type TailFeature = ReturnType<typeof createTail>;
