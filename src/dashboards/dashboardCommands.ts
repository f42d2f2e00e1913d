// The commands on a dashboard's row (Open, Open in Axiom, Copy Link, Duplicate, Delete, Export) and
// of the view's title bar (Export All), and Apply Dashboard File: dashboards as files
// `*.axiom-dashboard.json` (the document without what Axiom sets, keys in a stable order).
import * as vscode from 'vscode';
import type { AxiomClient } from '../core/api/client';
import type { DashboardRecord, DashboardResource } from '../core/api/dashboards';
import { requireEndpoint } from '../core/api/baseUrl';
import { isAxiomError } from '../core/api/errors';
import {
  DASHBOARD_FILE_SUFFIX,
  dashboardLink,
  dashboardText,
  exportText,
  readDashboardText,
  withoutAxiomFields,
} from '../core/dashboards/dashboardDocument';
import type { JsonObject } from '../core/json';
import { phrase, type Phrase } from '../core/phrase';
import { withClient, type ClientAccess } from '../platform/clientAccess';
import { COMMANDS } from '../platform/constants';
import { confirm } from '../platform/confirm';
import {
  exportAllInto,
  exportFolder,
  exportOneInto,
  type ExportedRecord,
  type ExportKind,
} from '../platform/exportToFolder';
import { ApplyComparisons, fileToApply } from '../platform/fileToApply';
import { localize } from '../platform/l10n';
import { load } from '../platform/lazy';
import type { Log } from '../platform/log';
import { ensureOrgId, openAppPage, type Deployments } from '../platform/webApp';
import type { DashboardFiles } from './dashboardFiles';
import type { DashboardsView } from './dashboardsView';

/** The scheme of the two sides of Apply's comparison (Axiom's dashboard, and the file). */
const APPLY_SCHEME = 'axiom-dashboard-apply';

/** What a row command acts on: the row (a dashboard as listed), or for scripts and tests `{ uid }`. */
export type DashboardTarget = DashboardResource | { uid: string };

interface Deps {
  access: ClientAccess;
  deployments: Deployments;
  log: Log;
  view: DashboardsView;
  files: DashboardFiles;
}

export function dashboardCommands(deps: Deps) {
  const { view, files } = deps;
  const comparisons = new ApplyComparisons(APPLY_SCHEME);
  const withAxiom = <T>(doing: Phrase, work: (client: AxiomClient, deployment: string) => Promise<T>) =>
    withClient(deps.access, { doing, log: deps.log }, (client, deployment) => work(client, deployment.name));

  /** The dashboard a command acts on: the row's, or the one in hand of that uid, or else Axiom's. */
  async function dashboardOf(arg: unknown): Promise<DashboardResource | undefined> {
    const target = arg as { uid?: unknown; dashboard?: unknown } | undefined;
    if (typeof target !== 'object' || target === null || typeof target.uid !== 'string') return undefined;
    if (typeof target.dashboard === 'object' && target.dashboard !== null) return target as DashboardResource;
    const uid = target.uid;
    return (
      view.dashboardByUid(uid) ??
      (await withAxiom(
        phrase('Reading the dashboard {0}', uid),
        async (client) => (await client.getDashboard(uid)).resource,
      ))
    );
  }

  /**
   * The dashboard a command that changes it acts on. A row of the view is its own. Any other
   * argument came from outside the extension (copied to plain data at the door,
   * platform/outsideCallers.ts): only its uid is taken, the dashboard is read from Axiom by it, and
   * the person is asked once, naming that dashboard (`then`: a delete's own words). Undefined:
   * none given, not found, or declined.
   */
  async function dashboardToChange(
    arg: unknown,
    command: 'duplicateDashboard' | 'deleteDashboard',
    then?: { detail: string; action: string },
  ): Promise<{ dashboard: DashboardResource; asked: boolean } | undefined> {
    const target = arg as { uid?: unknown } | undefined;
    if (typeof target !== 'object' || target === null || typeof target.uid !== 'string') return undefined;
    const uid = target.uid;
    const own = view.dashboardByUid(uid);
    if (own === target) return { dashboard: own, asked: false };
    const dashboard = await withAxiom(
      phrase('Reading the dashboard {0}', uid),
      async (client) => (await client.getDashboard(uid)).resource,
    );
    if (!dashboard) return undefined;
    const named = { name: dashboard.dashboard.name, id: dashboard.uid };
    if (!(await load('outsideQuestion').askAboutRecord(command, named, then))) return undefined;
    return { dashboard, asked: true };
  }

  const kind: ExportKind = {
    extension: DASHBOARD_FILE_SUFFIX,
    fallback: 'dashboard',
    title: localize('Export dashboards as files'),
    records: localize('Axiom’s dashboards'),
  };
  const asExported = (record: DashboardRecord): ExportedRecord => ({
    name: record.resource.dashboard.name,
    text: exportText(record.document, record.resource.uid),
  });

  /** Opens the dashboard as a JSON document of its own: Ctrl+S saves it back to Axiom. */
  const open = async (arg?: DashboardTarget, options?: vscode.TextDocumentShowOptions) => {
    const dashboard = await dashboardOf(arg);
    if (!dashboard) return undefined;
    const opened = await withAxiom(phrase('Opening “{0}”', dashboard.dashboard.name), async (client, deployment) => ({
      deployment,
      record: await files.prefetch(client, deployment, dashboard.uid),
    }));
    if (!opened) return undefined;
    try {
      return await files.open(opened.deployment, dashboard.uid, opened.record.name, options);
    } catch (error) {
      void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  };

  return {
    open,

    /** A row's Preview Dashboard: its document opened (as Open Dashboard does), then previewed beside it. */
    preview: async (arg?: DashboardTarget): Promise<unknown> => {
      const editor = await open(arg);
      return editor && vscode.commands.executeCommand(COMMANDS.previewDashboard, editor.document.uri);
    },

    openInAxiom: async (arg?: DashboardTarget): Promise<string | undefined> => {
      const dashboard = await dashboardOf(arg);
      if (!dashboard) return undefined;
      return openAppPage(
        deps.deployments,
        phrase('Opening “{0}” in Axiom', dashboard.dashboard.name),
        (endpoint, orgId) => dashboardLink(endpoint, orgId, dashboard),
        deps.access.handlers,
      );
    },

    copyLink: async (arg?: DashboardTarget): Promise<string | undefined> => {
      const dashboard = await dashboardOf(arg);
      if (!dashboard) return undefined;
      const deployment = await deps.deployments.active();
      const orgId = await ensureOrgId(deps.deployments, localize('Links to the web app name your organization.'));
      if (!orgId) return undefined;
      const link = dashboardLink(requireEndpoint(deployment.url), orgId, dashboard);
      await vscode.env.clipboard.writeText(link);
      vscode.window.setStatusBarMessage(localize('Copied the link to “{0}”.', dashboard.dashboard.name), 3000);
      return link;
    },

    /** A copy of the dashboard, under a new name and a uid Axiom chooses: one POST. */
    duplicate: async (arg?: DashboardTarget & { name?: string }): Promise<DashboardResource | undefined> => {
      const dashboard = (await dashboardToChange(arg, 'duplicateDashboard'))?.dashboard;
      if (!dashboard) return undefined;
      const name = (
        arg?.name ??
        (await vscode.window.showInputBox({
          title: localize('Duplicate the dashboard “{0}”', dashboard.dashboard.name),
          prompt: localize('The name of the copy, in Axiom'),
          value: localize('{0} (copy)', dashboard.dashboard.name),
          ignoreFocusOut: true,
          validateInput: (text) => (text.trim() ? undefined : localize('A dashboard needs a name.')),
        }))
      )?.trim();
      if (!name) return undefined;
      const created = await withAxiom(phrase('Duplicating “{0}”', dashboard.dashboard.name), async (client) => {
        const fresh = await client.getDashboard(dashboard.uid);
        const copy: JsonObject = { ...withoutAxiomFields(fresh.document), name };
        delete copy.uid;
        return (await client.createDashboard({ dashboard: copy })).record.resource;
      });
      if (!created) return undefined;
      view.updated(created);
      vscode.window.setStatusBarMessage(localize('Created “{0}”.', name), 3000);
      return created;
    },

    /** Deletes the dashboard in Axiom after a modal question naming it: one DELETE, never repeated by itself. */
    delete: async (arg?: DashboardTarget & { confirmed?: boolean }): Promise<boolean> => {
      const consequence = localize('It is deleted in Axiom, for everyone who can see it. This cannot be undone.');
      const action = localize('Delete');
      // The extension's own code (`own`) says `confirmed`, which a call from outside cannot: it has asked.
      const target = arg?.confirmed
        ? await dashboardOf(arg).then((dashboard) => dashboard && { dashboard, asked: true })
        : await dashboardToChange(arg, 'deleteDashboard', { detail: consequence, action });
      if (!target) return false;
      const { dashboard } = target;
      const name = dashboard.dashboard.name;
      if (!target.asked && !(await confirm(localize('Delete the dashboard “{0}”?', name), consequence, action)))
        return false;
      const deleted = await withAxiom(phrase('Deleting “{0}”', name), async (client, deployment) => {
        await client.deleteDashboard(dashboard.uid);
        return { deployment };
      });
      if (!deleted) return false;
      deps.log.info(`deleted dashboard ${dashboard.uid}`);
      view.removed(dashboard.uid);
      files.deleted(deleted.deployment, dashboard.uid);
      vscode.window.setStatusBarMessage(localize('Deleted “{0}”.', name), 3000);
      return true;
    },

    /**
     * Exports the dashboard into a folder as `<name>.axiom-dashboard.json`; opens the file. The
     * folder is chosen in the dialog (opened at one given), or taken as given when `how.chosen`
     * (the extension's own code).
     */
    exportOne: async (
      arg?: DashboardTarget,
      folder?: unknown,
      how: { chosen?: boolean } = {},
    ): Promise<vscode.Uri | undefined> => {
      const dashboard = await dashboardOf(arg);
      if (!dashboard) return undefined;
      const record = await withAxiom(phrase('Reading “{0}”', dashboard.dashboard.name), (client) =>
        client.getDashboard(dashboard.uid),
      );
      const target = record && (await exportFolder(kind, folder, how.chosen));
      if (!record || !target) return undefined;
      return exportOneInto(kind, target, asExported(record));
    },

    /** Exports every dashboard into a folder, one file each (each read whole); the folder as for exportOne. */
    exportAll: async (folder?: unknown, how: { chosen?: boolean } = {}): Promise<vscode.Uri[] | undefined> => {
      const records = await withAxiom(phrase('Loading dashboards'), async (client) => {
        const { dashboards } = await client.listDashboards();
        const read: DashboardRecord[] = [];
        for (const d of dashboards) read.push(await client.getDashboard(d.uid));
        return read;
      });
      const target = records && (await exportFolder(kind, folder, how.chosen));
      if (!records || !target) return undefined;
      return exportAllInto(kind, target, records.map(asExported), (count) =>
        count === 1 ? localize('Exported 1 dashboard.') : localize('Exported {0} dashboards.', count),
      );
    },

    /**
     * Applies a dashboard file (the active editor's, or the one given): updates the dashboard of its
     * uid, with the version just read, or creates it (under that uid, if the file has one), after
     * showing the difference and asking once.
     */
    apply: async (arg?: unknown, how: { confirmed?: boolean } = {}): Promise<DashboardResource | undefined> => {
      const read = await fileToApply(arg, {
        suffix: DASHBOARD_FILE_SUFFIX,
        askToOpen: localize('Open a dashboard file ({0}) to apply it.', `*${DASHBOARD_FILE_SUFFIX}`),
        read: readDashboardText,
      });
      if (!read) return undefined;
      const document = withoutAxiomFields(read.document);
      const name = typeof document.name === 'string' ? document.name : '';
      const uid = typeof document.uid === 'string' ? document.uid : undefined;
      const applied = await withAxiom(phrase('Applying “{0}”', name), async (client) => {
        let fresh: DashboardRecord | undefined;
        if (uid !== undefined) {
          try {
            fresh = await client.getDashboard(uid);
          } catch (error) {
            if (!isAxiomError(error) || error.kind !== 'notFound') throw error;
          }
        }
        const before = comparisons.show(
          `${name} (Axiom)${DASHBOARD_FILE_SUFFIX}`,
          fresh ? dashboardText({ ...fresh.document, uid }) : '',
        );
        const after = comparisons.show(`${name} (file)${DASHBOARD_FILE_SUFFIX}`, dashboardText(document));
        if (!how.confirmed) {
          await vscode.commands.executeCommand(
            'vscode.diff',
            before,
            after,
            localize('“{0}”: Axiom’s ↔ the file', name),
            { preview: true },
          );
          const sure = await confirm(
            fresh
              ? localize('Update the dashboard “{0}” in Axiom as shown?', name)
              : localize('Create the dashboard “{0}” in Axiom?', name),
            fresh
              ? localize('The whole dashboard becomes the file’s, sent with the version just read.')
              : localize('It is created from the file.'),
            fresh ? localize('Update') : localize('Create'),
          );
          if (!sure) return undefined;
        }
        const written = fresh
          ? await client.updateDashboard(fresh.resource.uid, { dashboard: document, version: fresh.resource.version })
          : await client.createDashboard(uid === undefined ? { dashboard: document } : { dashboard: document, uid });
        return written.record.resource;
      });
      if (applied) view.updated(applied);
      return applied;
    },

    dispose(): void {
      comparisons.dispose();
    },
  };
}
