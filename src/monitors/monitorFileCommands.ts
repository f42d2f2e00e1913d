import * as vscode from 'vscode';
import type { Monitor } from '../core/api/schemas';
import { fieldText, type JsonObject } from '../core/json';
import {
  applyTarget,
  fileChanges,
  MONITOR_FILE_SUFFIX,
  monitorFileText,
  readMonitorFile,
} from '../core/monitors/monitorFile';
import { changeMonitor, createMonitor, type PlannedWrite } from '../core/monitors/monitorWrites';
import type { AxiomClient } from '../core/api/client';
import { phrase, type Phrase } from '../core/phrase';
import { withClient, type ClientAccess } from '../platform/clientAccess';
import { confirm } from '../platform/confirm';
import {
  exportAllInto,
  exportFolder,
  exportOneInto,
  type ExportedRecord,
  type ExportKind,
} from '../platform/exportToFolder';
import { ApplyComparisons, fileToApply } from '../platform/fileToApply';
import { localize, say } from '../platform/l10n';
import type { Log } from '../platform/log';
import type { MonitorsView } from './monitorsView';
import { monitorFromArgs } from './pickMonitor';

/** The scheme of the two sides of Apply's comparison (Axiom's monitor, and it with the file applied). */
const APPLY_SCHEME = 'axiom-monitor-apply';

interface Deps {
  access: ClientAccess;
  log: Log;
  view: MonitorsView;
}

/**
 * Monitors as files (`*.axiom-monitor.json`, see core/monitors/monitorFile.ts): Export writes a
 * monitor's definition (or every monitor's) into a folder of the workspace; Apply sends a file
 * back — it creates the monitor, or updates the one of its name with only the fields the file
 * changes, after showing the difference and asking once.
 */
export function monitorFileCommands(deps: Deps) {
  const comparisons = new ApplyComparisons(APPLY_SCHEME);
  const withAxiom = <T>(doing: Phrase, work: (client: AxiomClient) => Promise<T>) =>
    withClient(deps.access, { doing, log: deps.log }, (client) => work(client));

  const kind: ExportKind = {
    extension: MONITOR_FILE_SUFFIX,
    fallback: 'monitor',
    title: localize('Export monitors as files'),
    records: localize('Axiom’s monitors'),
  };
  const asExported = (record: JsonObject): ExportedRecord => ({
    name: fieldText(record.name, 'monitor'),
    text: monitorFileText(record),
  });

  return {
    /** Exports the monitor of a row (or one picked) into a chosen folder; opens the file. */
    exportOne: async (arg?: unknown): Promise<vscode.Uri | undefined> => {
      const monitor = await monitorFromArgs(arg, deps.view);
      if (!monitor) return undefined;
      const record = await withAxiom(
        phrase('Reading “{0}”', monitor.name),
        async (client) => (await client.getMonitor(monitor.id)).raw,
      );
      const target = record && (await exportFolder(kind));
      if (!record || !target) return undefined;
      return exportOneInto(kind, target, asExported(record));
    },

    /** Exports every monitor into a chosen folder (the dialog opens at one given), one file each. */
    exportAll: async (folder?: unknown): Promise<vscode.Uri[] | undefined> => {
      const list = await withAxiom(
        phrase('Loading monitors'),
        async (client) => (await client.listMonitors()).monitors as unknown as JsonObject[],
      );
      const target = list && (await exportFolder(kind, folder));
      if (!list || !target) return undefined;
      return exportAllInto(kind, target, list.map(asExported), (count) =>
        count === 1 ? localize('Exported 1 monitor.') : localize('Exported {0} monitors.', count),
      );
    },

    /** Applies a monitor file (the active editor's, or the one given): create, or update the monitor of its name after showing what changes. */
    apply: async (arg?: unknown): Promise<Monitor | undefined> => {
      const read = await fileToApply(arg, {
        suffix: MONITOR_FILE_SUFFIX,
        askToOpen: localize('Open a monitor file ({0}) to apply it.', `*${MONITOR_FILE_SUFFIX}`),
        read: readMonitorFile,
      });
      if (!read) return undefined;
      const definition = read.definition;
      const name = fieldText(definition.name);
      const result = await withAxiom(phrase('Applying “{0}”', name), async (client) => {
        const target = applyTarget(definition, (await client.listMonitors()).monitors);
        if (target.kind === 'ambiguous') {
          void vscode.window.showErrorMessage(
            localize(
              '{0} monitors are named “{1}”: rename them in Axiom so that the file names one.',
              target.ids.length,
              name,
            ),
          );
          return undefined;
        }
        // Shown, then asked once: the file's changes over Axiom's monitor, or the new monitor.
        const showAndAsk = async ({ fresh, body }: PlannedWrite): Promise<boolean> => {
          const before = comparisons.show(`${name} (Axiom)`, fresh ? monitorFileText(fresh) : '');
          const after = comparisons.show(`${name} (applied)`, monitorFileText(body));
          await vscode.commands.executeCommand(
            'vscode.diff',
            before,
            after,
            localize('“{0}”: Axiom’s ↔ the file applied', name),
            { preview: true },
          );
          return confirm(
            fresh
              ? localize('Update the monitor “{0}” in Axiom as shown?', name)
              : localize('Create the monitor “{0}” in Axiom?', name),
            localize('Fields the file leaves out are kept as they are in Axiom.'),
            fresh ? localize('Update') : localize('Create'),
          );
        };
        const outcome =
          target.kind === 'update'
            ? await changeMonitor(client, target.id, (fresh) => fileChanges(fresh, definition), {
                checking: 'all',
                confirm: showAndAsk,
              })
            : await createMonitor(client, definition, { checking: 'all', confirm: showAndAsk });
        switch (outcome.kind) {
          case 'refused':
            void vscode.window.showErrorMessage(
              localize('The file cannot be applied: {0}', outcome.problems.map((p) => say(p.reason)).join(' ')),
            );
            return undefined;
          case 'unchanged':
            void vscode.window.showInformationMessage(localize('“{0}” in Axiom is already as the file says.', name));
            return undefined;
          case 'declined':
            return undefined;
          default:
            return outcome.record.monitor;
        }
      });
      if (result) await deps.view.added(result);
      return result;
    },

    dispose(): void {
      comparisons.dispose();
    },
  };
}
