import * as vscode from 'vscode';
import type { Monitor } from '../core/api/schemas';
import type { AxiomClient } from '../core/api/client';
import { postBody, putBody, type MonitorChanges } from '../core/monitors/monitorBodies';
import { checkMonitor, hasErrors } from '../core/monitors/monitorChecks';
import { MONITOR_TYPES } from '../core/monitors/monitorFields';
import { snoozeEnd, SNOOZE_CHOICES } from '../core/monitors/snooze';
import { typeWords } from '../core/monitors/monitorWords';
import { datasetFromApl, suggestQueryName } from '../core/apl/aplText';
import { phrase, type Phrase } from '../core/phrase';
import { withClient, type ClientAccess } from '../platform/clientAccess';
import { say } from '../platform/l10n';
import type { Log } from '../platform/log';
import type { MonitorFiles } from './monitorFiles';
import type { MonitorsView } from './monitorsView';
import { monitorFromArgs } from './pickMonitor';

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
  const withAxiom = <T>(doing: Phrase, work: (client: AxiomClient, deployment: string) => Promise<T>) => withClient(deps.access, { doing, log }, (client, { name }) => work(client, name));

  /** One PUT of the monitor read afresh with `changes`; the row follows. */
  async function change(monitor: Monitor, doing: Phrase, changes: MonitorChanges | ((fresh: Record<string, unknown>) => MonitorChanges)): Promise<Monitor | undefined> {
    const saved = await withAxiom(doing, async (client) => {
      const fresh = await client.getMonitor(monitor.id);
      const body = putBody(fresh.raw, typeof changes === 'function' ? changes(fresh.raw) : changes);
      return (await client.updateMonitor(monitor.id, body)).monitor;
    });
    if (saved) view.updated(saved);
    return saved;
  }

  /** Opens a monitor (created or read) for editing: its query and, beside it, its settings. */
  async function edit(monitor: Monitor): Promise<vscode.TextEditor | undefined> {
    const opened = await withAxiom(phrase('Opening “{0}”', monitor.name), async (client, deployment) => ({ deployment, record: await files.prefetch(client, deployment, monitor.id) }));
    if (!opened) return undefined;
    try {
      return (await files.open(opened.deployment, opened.record.monitor)).query;
    } catch (error) {
      void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  /** Creates a monitor from a definition, after its checks; the row is selected and the monitor opened. */
  async function create(definition: Record<string, unknown>): Promise<Monitor | undefined> {
    const problems = checkMonitor(definition);
    if (hasErrors(problems)) {
      void vscode.window.showErrorMessage(vscode.l10n.t('The monitor was not created: {0}', problems.filter((p) => p.level === 'error').map((p) => say(p.reason)).join(' ')));
      return undefined;
    }
    const created = await withAxiom(phrase('Creating “{0}”', String(definition.name)), async (client) => (await client.createMonitor(postBody(definition))).monitor);
    if (!created) return undefined;
    log.info(`created monitor ${created.id}`);
    await view.added(created);
    await edit(created);
    return created;
  }

  return {
    async edit(arg?: unknown): Promise<vscode.TextEditor | undefined> {
      const monitor = await monitorFromArgs(arg, view);
      return monitor && edit(monitor);
    },

    /** Deletes the monitor after a modal question naming it: one DELETE, never repeated by itself. */
    async delete(arg?: unknown): Promise<boolean> {
      const monitor = await monitorFromArgs(arg, view);
      if (!monitor) return false;
      const remove = vscode.l10n.t('Delete');
      const choice = await vscode.window.showWarningMessage(
        vscode.l10n.t('Delete the monitor “{0}”?', monitor.name),
        { modal: true, detail: vscode.l10n.t('It is deleted in Axiom and stops alerting, for everyone. This cannot be undone.') },
        remove,
      );
      if (choice !== remove) return false;
      const deleted = await withAxiom(phrase('Deleting “{0}”', monitor.name), async (client, deployment) => {
        await client.deleteMonitor(monitor.id);
        return { deployment };
      });
      if (!deleted) return false;
      log.info(`deleted monitor ${monitor.id}`);
      view.removed(monitor.id);
      files.deleted(deleted.deployment, monitor.id);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Deleted “{0}”.', monitor.name), 3000);
      return true;
    },

    async disable(arg?: unknown): Promise<Monitor | undefined> {
      const monitor = await monitorFromArgs(arg, view);
      return monitor && change(monitor, phrase('Disabling “{0}”', monitor.name), { disabled: true });
    },

    /** Turns the monitor on: not disabled, and no snooze. */
    async enable(arg?: unknown): Promise<Monitor | undefined> {
      const monitor = await monitorFromArgs(arg, view);
      return monitor && change(monitor, phrase('Enabling “{0}”', monitor.name), (fresh) => ({ disabled: false, ...(fresh.disabledUntil !== undefined ? { disabledUntil: null } : {}) }));
    },

    /** Snoozes the monitor (disabledUntil) for a chosen time, 15 minutes to 7 days, or until a date. */
    async snooze(arg?: unknown): Promise<Monitor | undefined> {
      const monitor = await monitorFromArgs(arg, view);
      if (!monitor) return undefined;
      const untilDate = vscode.l10n.t('Until a date…');
      const picked = await vscode.window.showQuickPick([...SNOOZE_CHOICES.map((c) => ({ label: say(c.label), minutes: c.minutes })), { label: untilDate, minutes: 0 }], {
        title: vscode.l10n.t('Snooze “{0}”', monitor.name),
        placeHolder: vscode.l10n.t('For how long should the monitor not run?'),
      });
      if (!picked) return undefined;
      let until: Date | undefined;
      if (picked.minutes) until = new Date(Date.now() + picked.minutes * 60_000);
      else {
        const text = await vscode.window.showInputBox({
          title: vscode.l10n.t('Snooze “{0}” until', monitor.name),
          prompt: vscode.l10n.t('A date and time in your time zone, such as 2026-05-01 09:00'),
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

    /** A copy named "… (copy)", created after the name is confirmed, then opened for editing. */
    async duplicate(arg?: unknown): Promise<Monitor | undefined> {
      const monitor = await monitorFromArgs(arg, view);
      if (!monitor) return undefined;
      const fresh = await withAxiom(phrase('Reading “{0}”', monitor.name), async (client) => (await client.getMonitor(monitor.id)).raw);
      if (!fresh) return undefined;
      const name = await vscode.window.showInputBox({
        title: vscode.l10n.t('Duplicate “{0}”', monitor.name),
        prompt: vscode.l10n.t('The new monitor’s name. It is created in Axiom, with the same query, settings and notifiers.'),
        value: vscode.l10n.t('{0} (copy)', monitor.name),
        validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('A monitor needs a name.')),
      });
      if (!name) return undefined;
      return create({ ...fresh, name: name.trim() });
    },

    /** The APL in the editor (or its selection) as a new monitor: type, name and threshold asked, the rest defaults. */
    async newFromQuery(uri?: unknown): Promise<Monitor | undefined> {
      const editor = vscode.window.activeTextEditor;
      const document = uri instanceof vscode.Uri ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) : editor?.document;
      const selection = editor && document === editor.document && !editor.selection.isEmpty ? document.getText(editor.selection) : undefined;
      const apl = (selection ?? document?.getText() ?? '').trim();
      if (!apl) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Open an Axiom APL query (or select one) to make a monitor of it.'));
        return undefined;
      }
      const type = await vscode.window.showQuickPick(
        MONITOR_TYPES.map((t) => ({ label: typeWords(t), type: t, detail: say(TYPE_HELP[t]) })),
        { title: vscode.l10n.t('New monitor: type'), placeHolder: vscode.l10n.t('What should the monitor do with the query’s results?') },
      );
      if (!type) return undefined;
      const definition: Record<string, unknown> = { name: '', type: type.type, aplQuery: apl, intervalMinutes: 5, rangeMinutes: 5 };
      if (type.type !== 'MatchEvent') definition.operator = 'Above';
      // The query's shape is checked before anything else is asked.
      const shape = checkMonitor({ ...definition, name: 'x', threshold: 0 }).filter((p) => p.field === 'aplQuery' && p.level === 'error');
      if (shape.length) {
        void vscode.window.showErrorMessage(vscode.l10n.t('This query cannot be a {0} monitor: {1}', typeWords(type.type), shape.map((p) => say(p.reason)).join(' ')));
        return undefined;
      }
      if (type.type === 'Threshold') {
        const threshold = await vscode.window.showInputBox({
          title: vscode.l10n.t('New monitor: threshold'),
          prompt: vscode.l10n.t('It alerts when a value of the query’s results is above this (the operator can be changed in its settings).'),
          validateInput: (value) => (value.trim() !== '' && Number.isFinite(Number(value)) ? undefined : vscode.l10n.t('Enter a number.')),
        });
        if (threshold === undefined) return undefined;
        definition.threshold = Number(threshold);
      }
      const name = await vscode.window.showInputBox({
        title: vscode.l10n.t('New monitor: name'),
        value: suggestQueryName(apl, datasetFromApl(apl)),
        validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('A monitor needs a name.')),
      });
      if (!name) return undefined;
      definition.name = name.trim();
      return create(definition);
    },
  };
}

const TYPE_HELP: Record<(typeof MONITOR_TYPES)[number], Phrase> = {
  Threshold: phrase('Alerts when a value of the summarized results crosses a threshold.'),
  MatchEvent: phrase('Notifies for every event the query matches (no aggregation).'),
  AnomalyDetection: phrase('Alerts when a series departs from its own past (the service’s model).'),
};
