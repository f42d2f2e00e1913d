// The steps of Axiom: Test Connection and what each one's outcome holds. Apart from
// connectionCheck.ts, which does the work, so that the command can name the steps without loading it.
import type { AdviceAction } from '../api/errorAdvice';

export type CheckStep = 'url' | 'proxy' | 'dns' | 'tcp' | 'tls' | 'auth' | 'monitors';

export const STEP_NAMES: Record<CheckStep, string> = {
  url: 'URL',
  proxy: 'Proxy',
  dns: 'DNS',
  tcp: 'TCP',
  tls: 'TLS',
  auth: 'Authentication',
  monitors: 'Monitors permission',
};

export interface StepOutcome {
  step: CheckStep;
  status: 'ok' | 'skipped' | 'failed';
  detail: string;
  /** For a failed step: what helps. */
  actions: AdviceAction[];
  ms: number;
}
