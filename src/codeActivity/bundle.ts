// The "codeActivity" bundle (src/features.ts): telemetry beside the code. Show Log Activity (a
// lens above each log statement of the files shown: how often it was logged, and when last) and
// Show Production Errors (the last hour's errors as diagnostics on the lines that threw them).
// Both are off until the person turns them on (kept per workspace); loaded then, or at start when
// the workspace keeps one on (register.ts).
import * as vscode from 'vscode';
import type { PresetId, TimeRange } from '../core/run/timeRange';
import { COMMANDS } from '../platform/constants';
import { localize } from '../platform/l10n';
import { openQueryInNewTab } from '../platform/openQuery';
import { CODE_ACTIVITY_SETTINGS, isOn, textSetting, turn } from './codeActivitySettings';
import { ErrorDiagnostics } from './errorDiagnostics';
import { LogActivityLenses, type PollingDeps } from './logActivityLenses';
import { askSource } from './logSource';

/** A run in the results panel, as the run feature takes it (its runner's `run`). */
export interface RunInPanel {
  apl: string;
  documentUri: vscode.Uri;
  version: number;
  startOffset: number;
  range?: TimeRange;
}

/** The connection, the window's one budget for background requests (the accounts feature's), the
 *  log and clock; and a run in the results panel (the run feature's runner). */
export interface CodeActivityDeps extends PollingDeps {
  run: (request: RunInPanel) => Promise<unknown>;
}

export function createCodeActivity(deps: CodeActivityDeps) {
  const lenses = new LogActivityLenses(deps);
  const errors = new ErrorDiagnostics(deps);

  /** The logs' dataset and message field, asked for once when the settings lack them. */
  const source = async (): Promise<boolean> => (await askSource(deps.access(), deps.log)) !== undefined;

  const runInPanel = async (apl: string, preset: PresetId): Promise<void> => {
    const { document } = await openQueryInNewTab(apl, 'apl');
    await deps.run({
      apl,
      documentUri: document.uri,
      version: document.version,
      startOffset: 0,
      range: { kind: 'preset', preset },
    });
  };

  const commands = {
    [COMMANDS.showLogActivity]: async () => {
      if (!(await source())) return;
      await turn(CODE_ACTIVITY_SETTINGS.logActivityEnabled, true);
      lenses.refresh();
    },
    [COMMANDS.hideLogActivity]: async () => {
      await turn(CODE_ACTIVITY_SETTINGS.logActivityEnabled, false);
      lenses.refresh();
    },
    [COMMANDS.showLogStatementEvents]: async (uri?: unknown, line?: unknown) => {
      const query =
        typeof uri === 'string' && typeof line === 'number' ? lenses.statementQueryAt(uri, line) : undefined;
      if (!query) {
        void vscode.window.showWarningMessage(localize('That is not a log statement of an open file.'));
        return;
      }
      await runInPanel(query.apl, query.range);
    },
    [COMMANDS.showProductionErrors]: async () => {
      if (!textSetting(CODE_ACTIVITY_SETTINGS.productionErrorsQuery) && !(await source())) return;
      await turn(CODE_ACTIVITY_SETTINGS.productionErrorsEnabled, true);
      errors.refresh();
    },
    [COMMANDS.hideProductionErrors]: async () => {
      await turn(CODE_ACTIVITY_SETTINGS.productionErrorsEnabled, false);
      errors.refresh();
    },
    [COMMANDS.refreshProductionErrors]: () => {
      if (!isOn(CODE_ACTIVITY_SETTINGS.productionErrorsEnabled)) {
        void vscode.window.showInformationMessage(
          localize('Production errors are off: Show Production Errors turns them on.'),
        );
        return;
      }
      errors.refresh();
    },
    [COMMANDS.showErrorEvents]: async (uri?: unknown, line?: unknown) => {
      const query = typeof uri === 'string' && typeof line === 'number' ? errors.queryAt(uri, line) : undefined;
      if (!query) {
        void vscode.window.showWarningMessage(localize('No production errors are known at that line.'));
        return;
      }
      await runInPanel(query, '1h');
    },
  };
  return {
    commands,
    /** The lenses and the diagnostics (the extension's tests read them). */
    lenses,
    errors,
    dispose(): void {
      lenses.dispose();
      errors.dispose();
    },
  };
}

export type CodeActivityFeature = ReturnType<typeof createCodeActivity>;
