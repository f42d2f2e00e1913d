// Monitors as files (`*.axiom-monitor.json`), for keeping them in git and reviewing changes: a
// monitor's definition without the fields the service sets (id, created…, updated…), its fields
// in the order the settings show them and those this extension does not know after, sorted, so
// that a file changes only where the monitor did. Applying a file back creates the monitor or
// updates the one of the same name, changing only the fields the file holds.
import { safeFileName } from '../fileName';
import { canonicalJson, isJsonObject, type JsonObject } from '../json';
import { phrase, type Phrase } from '../phrase';
import { readTime } from '../api/serviceTime';
import { MONITOR_FIELDS, READ_ONLY_FIELDS } from './monitorFields';
import { notifierIdsOf, type MonitorChanges } from './monitorBodies';

export const MONITOR_FILE_SUFFIX = '.axiom-monitor.json';

const FIELD_ORDER = new Map(MONITOR_FIELDS.map((field, index) => [field.key, index]));

/** A monitor's definition as a file's content: what the service set left out, null and never-times left out. */
export function monitorDefinition(record: JsonObject): JsonObject {
  // The Go spelling of the notifier list is written as the spec's.
  const source: JsonObject =
    record.notifierIds === undefined && record.notifierIDs !== undefined
      ? { ...record, notifierIds: record.notifierIDs }
      : record;
  const definition: JsonObject = {};
  const keys = Object.keys(source)
    .filter((key) => !READ_ONLY_FIELDS.includes(key) && key !== 'notifierIDs')
    .sort(
      (a, b) => (FIELD_ORDER.get(a) ?? Infinity) - (FIELD_ORDER.get(b) ?? Infinity) || (a < b ? -1 : a > b ? 1 : 0),
    );
  for (const key of keys) {
    const value = source[key];
    if (value === undefined || value === null) continue;
    if (key === 'disabledUntil' && typeof value === 'string' && readTime(value) === 'never') continue;
    definition[key] = value;
  }
  return definition;
}

/** The file's text: two-space JSON and a final newline, as editors and git like it. */
export function monitorFileText(record: JsonObject): string {
  return `${JSON.stringify(monitorDefinition(record), null, 2)}\n`;
}

export function monitorFileName(name: string): string {
  return safeFileName(name, 'monitor', MONITOR_FILE_SUFFIX);
}

export type ReadFile = { ok: true; definition: JsonObject } | { ok: false; problem: Phrase };

/** A file's content as a definition; the fields the service sets are ignored, if the file has any. */
export function readMonitorFile(text: string): ReadFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problem: phrase('The file is not valid JSON ({0}).', error instanceof Error ? error.message : String(error)),
    };
  }
  if (!isJsonObject(json)) return { ok: false, problem: phrase('The file does not hold a monitor (a JSON object).') };
  const definition: JsonObject = {};
  for (const [key, value] of Object.entries(json))
    if (!READ_ONLY_FIELDS.includes(key) && key !== '$schema') definition[key] = value;
  return { ok: true, definition };
}

/** What applying a file does: create a monitor, update the one of its name, or ask which (several share it). */
export type ApplyTarget = { kind: 'create' } | { kind: 'update'; id: string } | { kind: 'ambiguous'; ids: string[] };

export function applyTarget(definition: JsonObject, monitors: readonly { id: string; name: string }[]): ApplyTarget {
  const same = monitors.filter((m) => m.name === definition.name);
  if (!same.length) return { kind: 'create' };
  return same.length === 1 ? { kind: 'update', id: same[0].id } : { kind: 'ambiguous', ids: same.map((m) => m.id) };
}

/** The changes a file makes to a monitor read afresh: the fields the file holds whose values differ. */
export function fileChanges(fresh: JsonObject, definition: JsonObject): MonitorChanges {
  const changes: MonitorChanges = {};
  for (const [key, value] of Object.entries(definition)) {
    if (READ_ONLY_FIELDS.includes(key) || key === 'notifierIDs') continue;
    const current = key === 'notifierIds' ? notifierIdsOf(fresh) : fresh[key];
    if (canonicalJson(current ?? null) !== canonicalJson(value ?? null)) changes[key] = value;
  }
  return changes;
}
