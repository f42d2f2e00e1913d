// Turns a failure into one sentence for a person and the actions that can help.
import { AxiomError, isAxiomError } from './errors';
import { formatDate } from '../format';
import { maskSecrets } from './secrets';

export type AdviceAction = 'retry' | 'setToken' | 'openSettings' | 'showLog';

export interface Advice {
  message: string;
  actions: AdviceAction[];
}

export function adviceFor(error: unknown, doing: string): Advice {
  return { message: `${doing} failed: ${reasonFor(error)}`, actions: isAxiomError(error) ? actionsFor(error) : ['retry', 'showLog'] };
}

/** Why it failed, as the second half of a sentence; safe to show (secrets masked). */
export function reasonFor(error: unknown): string {
  if (isAxiomError(error)) return sentence(error);
  return maskSecrets(error instanceof Error ? error.message : String(error));
}

function sentence(error: AxiomError): string {
  const said = error.serviceMessage ? ` Axiom said: “${error.serviceMessage}”.` : '';
  switch (error.kind) {
    case 'auth':
      return `the token was not accepted (401).${said} Set a valid API token.`;
    case 'forbidden':
      return `the token is not allowed to do this (403).${said} Check its capabilities, or set another token.`;
    case 'notFound':
      return `not found (404).${said}`;
    case 'rateLimited':
      return error.retryAt ? `rate limited until ${formatDate(error.retryAt)}.` : `rate limited.${said}`;
    case 'badRequest':
      return `Axiom refused the request (${error.status ?? 'error'}).${said}`;
    case 'server':
      return error.serviceMessage ? `Axiom had a problem (${error.status}).${said} Try again shortly.` : `${error.message} Try again shortly.`;
    default:
      return error.message;
  }
}

function actionsFor(error: AxiomError): AdviceAction[] {
  switch (error.kind) {
    case 'auth':
    case 'forbidden':
      return ['retry', 'setToken', 'showLog'];
    case 'config':
      return ['openSettings', 'showLog'];
    case 'badRequest':
    case 'network':
      return ['retry', 'openSettings', 'showLog'];
    case 'cancelled':
      return [];
    default:
      return ['retry', 'showLog'];
  }
}
