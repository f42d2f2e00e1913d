import * as vscode from 'vscode';
import type { Deployment } from '../core/accounts/deployments';
import type { AxiomClient } from '../core/api/client';
import { adviceFor } from '../core/api/errorAdvice';
import { isAxiomError } from '../core/api/errors';
import type { Phrase } from '../core/phrase';
import type { RateLimit } from '../core/api/requestBudget';
import type { Log } from './log';
import { showAdvice, type AdviceHandlers } from './showAdvice';
import { localize } from './l10n';

/** What a feature needs of the accounts feature to speak to the service: the window's deployment
 *  and its client, word when either changes, and a way to ask the person for a token. */
export interface ClientAccess {
  /** The deployment this window uses and its client (undefined when it has no token), taken
   *  together; a `config` AxiomError for settings that cannot be used. */
  session(): Promise<{ deployment: Deployment; client: AxiomClient | undefined }>;
  /** The deployment alone (no token read). */
  deployment(): Promise<Deployment>;
  /** The client alone (undefined without a token). */
  client(): Promise<AxiomClient | undefined>;
  /** Fires when a token, a deployment or a setting a connection is made of changes. */
  readonly onDidChange: vscode.Event<void>;
  /** Hears the rate-limit headers of every answer, for whoever paces background requests. */
  readonly onRateLimit: vscode.Event<RateLimit>;
  /** What a failure's actions do: Set API Token (true when a token was set), Sign In, Show Log. */
  readonly handlers: AdviceHandlers;
}

/**
 * The one way to do something with the window's API client. Without a token it says `why` (by
 * default "Sign in to Axiom or set an API token first.") with Sign in with Axiom and Set API
 * Token; a failure is said as `doing` failing, with the actions that help, logged, and `work` runs again only when the person chooses
 * Retry (or sets a new token), with the client taken afresh. `work` is also told the deployment
 * the client speaks to. Undefined when it did not happen (cancelled included).
 */
export async function withClient<T>(
  access: ClientAccess,
  how: { doing: Phrase; why?: string; log: Log },
  work: (client: AxiomClient, deployment: Deployment) => Promise<T>,
): Promise<T | undefined> {
  for (;;) {
    try {
      const { client, deployment } = await access.session();
      if (!client) {
        const signIn = localize('Sign in with Axiom');
        const setToken = localize('Set API Token');
        const choice = await vscode.window.showWarningMessage(
          how.why ?? localize('Sign in to Axiom or set an API token first.'),
          signIn,
          setToken,
        );
        if (choice === signIn && (await access.handlers.signIn())) continue;
        if (choice === setToken && (await access.handlers.askForToken())) continue;
        return undefined;
      }
      return await work(client, deployment);
    } catch (error) {
      if (isAxiomError(error) && error.kind === 'cancelled') return undefined;
      const advice = adviceFor(error, how.doing);
      how.log.error(advice.message);
      if ((await showAdvice(advice, access.handlers)) !== 'retry') return undefined;
    }
  }
}

/** The window's client for work that handles its own failures: asked for as withClient does. */
export function clientFor(
  access: ClientAccess,
  how: { doing: Phrase; why?: string; log: Log },
): Promise<AxiomClient | undefined> {
  return withClient(access, how, async (client) => client);
}
