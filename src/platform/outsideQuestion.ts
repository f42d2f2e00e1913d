// The question a command that changes something asks first when called from outside the
// extension (platform/outsideCallers.ts): a library of its own (declarations.ts's LIBRARIES),
// loaded the first time one is asked, not at activation.
import { argumentsAsData } from '../core/argumentsAsData';
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
};

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
