// The walkthrough "Get Started with Axiom" (package.json's `walkthroughs`): the context key each
// step waits for, set when the person has done the step's thing by any route, and when the
// walkthrough opens by itself. Plain data: platform/walkthroughSteps.ts sets the keys.

/** The walkthrough's id as `workbench.action.openWalkthrough` takes it, after the extension's id. */
export const WALKTHROUGH_ID = 'axiom.firstSteps';

/** Each step's thing, and the context key that is true once it was done in this window. */
export const WALKTHROUGH_KEYS = {
  /** The service answered with this window's token. */
  connected: 'axiom.walkthrough.connected',
  /** The Monitors view was in sight. */
  monitorsShown: 'axiom.walkthrough.monitorsShown',
  /** A query ran and its rows came back (Run Query, a notebook's cell, a chat tool). */
  queryRun: 'axiom.walkthrough.queryRun',
  /** A query was starred (the palette, a monitor, the history, the walkthrough's button). */
  queryStarred: 'axiom.walkthrough.queryStarred',
  /** A notebook's cell ran and its rows came back. */
  cellRun: 'axiom.walkthrough.cellRun',
  /** A monitor's dry run finished (its command, the settings form, the editor's title). */
  dryRun: 'axiom.walkthrough.dryRun',
} as const;

export type WalkthroughStep = keyof typeof WALKTHROUGH_KEYS;

/** The completion event of package.json that ticks a step: its key set. */
export function completionEventOf(step: WalkthroughStep): string {
  return `onContext:${WALKTHROUGH_KEYS[step]}`;
}

/** The global state's key that remembers the walkthrough was opened by itself once. */
export const WALKTHROUGH_SHOWN_KEY = 'axiom.walkthrough.shown';

/** Whether the walkthrough opens by itself at activation: once per install, never in the
 *  extension's own tests (VS Code's test mode), never again after it was shown, and not when the
 *  person (or a test's sandbox) turned off VS Code's own `workbench.welcomePage.walkthroughs.openOnInstall`. */
export function opensWalkthroughNow(state: { inTests: boolean; shownBefore: boolean; onInstall: boolean }): boolean {
  return state.onInstall && !state.inTests && !state.shownBefore;
}
