import * as vscode from 'vscode';
import type { Connection } from '../accounts/connection';
import type { Deployment } from '../core/accounts/deployments';
import type { AxiomClient } from '../core/api/client';
import { adviceFor } from '../core/api/errorAdvice';
import { isAxiomError } from '../core/api/errors';
import type { Phrase } from '../core/phrase';
import { COMMANDS } from './constants';
import type { Log } from './log';
import { showAdvice } from './showAdvice';

/**
 * Does `work` with the window's API client, once; a failure is said with the actions that help,
 * and `work` runs again only when the person chooses Retry (or sets a new token), with the client
 * taken afresh. Without a token it offers Set API Token first. Undefined when it did not happen.
 * `doing` names the work, as the start of the failure's sentence ("Renaming “x”"). `work` is also
 * told the deployment the client speaks to.
 */
export async function attempt<T>(deps: { connection: Connection; log: Log }, doing: Phrase, work: (client: AxiomClient, deployment: Deployment) => Promise<T>): Promise<T | undefined> {
  for (;;) {
    try {
      const { client, deployment } = await deps.connection.session();
      if (!client) {
        const setToken = vscode.l10n.t('Set API Token');
        const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Set an Axiom API token first.'), setToken);
        if (choice === setToken && (await vscode.commands.executeCommand<boolean>(COMMANDS.setToken))) continue;
        return undefined;
      }
      return await work(client, deployment);
    } catch (error) {
      if (isAxiomError(error) && error.kind === 'cancelled') return undefined;
      const advice = adviceFor(error, doing);
      deps.log.error(advice.message);
      if ((await showAdvice(advice)) !== 'retry') return undefined;
    }
  }
}
