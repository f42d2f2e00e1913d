// The types of activationProbe.cjs, a plain CommonJS module (it is preloaded with node --require).
import type { ProbedActivation } from './personWindowNames';

export interface ActivationWatch extends ProbedActivation {
  /** Tree data asked for at any time. */
  treeData: number;
  /** Stops watching. */
  restore(): void;
}

export function watchActivation(main: string, others?: Record<string, string>): ActivationWatch;
