import * as vscode from 'vscode';
import type { Monitor } from '../core/api/schemas';
import type { AxiomClient } from '../core/api/client';
import { fieldText, type JsonObject } from '../core/json';
import type { MonitorChanges } from '../core/monitors/monitorBodies';
import { checkQueryShape } from '../core/monitors/monitorChecks';
import { MONITOR_TYPES } from '../core/monitors/monitorFields';
import { snoozeEnd, SNOOZE_CHOICES } from '../core/monitors/snooze';
import { typeWords } from '../core/monitors/monitorWords';
import { changeMonitor, deleteMonitor } from '../core/monitors/monitorWrites';
import { datasetFromApl, suggestQueryName } from '../core/apl/aplText';
import { phrase, type Phrase } from '../core/phrase';
import { withClient, type ClientAccess } from '../platform/clientAccess';
import { confirm } from '../platform/confirm';
import { localize, say } from '../platform/l10n';
import { load } from '../platform/lazy';
import type { Log } from '../platform/log';
import type { MonitorFiles } from './monitorFiles';
import type { MonitorsView } from './monitorsView';
import { monitorFromArgs } from './pickMonitor';
import { monitorSent, readOnlyQueryDocuments } from './openMonitorQuery';

interface Deps {
  access: ClientAccess;
  log: Log;
  view: MonitorsView;
  files: MonitorFiles;
}

/**
 * Changing monitors from the tree and from an editor: Edit Monitor (its query and its settings as
 * documents that save back), Delete, Disable / Enable, Snooze, Duplicate and New Monitor from
 * Query. Each change of an existing monitor is one PUT of the record read afresh with only that
 * change; a create is one POST; nothing is sent twice by itself (a failure offers Retry).
 */
export function monitorEditCommands(deps: Deps) {
  const { view, files, log } = deps;
  const withAxiom = <T>(doing: Phrase, work: (client: AxiomClient, deployment: string) => Promise<T>) =>
    withClient(deps.access, { doing, log }, (client, { name }) => work(client, name));

  /** One PUT of the monitor read afresh with `changes`; the row follows. */
  async function change(
    monitor: Monitor,
    doing: Phrase,
    changes: MonitorChanges | ((fresh: JsonObject) => MonitorChanges),
  ): Promise<Monitor | undefined> {
    const saved = await withAxiom(doing, async (client) => {
      const outcome = await changeMonitor(client, monitor.id, changes, { checking: 'none' });
      return outcome.kind === 'changed' ? outcome.record.monitor : undefined;
    });
    if (saved) {
      view.updated(saved);
      monitorSent(saved);
    }
    return saved;
  }

  /**
   * The monitor a command that changes it acts on. A row of the view (from its menu) or one picked
   * is the view's own. Any other argument came from outside the extension (copied to plain data at
   * the door, platform/outsideCallers.ts): only its id is taken, the monitor is read from Axiom by
   * it, and the person is asked once, naming that monitor (`ask`: the question's words, a
   * delete's own). Undefined: nothing picked, not found, or declined.
   */
  async function monitorToChange(
    arg: unknown,
    command: 'deleteMonitor' | 'disableMonitor' | 'enableMonitor' | 'snoozeMonitor',
    then?: { detail: string; action: string },
  ): Promise<{ monitor: Monitor; asked: boolean } | undefined> {
    const given = await monitorFromArgs(arg, view);
    if (!given || view.currentMonitors.includes(given)) return given && { monitor: given, asked: false };
    const monitor = await withAxiom(
      phrase('Reading the monitor {0}', given.id),
      async (client) => (await client.getMonitor(given.id)).monitor,
    );
    if (!monitor || !(await load('outsideQuestion').askAboutRecord(command, monitor, then))) return undefined;
    return { monitor, asked: true };
  }

  /** Opens a monitor (created or read) for editing: its query and, beside it, its settings. */
  async function edit(monitor: Monitor): Promise<vscode.TextEditor | undefined> {
    const opened = await withAxiom(phrase('Opening “{0}”', monitor.name), async (client, deployment) => ({
      deployment,
      record: await files.prefetch(client, deployment, monitor.id),
    }));
    if (!opened) return undefined;
    try {
      // One tab per part of the monitor: its read-only query gives way to the query to edit.
      await closeTabsOf(readOnlyQueryDocuments(monitor.id));
      return (await files.open(opened.deployment, opened.record.monitor)).query;
    } catch (error) {
      void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  /** Opens a new monitor of `definition` for editing, as a draft its first save creates (POST). */
  async function openDraft(definition: Record<string, unknown>): Promise<vscode.TextEditor | undefined> {
    const deployment = await withAxiom(
      phrase('Opening “{0}”', fieldText(definition.name)),
      async (_client, name) => name,
    );
    if (deployment === undefined) return undefined;
    const draft = files.draft(deployment, definition);
    return (await files.open(deployment, draft)).query;
  }

  /** A draft's first save created its monitor: listed and selected, and its documents give way to the monitor's own. */
  async function created({
    deployment,
    draftId,
    monitor,
    uri,
  }: {
    deployment: string;
    draftId: string;
    monitor: Monitor;
    uri: vscode.Uri;
  }): Promise<void> {
    await view.added(monitor);
    const drafts = () => files.documentsOf({ id: draftId, deployment });
    // The save that created it finishes first; the other document (its text went into the POST) is saved to it.
    await savedOrSoon(uri);
    for (const document of drafts()) if (document.isDirty) await document.save();
    const tabs = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .filter((tab) => {
        const input = tab.input;
        const tabUri =
          input instanceof vscode.TabInputText || input instanceof vscode.TabInputCustom ? input.uri : undefined;
        return tabUri !== undefined && drafts().some((d) => d.uri.toString() === tabUri.toString());
      });
    if (tabs.some((tab) => tab.isDirty)) return;
    await vscode.window.tabGroups.close(tabs);
    await files.open(deployment, monitor);
  }
  // A monitor sent from its documents: a read-only view of its query shows what was sent.
  const onSaved = files.onDidSave((location) => {
    const sent = view.currentMonitors.find((m) => m.id === location.id);
    if (sent) monitorSent(sent);
  });
  const onCreated = files.onDidCreate(
    (event) =>
      void created(event).catch((error: unknown) => log.error(`opening the created monitor: ${String(error)}`)),
  );

  return {
    dispose: () => {
      onCreated.dispose();
      onSaved.dispose();
    },

    edit: async (arg?: unknown): Promise<vscode.TextEditor | undefined> => {
      const monitor = await monitorFromArgs(arg, view);
      return monitor && edit(monitor);
    },

    /** Deletes the monitor after a modal question naming it: one DELETE, never repeated by itself. */
    delete: async (arg?: unknown): Promise<boolean> => {
      const consequence = localize('It is deleted in Axiom and stops alerting, for everyone. This cannot be undone.');
      const action = localize('Delete');
      const target = await monitorToChange(arg, 'deleteMonitor', { detail: consequence, action });
      if (!target) return false;
      const { monitor } = target;
      if (!target.asked && !(await confirm(localize('Delete the monitor “{0}”?', monitor.name), consequence, action)))
        return false;
      const deleted = await withAxiom(phrase('Deleting “{0}”', monitor.name), async (client, deployment) => {
        await deleteMonitor(client, monitor.id);
        return { deployment };
      });
      if (!deleted) return false;
      log.info(`deleted monitor ${monitor.id}`);
      view.removed(monitor.id);
      files.deleted(deleted.deployment, monitor.id);
      vscode.window.setStatusBarMessage(localize('Deleted “{0}”.', monitor.name), 3000);
      return true;
    },

    disable: async (arg?: unknown): Promise<Monitor | undefined> => {
      const monitor = (await monitorToChange(arg, 'disableMonitor'))?.monitor;
      return monitor && change(monitor, phrase('Disabling “{0}”', monitor.name), { disabled: true });
    },

    /** Turns the monitor on: not disabled, and no snooze. */
    enable: async (arg?: unknown): Promise<Monitor | undefined> => {
      const monitor = (await monitorToChange(arg, 'enableMonitor'))?.monitor;
      return (
        monitor &&
        change(monitor, phrase('Enabling “{0}”', monitor.name), (fresh) => ({
          disabled: false,
          ...(fresh.disabledUntil !== undefined ? { disabledUntil: null } : {}),
        }))
      );
    },

    /** Snoozes the monitor (disabledUntil) for a chosen time, 15 minutes to 7 days, or until a date. */
    snooze: async (arg?: unknown): Promise<Monitor | undefined> => {
      const monitor = (await monitorToChange(arg, 'snoozeMonitor'))?.monitor;
      if (!monitor) return undefined;
      const untilDate = localize('Until a date…');
      const picked = await vscode.window.showQuickPick(
        [...SNOOZE_CHOICES.map((c) => ({ label: say(c.label), minutes: c.minutes })), { label: untilDate, minutes: 0 }],
        {
          title: localize('Snooze “{0}”', monitor.name),
          placeHolder: localize('For how long should the monitor not run?'),
        },
      );
      if (!picked) return undefined;
      let until: Date | undefined;
      if (picked.minutes) until = new Date(Date.now() + picked.minutes * 60_000);
      else {
        const text = await vscode.window.showInputBox({
          title: localize('Snooze “{0}” until', monitor.name),
          prompt: localize('A date and time in your time zone, such as 2026-05-01 09:00'),
          validateInput: (value) => {
            const end = snoozeEnd(value, Date.now());
            return end instanceof Date ? undefined : say(end);
          },
        });
        const end = text === undefined ? undefined : snoozeEnd(text, Date.now());
        if (!(end instanceof Date)) return undefined;
        until = end;
      }
      if (!until) return undefined;
      return change(monitor, phrase('Snoozing “{0}”', monitor.name), { disabledUntil: until.toISOString() });
    },

    /** A copy named "… (copy)", opened as a new monitor: created by its first save. */
    duplicate: async (arg?: unknown): Promise<vscode.TextEditor | undefined> => {
      const monitor = await monitorFromArgs(arg, view);
      if (!monitor) return undefined;
      const fresh = await withAxiom(
        phrase('Reading “{0}”', monitor.name),
        async (client) => (await client.getMonitor(monitor.id)).raw,
      );
      if (!fresh) return undefined;
      return openDraft({ ...fresh, name: localize('{0} (copy)', monitor.name) });
    },

    /** The APL in the editor (or its selection) as a new monitor: its type asked, then opened with defaults as a draft its first save creates. */
    newFromQuery: async (uri?: unknown): Promise<vscode.TextEditor | undefined> => {
      const editor = vscode.window.activeTextEditor;
      const document =
        uri instanceof vscode.Uri
          ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())
          : editor?.document;
      const selection =
        editor && document === editor.document && !editor.selection.isEmpty
          ? document.getText(editor.selection)
          : undefined;
      const apl = (selection ?? document?.getText() ?? '').trim();
      if (!apl) {
        void vscode.window.showInformationMessage(
          localize('Open an Axiom APL query (or select one) to make a monitor of it.'),
        );
        return undefined;
      }
      const type = await vscode.window.showQuickPick(
        MONITOR_TYPES.map((t) => ({ label: typeWords(t, view.words), type: t, detail: say(TYPE_HELP[t]) })),
        {
          title: localize('New monitor: type'),
          placeHolder: localize('What should the monitor do with the query’s results?'),
        },
      );
      if (!type) return undefined;
      const definition: Record<string, unknown> = { name: '', type: type.type, intervalMinutes: 5, rangeMinutes: 5 };
      if (type.type !== 'MatchEvent') definition.operator = 'Above';
      definition.aplQuery = apl;
      // The query's shape is checked before the new monitor opens.
      const shape = checkQueryShape(type.type, apl).filter((p) => p.level === 'error');
      if (shape.length) {
        void vscode.window.showErrorMessage(
          localize(
            'This query cannot be a {0} monitor: {1}',
            typeWords(type.type, view.words),
            shape.map((p) => say(p.reason)).join(' '),
          ),
        );
        return undefined;
      }
      definition.name = suggestQueryName(apl, datasetFromApl(apl));
      return openDraft(definition);
    },
  };
}

const TYPE_HELP: Record<(typeof MONITOR_TYPES)[number], Phrase> = {
  Threshold: phrase('Alerts when a value of the summarized results crosses a threshold.'),
  MatchEvent: phrase('Notifies for every event the query matches (no aggregation).'),
  AnomalyDetection: phrase('Alerts when a series departs from its own past (the service’s model).'),
};

/** Closes the tabs that show any of these documents. */
async function closeTabsOf(uris: readonly vscode.Uri[]): Promise<void> {
  if (!uris.length) return;
  const addresses = new Set(uris.map((uri) => uri.toString()));
  const tabs = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputText && addresses.has(tab.input.uri.toString()));
  if (tabs.length) await vscode.window.tabGroups.close(tabs);
}

/** Resolves once the document's save has finished (it is no longer dirty), or after a few seconds. */
function savedOrSoon(uri: vscode.Uri): Promise<void> {
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (!document?.isDirty) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, 5000);
    const listening = vscode.workspace.onDidSaveTextDocument((saved) => {
      if (saved.uri.toString() === uri.toString()) done();
    });
    function done() {
      clearTimeout(timer);
      listening.dispose();
      resolve();
    }
  });
}
