// A monitor as two documents of its own URI scheme, one URI per monitor, part and deployment
// (see recordUri.ts): its query, `axiom-monitor:/<id>/<name>.apl`, and its settings,
// `axiom-monitor:/<id>/<name>.monitor-settings.json` — the definition without the query, as JSON,
// which the settings form edits (so that unsaved changes, undo and Ctrl+S are VS Code's own).
// Saving either sends the record read afresh with only what that document changes changed.
import { safeFileName } from '../fileName';
import { canonicalJson, type JsonObject } from '../json';
import { recordLocation, recordPath, type RecordLocation } from '../recordUri';
import { changesBetween, putBody } from './monitorBodies';
import { monitorDefinition, readMonitorFile, type ReadFile } from './monitorFile';

export type MonitorPart = 'query' | 'settings';

export const SETTINGS_SUFFIX = '.monitor-settings.json';
/** The query document's suffix by the query's language: `.apl`, or `.mpl` for a monitor of metrics. */
const QUERY_SUFFIXES = { apl: '.apl', mpl: '.mpl' } as const;

export type MonitorQueryLanguage = keyof typeof QUERY_SUFFIXES;

export function monitorDocumentPath(
  id: string,
  name: string,
  part: MonitorPart,
  language: MonitorQueryLanguage = 'apl',
): string {
  return recordPath(id, safeFileName(name, 'monitor', part === 'query' ? QUERY_SUFFIXES[language] : SETTINGS_SUFFIX));
}

export function monitorDocumentLocation(path: string, query: string): RecordLocation | undefined {
  return recordLocation(path, query, (fileName) =>
    fileName.endsWith(SETTINGS_SUFFIX)
      ? 'settings'
      : fileName.endsWith(QUERY_SUFFIXES.apl) || fileName.endsWith(QUERY_SUFFIXES.mpl)
        ? 'query'
        : undefined,
  );
}

/** The language of a monitor's query document: MPL for a monitor that has only an MPL query. */
export function queryLanguage(record: { aplQuery?: unknown; mplQuery?: unknown }): MonitorQueryLanguage {
  return queryField(record) === 'mplQuery' ? 'mpl' : 'apl';
}

/** The field the query document edits: the APL query, or the MPL one of a monitor that has only that. */
export function queryField(record: JsonObject): 'aplQuery' | 'mplQuery' {
  return typeof record.aplQuery !== 'string' && typeof record.mplQuery === 'string' ? 'mplQuery' : 'aplQuery';
}

export function queryText(record: JsonObject): string {
  const text = record[queryField(record)];
  return typeof text === 'string' ? text : '';
}

/** The settings: the definition (as a file has it) without the query. */
export function settingsDefinition(record: JsonObject): JsonObject {
  const definition = monitorDefinition(record);
  delete definition.aplQuery;
  delete definition.mplQuery;
  return definition;
}

export function settingsText(record: JsonObject): string {
  return `${JSON.stringify(settingsDefinition(record), null, 2)}\n`;
}

export function readSettingsText(text: string): ReadFile {
  const read = readMonitorFile(text);
  if (!read.ok) return read;
  delete read.definition.aplQuery;
  delete read.definition.mplQuery;
  return read;
}

/** Whether a part reads the same in two versions of the record. */
export function samePart(a: JsonObject, b: JsonObject, part: string): boolean {
  return part === 'query'
    ? queryText(a) === queryText(b)
    : canonicalJson(settingsDefinition(a)) === canonicalJson(settingsDefinition(b));
}

/** The PUT body that saves the query document's text. */
export function queryBody(fresh: JsonObject, text: string): JsonObject {
  return putBody(fresh, { [queryField(fresh)]: text });
}

/** The PUT body that saves the settings document's definition: what it changes from the version it was read from (`base`), applied to the record read afresh. */
export function settingsBody(fresh: JsonObject, base: JsonObject | undefined, edited: JsonObject): JsonObject {
  return putBody(fresh, changesBetween(settingsDefinition(base ?? fresh), edited));
}
