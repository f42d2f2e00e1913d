import * as vscode from 'vscode';
import type { Monitor } from '../core/api/schemas';
import { isAxiomError } from '../core/api/errors';
import type { JsonObject } from '../core/json';
import { checkMonitor, checkQueryShape, type MonitorProblem } from '../core/monitors/monitorChecks';
import { monitorDocumentLocation, monitorDocumentPath, queryBody, queryField, queryText, readSettingsText, samePart, settingsBody, settingsText, type MonitorPart } from '../core/monitors/monitorDocuments';
import { MONITOR_REMOTE_SCHEME, MONITOR_SCHEME } from '../core/monitors/monitorScheme';
import { phrase } from '../core/phrase';
import { deploymentUriQuery, type RecordLocation } from '../core/recordUri';
import type { ClientAccess } from '../platform/clientAccess';
import { APL_LANGUAGE_ID } from '../platform/constants';
import { say } from '../platform/l10n';
import type { Log } from '../platform/log';
import { RecordFiles, type RecordKind } from '../platform/recordFiles';

/** A monitor read to be changed, with its name (what RecordFiles says it by). */
export interface MonitorDocumentRecord {
  monitor: Monitor;
  raw: JsonObject;
  name: string;
}

/** Why a save of a monitor's document failed: the problems found before sending, or the service's words. */
export interface SaveFailure {
  id: string;
  part: MonitorPart;
  problems: MonitorProblem[];
  serviceMessage?: string;
}

interface Deps {
  connection: ClientAccess;
  log: Log;
  /** Told of each monitor saved here, for its row. */
  onSaved(monitor: Monitor): void;
  labelOf(deployment: string): string;
}

/** The problems that stop a save, said in one sentence each ("Threshold: A threshold monitor needs a threshold."). */
function problemsText(problems: readonly MonitorProblem[]): string {
  return problems
    .filter((p) => p.level === 'error')
    .map((p) => say(p.reason))
    .join(' ');
}

/**
 * A monitor as two documents (see monitorDocuments.ts): its query and its settings, each saved
 * with one PUT of the record read afresh with only what it changes changed. Problems the service
 * would refuse are found before sending and stop the save with their reasons; the settings form
 * hears of every failed save (onDidFailSave) to show the reason at its field.
 */
export class MonitorFiles extends RecordFiles<MonitorDocumentRecord> {
  private readonly failures = new vscode.EventEmitter<SaveFailure>();
  readonly onDidFailSave = this.failures.event;

  constructor(deps: Deps) {
    const named = (record: { monitor: Monitor; raw: JsonObject }): MonitorDocumentRecord => ({ ...record, name: record.monitor.name });
    const fail = (id: string, part: MonitorPart, problems: MonitorProblem[], serviceMessage?: string) => this.failures.fire({ id, part, problems, serviceMessage });
    const kind: RecordKind<MonitorDocumentRecord> = {
      scheme: MONITOR_SCHEME,
      remoteScheme: MONITOR_REMOTE_SCHEME,
      locate: (uri) => monitorDocumentLocation(uri.path, uri.query),
      get: async (client, id) => named(await client.getMonitor(id)),
      put: async (client, id, body) => named(await client.updateMonitor(id, body)),
      text: (raw, part) => (part === 'query' ? queryText(raw) : settingsText(raw)),
      same: samePart,
      body: (fresh, base, part, text) => {
        const id = String(fresh.id ?? '');
        if (part === 'query') {
          const problems = queryField(fresh) === 'aplQuery' ? checkQueryShape(String(fresh.type ?? ''), text).filter((p) => p.level === 'error') : [];
          if (problems.length) {
            fail(id, part as MonitorPart, problems);
            throw new vscode.FileSystemError(vscode.l10n.t('“{0}” was not saved: {1}', String(fresh.name ?? ''), problemsText(problems)));
          }
          return queryBody(fresh, text);
        }
        const read = readSettingsText(text);
        if (!read.ok) throw new vscode.FileSystemError(vscode.l10n.t('The settings were not saved: {0}', say(read.problem)));
        const body = settingsBody(fresh, base, read.definition);
        const problems = checkMonitor(body).filter((p) => p.level === 'error');
        if (problems.length) {
          fail(id, part as MonitorPart, problems);
          throw new vscode.FileSystemError(vscode.l10n.t('“{0}” was not saved: {1}', String(fresh.name ?? ''), problemsText(problems)));
        }
        return body;
      },
      onSaved: (record) => deps.onSaved(record.monitor),
      failed: (location, error) => fail(location.id, location.part as MonitorPart, [], isAxiomError(error) ? (error.serviceMessage ?? error.message) : undefined),
      labelOf: deps.labelOf,
      words: {
        opening: phrase('Opening the monitor'),
        saving: phrase('Saving the monitor'),
        comparing: phrase('Comparing with Axiom’s version'),
        savingNamed: 'Saving “{0}”',
        deleted: 'This monitor was deleted in Axiom; your text is kept.',
        otherDeployment: 'This monitor was opened from the deployment “{0}”, but this window now uses “{1}”: nothing was sent. Switch back to “{0}” to save it; your text is kept.',
        listed: 'Monitors are listed in the Monitors view.',
        created: 'Monitors are created with Axiom: New Monitor from Query.',
        deleteFrom: 'Delete a monitor from the Monitors view.',
        renameFrom: 'Rename a monitor in its settings.',
        conflictQuestion: '“{0}” changed in Axiom since you opened it. Overwrite Axiom’s version with yours, or compare the two first?',
        notSavedCompare: '“{0}” was not saved: it changed in Axiom. Compare the two, then save again to overwrite Axiom’s.',
        notSavedChanged: '“{0}” was not saved: it changed in Axiom since you opened it.',
        compareTitle: '“{0}”: Axiom’s ↔ yours',
      },
    };
    super(kind, deps.connection, deps.log);
    this.subscriptions.push(this.failures);
  }

  /** Where a part of a monitor of the deployment lives: an open document of it, if there is one. */
  uriFor(deployment: string, monitor: { id: string; name: string }, part: MonitorPart): vscode.Uri {
    return (
      this.documentsOf({ id: monitor.id, deployment, part })[0]?.uri ??
      vscode.Uri.from({ scheme: MONITOR_SCHEME, path: monitorDocumentPath(monitor.id, monitor.name, part), query: deploymentUriQuery(deployment) })
    );
  }

  /** The location a monitor document's URI names, if it is one. */
  locate(uri: vscode.Uri): RecordLocation | undefined {
    return uri.scheme === MONITOR_SCHEME ? monitorDocumentLocation(uri.path, uri.query) : undefined;
  }

  /** Opens the monitor's query (as Axiom APL, for an APL query) and its settings beside it. */
  async open(deployment: string, monitor: Monitor): Promise<{ query: vscode.TextEditor }> {
    let document = await vscode.workspace.openTextDocument(this.uriFor(deployment, monitor, 'query'));
    if (monitor.aplQuery !== undefined && document.languageId !== APL_LANGUAGE_ID) document = await vscode.languages.setTextDocumentLanguage(document, APL_LANGUAGE_ID);
    const query = await vscode.window.showTextDocument(document, { preview: false, viewColumn: vscode.ViewColumn.Active });
    await vscode.commands.executeCommand('vscode.open', this.uriFor(deployment, monitor, 'settings'), { viewColumn: vscode.ViewColumn.Beside, preview: false, preserveFocus: true });
    return { query };
  }
}
