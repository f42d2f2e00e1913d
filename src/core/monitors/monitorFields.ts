// Every field of a monitor the API takes, once: its kind, the types it applies to, its bounds from
// the API description, and its name and help in words a person reads (English; the VS Code side
// translates them). The settings form, the checks, the file format and its JSON schema all read
// this table. Plain data: no zod, no vscode, so that the settings webview can read it too.

export const MONITOR_TYPES = ['Threshold', 'MatchEvent', 'AnomalyDetection'] as const;
export type MonitorType = (typeof MONITOR_TYPES)[number];

export const OPERATORS = ['Above', 'AboveOrEqual', 'Below', 'BelowOrEqual', 'AboveOrBelow'] as const;
export type Operator = (typeof OPERATORS)[number];

export type FieldKind =
  'text' | 'longText' | 'query' | 'type' | 'operator' | 'number' | 'integer' | 'boolean' | 'time' | 'notifiers';

export interface MonitorField {
  key: string;
  kind: FieldKind;
  /** The types it means something for; absent = every type. */
  types?: readonly MonitorType[];
  /** Bounds from the API description (inclusive). */
  min?: number;
  max?: number;
  /** What the person reads as the field's name, and a sentence about it. */
  label: string;
  help: string;
  /** Where the form puts it. */
  section: 'monitor' | 'query' | 'trigger' | 'schedule' | 'notify' | 'state' | 'anomaly';
}

const THRESHOLDISH: readonly MonitorType[] = ['Threshold', 'AnomalyDetection'];

export const MONITOR_FIELDS: readonly MonitorField[] = [
  {
    key: 'name',
    kind: 'text',
    label: 'Name',
    help: 'What the monitor is called in Axiom and in notifications.',
    section: 'monitor',
  },
  {
    key: 'description',
    kind: 'longText',
    label: 'Description',
    help: 'What the monitor watches and why, for whoever is notified.',
    section: 'monitor',
  },
  {
    key: 'type',
    kind: 'type',
    label: 'Type',
    help: 'Threshold compares a number with a limit; Match notifies for every matching event; Anomaly compares a series with its own past.',
    section: 'monitor',
  },
  {
    key: 'aplQuery',
    kind: 'query',
    label: 'APL query',
    help: 'Edited in the query editor beside these settings.',
    section: 'query',
  },
  {
    key: 'mplQuery',
    kind: 'query',
    label: 'MPL query',
    help: 'A metrics query; a monitor has either an APL or an MPL query.',
    section: 'query',
  },
  {
    key: 'operator',
    kind: 'operator',
    types: THRESHOLDISH,
    label: 'Operator',
    help: 'How a value is compared with the threshold.',
    section: 'trigger',
  },
  {
    key: 'threshold',
    kind: 'number',
    types: ['Threshold'],
    label: 'Threshold',
    help: 'The value a run compares the query’s results with.',
    section: 'trigger',
  },
  {
    key: 'columnName',
    kind: 'text',
    types: THRESHOLDISH,
    label: 'Column',
    help: 'The result column compared; empty compares every numeric column.',
    section: 'trigger',
  },
  {
    key: 'alertOnNoData',
    kind: 'boolean',
    types: THRESHOLDISH,
    label: 'Alert on no data',
    help: 'A run whose query returns nothing counts as crossing.',
    section: 'trigger',
  },
  {
    key: 'notifyByGroup',
    kind: 'boolean',
    types: THRESHOLDISH,
    label: 'Notify by group',
    help: 'Each group of the query (its by clause) alerts on its own.',
    section: 'trigger',
  },
  {
    key: 'triggerAfterNPositiveResults',
    kind: 'integer',
    types: THRESHOLDISH,
    min: 1,
    label: 'Trigger after N positive runs',
    help: 'How many crossing runs, among the last M, it takes to alert.',
    section: 'trigger',
  },
  {
    key: 'triggerFromNRuns',
    kind: 'integer',
    types: THRESHOLDISH,
    min: 1,
    label: '… of the last M runs',
    help: 'How many recent runs are counted for the rule above.',
    section: 'trigger',
  },
  {
    key: 'tolerance',
    kind: 'number',
    types: ['AnomalyDetection'],
    min: 0,
    max: 100,
    label: 'Tolerance (%)',
    help: 'How far from the expected value a point may be before it is an anomaly.',
    section: 'anomaly',
  },
  {
    key: 'compareDays',
    kind: 'integer',
    types: ['AnomalyDetection'],
    min: 1,
    max: 7,
    label: 'Compare days',
    help: 'How many past days the series is compared with (at most 7).',
    section: 'anomaly',
  },
  {
    key: 'intervalMinutes',
    kind: 'integer',
    min: 1,
    label: 'Run every (minutes)',
    help: 'How often the monitor runs its query.',
    section: 'schedule',
  },
  {
    key: 'rangeMinutes',
    kind: 'integer',
    min: 1,
    label: 'Over the last (minutes)',
    help: 'How much time each run looks at, ending at the run.',
    section: 'schedule',
  },
  {
    key: 'secondDelay',
    kind: 'integer',
    min: 0,
    max: 86400,
    label: 'Delay (seconds)',
    help: 'Each run looks at a range that ends this long before it, for late data.',
    section: 'schedule',
  },
  {
    key: 'notifierIds',
    kind: 'notifiers',
    label: 'Notifiers',
    help: 'Who is told when the monitor alerts.',
    section: 'notify',
  },
  {
    key: 'notifyEveryRun',
    kind: 'boolean',
    label: 'Notify every run',
    help: 'Notify at every run while the alert is open, not only when it opens.',
    section: 'notify',
  },
  {
    key: 'resolvable',
    kind: 'boolean',
    label: 'Resolvable',
    help: 'An open alert can be resolved by hand.',
    section: 'notify',
  },
  {
    key: 'skipResolved',
    kind: 'boolean',
    label: 'Skip resolved',
    help: 'No notification when an alert closes.',
    section: 'notify',
  },
  { key: 'disabled', kind: 'boolean', label: 'Disabled', help: 'The monitor does not run.', section: 'state' },
  {
    key: 'disabledUntil',
    kind: 'time',
    label: 'Snoozed until',
    help: 'The monitor does not run until then.',
    section: 'state',
  },
];

/** The fields the service sets: never sent, never in a file. */
export const READ_ONLY_FIELDS: readonly string[] = ['id', 'createdAt', 'createdBy', 'updatedAt'];

export function fieldByKey(key: string): MonitorField | undefined {
  return MONITOR_FIELDS.find((field) => field.key === key);
}

export function isMonitorType(type: unknown): type is MonitorType {
  return typeof type === 'string' && (MONITOR_TYPES as readonly string[]).includes(type);
}

/** Whether a field means something for a monitor of `type` (an unknown type: every field does). */
export function appliesTo(field: MonitorField, type: string | undefined): boolean {
  return !field.types || !isMonitorType(type) || field.types.includes(type);
}
