// The steps of Axiom: Test Connection and what each one's outcome holds. Apart from
// connectionCheck.ts, which does the work, so that the command can name the steps without loading it.
import type { AdviceAction } from '../api/errorAdvice';
import { phrase, type Phrase } from '../phrase';

export type CheckStep = 'url' | 'proxy' | 'dns' | 'tcp' | 'tls' | 'auth' | 'monitors' | 'edges';

export const STEP_NAMES: Record<CheckStep, Phrase> = {
  url: phrase('URL'),
  proxy: phrase('Proxy'),
  dns: phrase('DNS'),
  tcp: phrase('TCP'),
  tls: phrase('TLS'),
  auth: phrase('Authentication'),
  monitors: phrase('Monitors permission'),
  edges: phrase('Edge deployments'),
};

export interface StepOutcome {
  step: CheckStep;
  status: 'ok' | 'skipped' | 'failed';
  detail: Phrase | string;
  /** For a failed step: what helps. */
  actions: AdviceAction[];
  ms: number;
}
