// The bodies that change a monitor (see API-NOTES, Changing monitors). A PUT replaces the whole
// record, so its body is the record as the service sent it just now, with only the changed fields
// changed: fields this extension does not know go back as they came. The fields the service sets
// (id, created…, updated…) are left out of every body.
import { canonicalJson, type JsonObject } from '../json';
import { READ_ONLY_FIELDS } from './monitorFields';

/** A change to a monitor: field → new value; `undefined` removes the field. */
export type MonitorChanges = Record<string, unknown>;

/** The two spellings of the notifier list (the spec's and the Go SDK's). */
const NOTIFIER_KEYS = ['notifierIds', 'notifierIDs'];

/**
 * The PUT body: the record read afresh, without the fields the service sets, with `changes` applied.
 * The notifier list is written under the spelling the record already uses (the spec's when it has
 * none), and the other spelling is dropped only when the list changes, so that one list is sent.
 */
export function putBody(fresh: JsonObject, changes: MonitorChanges): JsonObject {
  const body: JsonObject = {};
  for (const [key, value] of Object.entries(fresh)) if (!READ_ONLY_FIELDS.includes(key)) body[key] = value;
  for (const [key, value] of Object.entries(changes)) {
    if (READ_ONLY_FIELDS.includes(key)) continue;
    if (NOTIFIER_KEYS.includes(key)) {
      const spelling =
        fresh.notifierIds === undefined && fresh.notifierIDs !== undefined ? 'notifierIDs' : 'notifierIds';
      for (const k of NOTIFIER_KEYS) delete body[k];
      if (value !== undefined) body[spelling] = value;
      continue;
    }
    if (value === undefined) delete body[key];
    else body[key] = value;
  }
  return body;
}

/** The POST body of a new monitor: its definition, without the fields the service sets and without empty values. */
export function postBody(definition: JsonObject): JsonObject {
  const body: JsonObject = {};
  for (const [key, value] of Object.entries(definition)) {
    if (READ_ONLY_FIELDS.includes(key) || value === undefined || value === null) continue;
    body[key] = value;
  }
  return body;
}

/** The notifier list of a record or a definition, under either spelling (the spec's wins). */
export function notifierIdsOf(record: JsonObject): string[] {
  const list = record.notifierIds ?? record.notifierIDs;
  return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
}

/** A field's value as it is compared: null and absent alike, the notifier list under one name. */
function comparable(record: JsonObject, key: string): string {
  if (NOTIFIER_KEYS.includes(key)) return canonicalJson(notifierIdsOf(record));
  return canonicalJson(record[key] ?? null);
}

/** The fields whose values differ between two records (the service's fields aside). */
export function changedFields(before: JsonObject, after: JsonObject): string[] {
  const keys = new Set(
    [...Object.keys(before), ...Object.keys(after)].map((key) => (NOTIFIER_KEYS.includes(key) ? 'notifierIds' : key)),
  );
  return [...keys]
    .filter((key) => !READ_ONLY_FIELDS.includes(key) && comparable(before, key) !== comparable(after, key))
    .sort();
}

/** What changed from `base` to `edited`, as changes to apply to a record read afresh. */
export function changesBetween(base: JsonObject, edited: JsonObject): MonitorChanges {
  const changes: MonitorChanges = {};
  for (const key of changedFields(base, edited))
    changes[key] = key === 'notifierIds' ? notifierIdsOf(edited) : (edited[key] ?? undefined);
  return changes;
}
