// The monitor settings form (a custom editor over a monitor's settings document, src/monitors/
// monitorForm.ts, and its page, src/webview/monitorForm): what the two sides say to each other,
// the page's words, and the plain steps both need — a field's value as the page shows it and as a
// typed text becomes it, an edit applied to the document's text, the notifiers as a pick that
// keeps ids the service no longer lists, and the field a service's refusal names. Every message
// is read through the readers below; anything else is dropped.
import { isJsonObject, type JsonObject } from '../json';
import { MONITOR_FIELDS, type MonitorField } from './monitorFields';
import { notifierIdsOf } from './monitorBodies';
import { settingsText } from './monitorDocuments';
import { parseWordTable } from '../run/panelWords';
import { MONITOR_WORDS } from './monitorVocabulary';

/** The page's words: English templates, translated by the extension. Field names and help are MONITOR_FIELDS'. */
export const FORM_WORDS = {
  title: 'Monitor settings',
  newMonitor: 'A new monitor, not created yet: saving (Ctrl+S) creates it in Axiom with this query and these settings.',
  dryRun: 'Dry Run',
  dryRunHelp:
    'What this monitor, as edited here and in its query, would have done over the last hours or days, beside what it really did. Nothing is saved.',
  openJson: 'Open as JSON',
  openQuery: 'Open Query',
  notApplicable: 'Does not apply to {0} monitors; its value is kept as it is.',
  unknownNotifier: '{0} (no longer exists)',
  noNotifiers: 'This organisation has no notifiers.',
  notifiersFailed: 'The notifiers could not be listed: {0}',
  notifiersLoading: 'Listing the notifiers…',
  invalidText: 'The settings are not valid JSON, so the form cannot show them: {0} Open as JSON to correct them.',
  saveFailed: 'Not saved: {0}',
  otherFields: 'Other fields, kept as they are',
  none: '(none)',
  clear: 'Clear',
  snoozedHelp: 'Empty: not snoozed.',
  section_monitor: 'Monitor',
  section_trigger: 'When it alerts',
  section_anomaly: 'Anomaly detection',
  section_schedule: 'Schedule',
  section_notify: 'Notifications',
  section_state: 'On or off',
  type_Threshold: 'Threshold',
  type_MatchEvent: 'Match event',
  type_AnomalyDetection: 'Anomaly detection',
  // The operators in the words of the hovers, rows and dry run (one table: monitorVocabulary's).
  above: MONITOR_WORDS.above,
  atOrAbove: MONITOR_WORDS.atOrAbove,
  below: MONITOR_WORDS.below,
  atOrBelow: MONITOR_WORDS.atOrBelow,
  aboveOrBelow: MONITOR_WORDS.aboveOrBelow,
} as const;

export type FormWords = Readonly<Record<string, string>> & { readonly [K in keyof typeof FORM_WORDS]: string };

/** The page's words with each field's name and help (label_<key>, help_<key>). */
export function formWords(): Record<string, string> & typeof FORM_WORDS {
  const words: Record<string, string> & typeof FORM_WORDS = { ...FORM_WORDS };
  for (const field of MONITOR_FIELDS) {
    words[`label_${field.key}`] = field.label;
    words[`help_${field.key}`] = field.help;
  }
  return words;
}

/** Words received by the page (the JSON the page carries), checked against the English (readWordTable). */
export function readFormWords(json: string | undefined): FormWords {
  return parseWordTable(formWords(), json);
}

/** A notifier as the pick shows it. */
export interface NotifierChoice {
  id: string;
  name: string;
  kind: string;
  /** Listed by the service (false: an id the monitor holds that the service no longer lists). */
  exists: boolean;
  chosen: boolean;
}

/** A problem at a field, in the display language. */
export interface FieldProblem {
  field: string;
  reason: string;
  level: 'error' | 'warning';
}

/** What the page shows: the settings (or why it cannot), the problems, the notifiers, a failed save. */
export interface FormState {
  type: 'state';
  /** The settings document's definition; absent when its text is not a JSON object. */
  definition?: JsonObject;
  /** Why the text cannot be shown, when it cannot. */
  invalid?: string;
  problems: FieldProblem[];
  /** The notifiers; absent while they are being listed. */
  notifiers?: NotifierChoice[];
  notifiersFailed?: string;
  /** A new monitor, created by its first save. */
  draft: boolean;
  /** The last save that failed: the service's (or the checks') reason, and the field it names if it names one. */
  saveFailed?: { message: string; field?: string };
}

export type FormHostMessage = FormState;

/** An edit: a field set to a value, or removed (null). */
export type FormPageMessage =
  | { type: 'ready' }
  | { type: 'edit'; key: string; value: unknown }
  | { type: 'dryRun' }
  | { type: 'openJson' }
  | { type: 'openQuery' }
  /** Ctrl+S pressed in a field: save the document once the field's value is in it. */
  | { type: 'save' };

const ACTIONS = new Set(['ready', 'dryRun', 'openJson', 'openQuery', 'save']);

export function readFormPageMessage(value: unknown): FormPageMessage | undefined {
  if (!isJsonObject(value) || typeof value.type !== 'string') return undefined;
  if (ACTIONS.has(value.type)) return { type: value.type } as FormPageMessage;
  if (value.type === 'edit' && typeof value.key === 'string' && value.key && 'value' in value)
    return { type: 'edit', key: value.key, value: value.value };
  return undefined;
}

const problemList = (value: unknown): value is FieldProblem[] =>
  Array.isArray(value) &&
  value.every(
    (p) =>
      isJsonObject(p) &&
      typeof p.field === 'string' &&
      typeof p.reason === 'string' &&
      (p.level === 'error' || p.level === 'warning'),
  );
const choiceList = (value: unknown): value is NotifierChoice[] =>
  Array.isArray(value) &&
  value.every(
    (n) =>
      isJsonObject(n) &&
      typeof n.id === 'string' &&
      typeof n.name === 'string' &&
      typeof n.kind === 'string' &&
      typeof n.exists === 'boolean' &&
      typeof n.chosen === 'boolean',
  );

export function readFormHostMessage(value: unknown): FormHostMessage | undefined {
  if (
    !isJsonObject(value) ||
    value.type !== 'state' ||
    !problemList(value.problems) ||
    typeof value.draft !== 'boolean'
  )
    return undefined;
  if (value.definition !== undefined && !isJsonObject(value.definition)) return undefined;
  if (value.notifiers !== undefined && !choiceList(value.notifiers)) return undefined;
  const failed = value.saveFailed;
  if (
    failed !== undefined &&
    !(
      isJsonObject(failed) &&
      typeof failed.message === 'string' &&
      (failed.field === undefined || typeof failed.field === 'string')
    )
  )
    return undefined;
  return {
    type: 'state',
    problems: value.problems,
    draft: value.draft,
    ...(value.definition ? { definition: value.definition } : {}),
    ...(typeof value.invalid === 'string' ? { invalid: value.invalid } : {}),
    ...(value.notifiers ? { notifiers: value.notifiers } : {}),
    ...(typeof value.notifiersFailed === 'string' ? { notifiersFailed: value.notifiersFailed } : {}),
    ...(failed ? { saveFailed: failed as { message: string; field?: string } } : {}),
  };
}

/** The text an input shows for a field's value (numbers, text, or what was typed that is not yet right). */
export function inputText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * What typed text becomes in the document: nothing (null: the field is removed) when empty, a
 * number for a numeric field when it reads as one, and otherwise the text as typed — kept, so that
 * no keystroke is lost, and refused by the checks with the reason beside the field.
 */
export function typedValue(field: Pick<MonitorField, 'kind'>, text: string): unknown {
  const trimmed = text.trim();
  if (field.kind === 'number' || field.kind === 'integer') {
    if (!trimmed) return null;
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : text;
  }
  if (field.kind === 'text' || field.kind === 'longText') return text === '' && field.kind === 'longText' ? null : text;
  return trimmed ? text : null;
}

/** The settings text with one field set (null or undefined: removed), in the order the settings document keeps. */
export function withField(text: string, key: string, value: unknown): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isJsonObject(json)) return undefined;
  const next: JsonObject = { ...json };
  if (key === 'notifierIds') delete next.notifierIDs;
  if (value === null || value === undefined) delete next[key];
  else next[key] = value;
  return settingsText(next);
}

/** The notifiers as a pick: those listed, in the list's order, then the ids the monitor holds that are not listed (kept, and said so). */
export function notifierChoices(
  definition: JsonObject,
  listed: readonly { id: string; name: string; kind: string }[],
): NotifierChoice[] {
  const chosen = notifierIdsOf(definition);
  const known = new Set(listed.map((n) => n.id));
  return [
    ...listed.map((n) => ({ id: n.id, name: n.name, kind: n.kind, exists: true, chosen: chosen.includes(n.id) })),
    ...chosen.filter((id) => !known.has(id)).map((id) => ({ id, name: id, kind: '', exists: false, chosen: true })),
  ];
}

/** The ids chosen after one notifier is checked or unchecked (the order of the rest kept). */
export function toggledNotifiers(current: readonly string[], id: string, chosen: boolean): string[] {
  const rest = current.filter((c) => c !== id);
  return chosen ? [...rest, id] : rest;
}

/** The field a service's message names first ("invalid monitor: rangeMinutes too long" → rangeMinutes), if it names one. */
export function fieldNamedIn(message: string): string | undefined {
  const lower = message.toLowerCase();
  let best: { key: string; at: number } | undefined;
  for (const field of MONITOR_FIELDS) {
    const pattern = new RegExp(`(^|[^a-z])${field.key.toLowerCase()}([^a-z]|$)`);
    const match = pattern.exec(lower);
    // The first named wins (the subject of the sentence); at one place, the longer name.
    if (match && (!best || match.index < best.at || (match.index === best.at && field.key.length > best.key.length)))
      best = { key: field.key, at: match.index };
  }
  if (best) return best.key;
  if (/notifier/.test(lower)) return 'notifierIds';
  return undefined;
}

/** A time from the document as a datetime-local input shows it (local time, minutes), or '' when it is not one. */
export function localTimeText(
  value: unknown,
  offsetMinutes: (ms: number) => number = (ms) => new Date(ms).getTimezoneOffset(),
): string {
  if (typeof value !== 'string') return '';
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return '';
  return new Date(ms - offsetMinutes(ms) * 60_000).toISOString().slice(0, 16);
}
