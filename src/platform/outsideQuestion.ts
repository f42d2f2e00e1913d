// The question a command that changes something asks first when called from outside the
// extension (platform/outsideCallers.ts): a library of its own (declarations.ts's LIBRARIES),
// loaded the first time one is asked, not at activation. And the one question a command that
// changes a record asks itself when called from outside, naming the record as Axiom has it.
import * as vscode from 'vscode';
import { argumentsAsData } from '../core/argumentsAsData';
import { plainData } from '../core/plainData';
import { confirm } from './confirm';
import type { ChangingName } from './declarations';
import { localize, translated } from './l10n';

/** What each command that changes something does, as the question names it (in English: translated when asked). */
const DOES: { readonly [Name in ChangingName]: string } = {
  signIn: 'sign in to Axiom',
  setToken: 'set the Axiom API token',
  signOut: 'sign out of Axiom',
  switchDeployment: 'switch the Axiom deployment',
  addDeployment: 'add an Axiom deployment',
  importCliConfig: 'import deployments from the Axiom CLI',
  renameDeployment: 'rename an Axiom deployment',
  removeDeployment: 'remove an Axiom deployment',
  starMonitorQuery: 'star a monitor’s query',
  deleteMonitor: 'delete a monitor',
  disableMonitor: 'disable a monitor',
  enableMonitor: 'enable a monitor',
  snoozeMonitor: 'snooze a monitor',
  applyMonitorFile: 'apply a monitor file',
  starQuery: 'star an APL query',
  renameStarredQuery: 'rename a starred query',
  deleteStarredQuery: 'delete a starred query',
  starHistoryQuery: 'star a query of the history',
  removeHistoryEntry: 'remove a query from the history',
  clearQueryHistory: 'clear the query history',
  addAnnotation: 'add an annotation',
  deleteAnnotation: 'delete an annotation',
  duplicateDashboard: 'duplicate a dashboard',
  deleteDashboard: 'delete a dashboard',
  applyDashboardFile: 'apply a dashboard file',
  addToDashboard: 'add a chart to an Axiom dashboard',
  sendToAxiom: 'send a draft to Axiom',
  discardDraft: 'discard a draft',
  showLogActivity: 'turn on log activity for this workspace (queries Axiom while files are shown)',
  hideLogActivity: 'turn off log activity for this workspace',
  showProductionErrors: 'turn on production errors for this workspace (queries Axiom while on)',
  hideProductionErrors: 'turn off production errors for this workspace',
  tailDataset: 'tail a dataset (queries Axiom every few seconds while its panel shows)',
  tailQuery: 'tail a query (queries Axiom every few seconds while its panel shows)',
};

/**
 * The arguments of a call from outside as plain data, each part read once (core/plainData.ts),
 * before any question: the caller's object may answer one id while the question is asked and
 * another after (a getter, a proxy), so nothing the command does reads it again. A URI is rebuilt
 * from its parts, so that a command can still take one (a file to apply, from the Explorer's menu).
 */
export function plainArguments(args: readonly unknown[]): unknown[] {
  return args.map((arg) => plainData(arg, uriAsData));
}

/** A copy of `value` when it is a URI, from its parts read once; undefined for anything else. */
function uriAsData(value: object): vscode.Uri | undefined {
  if (!(value instanceof vscode.Uri)) return undefined;
  const { scheme, authority, path, query, fragment } = value;
  try {
    return vscode.Uri.from({
      scheme: String(scheme),
      authority: String(authority),
      path: String(path),
      query: String(query),
      fragment: String(fragment),
    });
  } catch {
    return undefined;
  }
}

/** The modal question a changing command asks first when called from outside: true to go on. */
export function askFirst(id: string, name: ChangingName, args: readonly unknown[]): Promise<boolean> {
  const action = localize('Allow');
  return confirm(
    localize('Another extension, a link or a keybinding asks to {0}. Allow it?', translated(DOES)[name]),
    localize(
      'The command {0} was called from outside the Axiom extension with the data below. Nothing changes unless you choose {1}.\n\n{2}',
      id,
      action,
      argumentsAsData(args),
    ),
    action,
  );
}

/** A record as Axiom has it now, read by the id a call from outside gave. */
export interface RecordAsRead {
  readonly name: string;
  readonly id: string;
}

/**
 * The one question a command that changes a record (declared `asks: 'itself'`) asks when called
 * from outside: what it does, and the record as Axiom has it now, by the name and id read from
 * Axiom (never the caller's words), both shown as data. `then`: what follows from it and its
 * button (a delete's own), else Allow. True to go on.
 */
export function askAboutRecord(
  name: ChangingName,
  record: RecordAsRead,
  then?: { detail: string; action: string },
): Promise<boolean> {
  const action = then?.action ?? localize('Allow');
  const nothingElse = localize('Nothing changes unless you choose {0}.', action);
  return confirm(
    localize(
      'Another extension, a link or a keybinding asks to {0}: {1} (id {2}), as Axiom has it now. Allow it?',
      translated(DOES)[name],
      argumentsAsData([record.name]),
      argumentsAsData([record.id]),
    ),
    then ? `${then.detail}\n\n${nothingElse}` : nothingElse,
    action,
  );
}
