// Where log activity and production errors read: `axiom.logs.dataset` and its message field. When
// unset, the person is asked once (the datasets to choose from, the message field chosen from the
// dataset's fields by its usual names, else asked too) and the answer is kept in the workspace's
// settings; a poll never asks (it says what is missing instead).
import * as vscode from 'vscode';
import type { AxiomClient } from '../core/api/client';
import type { LogSource } from '../core/code/logActivityQuery';
import { phrase } from '../core/phrase';
import { withClient, type ClientAccess } from '../platform/clientAccess';
import { localize } from '../platform/l10n';
import type { Log } from '../platform/log';
import { CODE_ACTIVITY_SETTINGS, keepText, textSetting } from './codeActivitySettings';

/** Usual names of the field a log line's message is in, in the order they are preferred. */
const MESSAGE_FIELDS = ['message', 'msg', 'body', 'log', '@message', 'attributes.message', 'event', 'text'];

/** The settings' source, when both are set. */
export function settledSource(): LogSource | undefined {
  const dataset = textSetting(CODE_ACTIVITY_SETTINGS.logsDataset);
  const messageField = textSetting(CODE_ACTIVITY_SETTINGS.logsMessageField);
  return dataset && messageField ? { dataset, messageField } : undefined;
}

/** The message field of a dataset's fields by its usual names; undefined when none is there. */
export function usualMessageField(fields: readonly string[]): string | undefined {
  return MESSAGE_FIELDS.find((name) => fields.includes(name));
}

/** The settings' source, or the one the person chooses now (signing in first if need be). */
export async function askSource(access: ClientAccess, log: Log): Promise<LogSource | undefined> {
  return (
    settledSource() ??
    (await withClient(access, { doing: phrase('reading the datasets'), log }, (c) => chooseSource(c)))
  );
}

/** The source, asking the person for what the settings lack (and keeping it); undefined when they
 *  chose nothing. */
export async function chooseSource(client: AxiomClient): Promise<LogSource | undefined> {
  const settled = settledSource();
  if (settled) return settled;
  let dataset = textSetting(CODE_ACTIVITY_SETTINGS.logsDataset);
  if (!dataset) {
    const datasets = (await client.listDatasets()).map((d) => d.name);
    const picked = await vscode.window.showQuickPick(
      datasets.map((name) => ({ label: name })),
      { title: localize('Which dataset holds the logs of this workspace’s code?'), placeHolder: localize('A dataset') },
    );
    if (!picked) return undefined;
    dataset = picked.label;
    await keepText(CODE_ACTIVITY_SETTINGS.logsDataset, dataset);
  }
  const fields = (await client.listFields(dataset)).map((f) => f.name);
  let messageField = textSetting(CODE_ACTIVITY_SETTINGS.logsMessageField) || usualMessageField(fields);
  if (!messageField) {
    const picked = await vscode.window.showQuickPick(
      fields.map((name) => ({ label: name })),
      { title: localize('Which field of {0} holds a log line’s message?', dataset), placeHolder: localize('A field') },
    );
    if (!picked) return undefined;
    messageField = picked.label;
  }
  await keepText(CODE_ACTIVITY_SETTINGS.logsMessageField, messageField);
  return { dataset, messageField };
}
