// Turns a failure into one sentence for a person and the actions that can help.
import { formatDate } from '../format';
import { phrase, type Phrase } from '../phrase';
import { AxiomError, isAxiomError } from './errors';
import { maskSecrets } from './secrets';

/** The code of the error that refuses a query reading datasets on two edges (edges.ts). */
export const TWO_EDGES = 'two_edges';
/** The code of the error for a dataset on an edge whose address is not known (edges.ts). */
export const UNKNOWN_EDGE = 'unknown_edge';
/** The code of the error an edge's refusal of the token becomes: the sentence says which kind it needs. */
export const EDGE_TOKEN_KIND = 'edge_token_kind';

/** The code of a 429 for the query-cost budget (X-QueryLimit-*): its words say which budget and when it resets. */
export const QUERY_BUDGET = 'query_budget';

export type AdviceAction = 'retry' | 'signIn' | 'setToken' | 'openSettings' | 'showLog';

export interface Advice {
  message: Phrase;
  actions: AdviceAction[];
  /** The setting Open Settings shows (`axiom.url`, say); absent = all of the extension's. */
  setting?: string;
}

/** `doing` names what failed, as the start of the sentence: "Loading monitors". */
export function adviceFor(error: unknown, doing: Phrase | string): Advice {
  const advice: Advice = {
    message: phrase('{0} failed: {1}', doing, reasonFor(error)),
    actions: isAxiomError(error) ? actionsFor(error) : ['retry', 'showLog'],
  };
  if (isAxiomError(error) && error.setting) advice.setting = error.setting;
  return advice;
}

/** Why it failed, as the second half of a sentence; safe to show (secrets masked). */
export function reasonFor(error: unknown): Phrase | string {
  if (isAxiomError(error)) return sentence(error);
  return maskSecrets(error instanceof Error ? error.message : String(error));
}

function sentence(error: AxiomError): Phrase | string {
  const said = error.serviceMessage;
  if (
    error.code === SIGN_IN_EXPIRED ||
    error.code === EDGE_TOKEN_KIND ||
    error.code === TWO_EDGES ||
    error.code === QUERY_BUDGET
  )
    return error.phrase;
  switch (error.kind) {
    case 'auth':
      return said
        ? phrase('the token was not accepted (401). Axiom said: “{0}”. Set a valid API token.', said)
        : phrase('the token was not accepted (401). Set a valid API token.');
    case 'forbidden':
      return said
        ? phrase(
            'the token is not allowed to do this (403). Axiom said: “{0}”. Check its capabilities, or set another token.',
            said,
          )
        : phrase('the token is not allowed to do this (403). Check its capabilities, or set another token.');
    case 'notFound':
      return said ? phrase('not found (404). Axiom said: “{0}”.', said) : phrase('not found (404).');
    case 'rateLimited':
      if (error.retryAt) return phrase('rate limited until {0}.', formatDate(error.retryAt));
      return said ? phrase('rate limited. Axiom said: “{0}”.', said) : phrase('rate limited.');
    case 'queryLimited':
      if (error.retryAt)
        return phrase(
          'the query limit of the Axiom organisation is reached (430); it resets at {0}.',
          formatDate(error.retryAt),
        );
      return said
        ? phrase(
            'the query limit of the Axiom organisation is reached (430). Axiom said: “{0}”. Wait for the limit to reset, or ask an admin of the organisation about its plan.',
            said,
          )
        : phrase(
            'the query limit of the Axiom organisation is reached (430). Wait for the limit to reset, or ask an admin of the organisation about its plan.',
          );
    case 'badRequest':
      if (error.compile) return phrase('the query does not compile: {0}', error.compile.message);
      return said
        ? phrase('Axiom refused the request ({0}). Axiom said: “{1}”.', error.status ?? 'error', said)
        : phrase('Axiom refused the request ({0}).', error.status ?? 'error');
    case 'conflict':
      return phrase(
        'it changed in Axiom since it was read ({0}): send again to compare the two or overwrite Axiom’s version.',
        error.status ?? 'conflict',
      );
    case 'server':
      return said
        ? phrase('Axiom had a problem ({0}). Axiom said: “{1}”. Try again shortly.', error.status ?? '', said)
        : phrase('{0} Try again shortly.', error.phrase);
    default:
      return error.phrase;
  }
}

/** The code of a browser sign-in that could not be renewed (see accounts/tokenRefresh.ts). */
const SIGN_IN_EXPIRED = 'sign_in_expired';

function actionsFor(error: AxiomError): AdviceAction[] {
  if (error.code === SIGN_IN_EXPIRED) return ['signIn', 'showLog'];
  if (error.code === EDGE_TOKEN_KIND) return ['setToken', 'showLog'];
  if (error.code === TWO_EDGES) return ['showLog'];
  switch (error.kind) {
    case 'auth':
    case 'forbidden':
      return ['retry', 'setToken', 'showLog'];
    case 'config':
      return ['openSettings', 'showLog'];
    case 'badRequest':
      return error.compile ? ['showLog'] : ['retry', 'openSettings', 'showLog'];
    case 'network':
      return ['retry', 'openSettings', 'showLog'];
    case 'cancelled':
      return [];
    case 'queryLimited':
      return ['showLog'];
    default:
      return ['retry', 'showLog'];
  }
}
