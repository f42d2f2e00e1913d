// The "dashboards" bundle (src/features.ts): the Dashboards view, the commands on its rows and title
// bar, Apply Dashboard File, and the dashboards' JSON documents that save back to Axiom (issue 41).
// Loaded when the view is first shown, one of its commands first runs, or a dashboard document is read.
import * as vscode from 'vscode';
import type { DashboardResource } from '../core/api/dashboards';
import type { ClientAccess } from '../platform/clientAccess';
import { COMMANDS } from '../platform/constants';
import type { LazyTree } from '../platform/lazyEntries';
import type { ListElement } from '../platform/listView';
import type { Log } from '../platform/log';
import type { Deployments } from '../platform/webApp';
import { dashboardCommands, type DashboardTarget } from './dashboardCommands';
import { DashboardFiles } from './dashboardFiles';
import { DashboardsView } from './dashboardsView';

export interface DashboardsDeps {
  tree: LazyTree<ListElement<DashboardResource>>;
  access: ClientAccess;
  deployments: Deployments;
  /** How a person reads a deployment's name ('' is the settings deployment). */
  labelOf: (deployment: string) => string;
  log: Log;
  /** Where the dashboards' drafts are kept (the editor's global storage). */
  memory: vscode.Memento;
}

/** The dashboards feature, made once: its view, its documents, and its commands as functions. */
export function createDashboards(deps: DashboardsDeps) {
  const view = new DashboardsView({ tree: deps.tree, access: deps.access, log: deps.log });
  const refusals = vscode.languages.createDiagnosticCollection('axiom-dashboard-save');
  const files = new DashboardFiles({
    connection: deps.access,
    log: deps.log,
    onSaved: (record) => view.updated(record.resource),
    labelOf: deps.labelOf,
    refusals,
    memory: deps.memory,
  });
  const rows = dashboardCommands({ access: deps.access, deployments: deps.deployments, log: deps.log, view, files });
  const commands = {
    [COMMANDS.refreshDashboards]: () => view.refresh(),
    [COMMANDS.filterDashboards]: (arg?: unknown) => view.filter(arg),
    [COMMANDS.clearDashboardsFilter]: () => view.clearFilter(),
    [COMMANDS.openDashboard]: rows.open,
    [COMMANDS.openDashboardInAxiom]: rows.openInAxiom,
    [COMMANDS.previewDashboardRow]: rows.preview,
    [COMMANDS.copyDashboardLink]: rows.copyLink,
    [COMMANDS.duplicateDashboard]: rows.duplicate,
    [COMMANDS.deleteDashboard]: rows.delete,
    // Only the arguments any caller may give: a folder given opens the dialog there (`own` takes it).
    [COMMANDS.exportDashboard]: (arg?: DashboardTarget, folder?: unknown) => rows.exportOne(arg, folder),
    [COMMANDS.exportAllDashboards]: (folder?: unknown) => rows.exportAll(folder),
    [COMMANDS.applyDashboardFile]: (arg?: unknown) => rows.apply(arg),
  };
  return {
    view,
    /** The axiom-dashboard: file system, which activation registered (its declaration's fileSystem). */
    files,
    commands,
    /** The commands as the extension's own code (and its tests) calls them: no question first. */
    own: {
      deleteDashboard: rows.delete,
      applyDashboardFile: (uri: vscode.Uri) => rows.apply(uri, { confirmed: true }),
      exportDashboard: (arg: DashboardTarget, folder: vscode.Uri) => rows.exportOne(arg, folder, { chosen: true }),
      exportAllDashboards: (folder: vscode.Uri) => rows.exportAll(folder, { chosen: true }),
    },
    dispose(): void {
      view.dispose();
      files.dispose();
      refusals.dispose();
      rows.dispose();
    },
  };
}

export type DashboardsFeature = ReturnType<typeof createDashboards>;
