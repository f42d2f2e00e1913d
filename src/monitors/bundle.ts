// The "monitors" bundle (src/features.ts): the Monitors view with its status poller, and the
// commands on its rows. Loaded when the view is first shown or one of its commands first runs.
import type * as vscode from 'vscode';
import type { Monitor } from '../core/api/schemas';
import type { RecordedRun } from '../core/history/historyStore';
import { MONITOR_WORDS } from '../core/monitors/monitorVocabulary';
import type { BackgroundRequests } from '../platform/backgroundRequests';
import type { ClientAccess } from '../platform/clientAccess';
import { COMMANDS } from '../platform/constants';
import { translated } from '../platform/l10n';
import type { LazyTree } from '../platform/lazyEntries';
import type { ListElement } from '../platform/listView';
import type { Log } from '../platform/log';
import type { Deployments } from '../platform/webApp';
import type { MonitorRow } from '../core/monitors/monitorRows';
import { copyMonitorQueryCommand } from './copyMonitorQuery';
import { dryRunCommand } from './dryRunPanel';
import { monitorEditCommands } from './monitorEditCommands';
import { monitorFileCommands } from './monitorFileCommands';
import { MonitorFiles } from './monitorFiles';
import { MonitorForms } from './monitorForm';
import { MonitorsView } from './monitorsView';
import { openMonitorInAxiomCommand } from './openMonitorInAxiom';
import { openMonitorQueryCommand } from './openMonitorQuery';
import { showMonitorHistoryCommand } from './showMonitorHistory';
import { starMonitorQueryCommand, type StarQuery } from './starMonitorQuery';

export interface MonitorsDeps {
  tree: LazyTree<ListElement<MonitorRow>>;
  /** How a person reads a deployment's name ('' is the settings deployment). */
  labelOf: (deployment: string) => string;
  /** Where the dry run's page is (dist/webview). */
  extensionUri: vscode.Uri;
  access: ClientAccess;
  /** The window's one budget for background requests (the accounts feature's). */
  background: BackgroundRequests;
  deployments: Deployments;
  log: Log;
  /** Where the monitors' drafts are kept (the editor's global storage). */
  memory: vscode.Memento;
  /** The starred feature's Star Query flow, for Star Query on a monitor. */
  starQuery: StarQuery;
  /** Records a run in the query history (the history feature's record): dry runs go there. */
  record?: (run: RecordedRun) => void;
  /** Heard when an annotation was added, changed or deleted: the dry runs' charts read theirs again. */
  onAnnotationsChanged?: vscode.Event<void>;
}

/** The monitors feature, made once: its view and its commands as functions. */
export function createMonitors(deps: MonitorsDeps) {
  // The notification's buttons call the commands below (made just after the view). The words rows,
  // hovers and statuses are made of, in the display language: translated once, here.
  const view = new MonitorsView(deps.tree, deps.access, deps.background, deps.log, translated(MONITOR_WORDS), {
    openQuery: (monitor: Monitor) => openQuery(monitor),
    openInAxiom: (monitor: Monitor) => openInAxiom(monitor),
  });
  const openQuery = openMonitorQueryCommand(view);
  const files = new MonitorFiles({
    connection: deps.access,
    log: deps.log,
    onSaved: (monitor) => view.updated(monitor),
    labelOf: deps.labelOf,
    memory: deps.memory,
  });
  const edits = monitorEditCommands({ access: deps.access, log: deps.log, view, files });
  const asFiles = monitorFileCommands({ access: deps.access, log: deps.log, view });
  const dryRun = dryRunCommand({
    access: deps.access,
    log: deps.log,
    view,
    files,
    extensionUri: deps.extensionUri,
    record: deps.record,
    editSetting: (uri, key, value) => forms.editField(uri, key, value),
    onAnnotationsChanged: deps.onAnnotationsChanged,
  });
  const forms = new MonitorForms({
    access: deps.access,
    log: deps.log,
    files,
    extensionUri: deps.extensionUri,
    dryRun,
    openQuery: (uri) => files.openQueryOf(uri),
  });
  const openInAxiom = openMonitorInAxiomCommand(view, deps.deployments, deps.access.handlers);
  const commands = {
    [COMMANDS.refreshMonitors]: () => view.refresh(),
    [COMMANDS.openMonitorQuery]: openQuery,
    [COMMANDS.openMonitorQueryInNewTab]: openQuery,
    [COMMANDS.copyMonitorQuery]: copyMonitorQueryCommand(view),
    [COMMANDS.openMonitorInAxiom]: openInAxiom,
    [COMMANDS.starMonitorQuery]: starMonitorQueryCommand(view, deps.starQuery),
    [COMMANDS.showMonitorHistory]: showMonitorHistoryCommand(view, deps.access, deps.log),
    [COMMANDS.monitorsTriggeredFirst]: () => view.setArrangement({ triggeredFirst: true }),
    [COMMANDS.monitorsByName]: () => view.setArrangement({ triggeredFirst: false }),
    [COMMANDS.monitorsOnlyTriggered]: () => view.setArrangement({ onlyTriggered: true }),
    [COMMANDS.monitorsShowAll]: () => view.setArrangement({ onlyTriggered: false }),
    [COMMANDS.showMoreMonitors]: (shownByRow?: unknown) => view.showMore(shownByRow),
    [COMMANDS.filterMonitors]: (arg?: unknown) => view.filter(arg),
    [COMMANDS.clearMonitorsFilter]: () => view.clearFilter(),
    [COMMANDS.editMonitor]: edits.edit,
    [COMMANDS.deleteMonitor]: edits.delete,
    [COMMANDS.disableMonitor]: edits.disable,
    [COMMANDS.enableMonitor]: edits.enable,
    [COMMANDS.snoozeMonitor]: edits.snooze,
    [COMMANDS.duplicateMonitor]: edits.duplicate,
    [COMMANDS.newMonitorFromQuery]: edits.newFromQuery,
    [COMMANDS.exportMonitor]: asFiles.exportOne,
    [COMMANDS.exportAllMonitors]: asFiles.exportAll,
    [COMMANDS.applyMonitorFile]: asFiles.apply,
    [COMMANDS.dryRunMonitor]: dryRun,
  };
  const disposables: vscode.Disposable[] = [view, forms, edits, files, asFiles];
  return {
    view,
    /** The axiom-monitor: file system, which activation registered (its declaration's fileSystem). */
    files,
    forms,
    commands,
    /** A monitor's query in a new tab (Run from a monitor's row opens it first). */
    openQuery,
    /** The dry run command, with its pages' messages (for the tests inside VS Code). */
    dryRun,
    dispose: () => {
      for (const disposable of disposables) disposable.dispose();
    },
  };
}

export type MonitorsFeature = ReturnType<typeof createMonitors>;
