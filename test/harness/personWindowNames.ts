// What the person's windows (personWindow.ts, on the harness's side) and the extension-host entries
// that run in them (personWindowHost.ts) share: plain names, so that neither side bundles the other.
export type PersonWindow = 'bare' | 'first start' | 'returning';
export const PERSON_WINDOWS: readonly PersonWindow[] = ['bare', 'first start', 'returning'];

/** The environment variable (code-server's, so the extension host's) naming the window. */
export const PERSON_WINDOW = 'AXIOM_PERSON_WINDOW';
/** The environment variable that asks an extension-host entry to prepare the returning window
 *  (its value: the token to sign in with). */
export const PERSON_WINDOW_PREPARE = 'AXIOM_PERSON_WINDOW_PREPARE';
/** The environment variable naming the file that the preparing load leaves before it reloads the
 *  window: the reloaded window's entry finds it, and does not prepare again. */
export const PERSON_WINDOW_PREPARED = 'AXIOM_PERSON_WINDOW_PREPARED';
/** The files of the person's workspace folder that the returning window has open. */
export const RESTORED_QUERY = 'errors.apl';
export const RESTORED_NOTEBOOK = 'investigation.axiom-notebook';

/** What the activation probe (activationProbe.cjs) saw: the extension's first require and its
 *  activate(), and what it did before activate() returned that the window could have put off. */
export interface ProbedActivation extends TimedActivation {
  early: {
    treeData: number;
    languageProviders: number;
    requests: number;
    /** From activate()'s return to the first tree items handed to VS Code, when a view asked. */
    firstItemsAfterMs?: number;
  };
  /** Tree data asked for at any time (a view on screen asks for its items). */
  treeData: number;
  /** With AXIOM_PROBE_CALLS=1: the API's calls inside activate(), by name, counted and timed. */
  calls?: Record<string, { count: number; ms: number }>;
  /** The other extensions of the window the probe timed (PROBE_ALSO), by label. */
  others: Record<string, TimedActivation>;
}

/** One extension's first require and activate() in a window, and its place in the window's order of
 *  activation (0: the first of those the probe watched). */
export interface TimedActivation {
  loadMs?: number;
  activateMs?: number;
  order?: number;
}
/** The environment variable naming the file the probe watches: the extension's main, absolute. */
export const PROBE_MAIN = 'AXIOM_PROBE_MAIN';
/** The environment variable naming the other extensions' mains the probe times (JSON: label → main). */
export const PROBE_ALSO = 'AXIOM_PROBE_ALSO';
/** The environment variable naming, for the entry, the id of the extension to activate (the last of
 *  the window's chain of dependencies, which activates the others before it, in their order). */
export const ACTIVATE_LAST = 'AXIOM_ACTIVATE_LAST';
