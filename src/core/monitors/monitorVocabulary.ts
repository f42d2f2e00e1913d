// The words a monitor is described in (rows, hovers, statuses), as one table: English here, and
// translated once, on first use, by a function the VS Code side hands over (useMonitorVocabulary),
// so that activation translates nothing and lists of thousands of rows look nothing up per row. Templates keep their holes ({0}) for the words' functions to fill
// (with fill from ../phrase).
export const MONITOR_WORDS = {
  unknownType: 'Unknown type',
  matchEvent: 'Match event',
  anomalyDetection: 'Anomaly detection',
  atOrBelow: 'At or below',
  atOrAbove: 'At or above',
  aboveOrBelow: 'Above or below',
  every: 'every {0}',
  active: 'active',
  disabled: 'disabled',
  snoozedUntil: 'snoozed until {0}',
  triggeredAgo: 'triggered {0} ago',
  type: 'Type',
  state: 'State',
  condition: 'Condition',
  column: 'Column',
  tolerance: 'Tolerance',
  compareDays: 'Compare days',
  runsEvery: 'Runs every',
  overTheLast: 'Over the last',
  delay: 'Delay',
  alertOnNoData: 'Alert on no data',
  notifyByGroup: 'Notify by group',
  notifyEveryRun: 'Notify every run',
  resolvable: 'Resolvable',
  skipResolved: 'Skip resolved',
  triggerAfter: 'Trigger after',
  triggerFrom: 'Trigger from',
  notifiers: 'Notifiers',
  notifies: 'notifies {0}',
  notifierGone: '{0} (no longer exists)',
  channelEmail: 'Email',
  channelWebhook: 'Webhook',
  created: 'Created',
  lastChanged: 'Last changed',
  changedAgo: 'changed {0} ago',
  changedOn: 'changed {0}',
  ago: '{0} ago',
  yes: 'yes',
  no: 'no',
  by: 'by {0}',
  on: 'on {0}',
  positiveResults: '{0} positive results',
  runs: '{0} runs',
  mplQuery: 'MPL query:',
  statusUnknown: 'Status: not known yet',
  statusNormal: 'Status: normal',
  statusTriggered: 'Status: **triggered** since {0} ({1} ago)',
  statusOpen: 'Open: {0}',
  andMore: '{0} and {1} more',
  lastChanges: 'Last changes:',
  changeOpened: 'opened',
  changeClosed: 'closed',
  openInAxiom: 'Open in Axiom',
};

export type MonitorWords = typeof MONITOR_WORDS;

/** The table in use, once made; undefined until the first use after a change. */
let current: MonitorWords | undefined;
/** Makes the table in use (the English one when none was handed over). */
let make: () => MonitorWords = () => MONITOR_WORDS;
/** Bumped at each change of vocabulary, for caches of words made from it. */
let generation = 0;

/** The words in use: the table is made on the first call after a change, then kept. */
export function words(): MonitorWords {
  return (current ??= make());
}

/** Which vocabulary the words in use are, for caches to notice a change. */
export function vocabularyGeneration(): number {
  return generation;
}

/** Says how the table in use is made (the VS Code side translates MONITOR_WORDS); it is made on
 *  first use, not now, and once. */
export function useMonitorVocabulary(table: () => MonitorWords): void {
  make = table;
  current = undefined;
  generation++;
}
