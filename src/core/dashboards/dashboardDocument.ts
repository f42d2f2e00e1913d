// A dashboard as text: where its document lives (`axiom-dashboard:/<uid>/<name>.axiom-dashboard.json
// ?deployment=<name>`, see recordUri.ts), the text of a document and of an exported file (the
// document without what Axiom sets, keys in a stable order, unknown keys kept), and the web app's link.
import { RESOURCE_FIELDS } from '../api/dashboards';
import type { ApiEndpoint } from '../api/baseUrl';
import { safeFileName } from '../fileName';
import { isJsonObject, type JsonObject } from '../json';
import { orderByKeys } from '../keyOrder';
import { phrase, type Phrase } from '../phrase';
import { appOrigin } from '../links';
import { recordLocation, recordPath, type RecordLocation } from '../recordUri';

export { DASHBOARD_REMOTE_SCHEME, DASHBOARD_SCHEME } from './dashboardScheme';
/** The one part of a dashboard's document: the whole of it. */
export const DASHBOARD_PART = 'dashboard';
/** The ending of dashboard files, which the JSON schema checks (package.json's jsonValidation). */
export const DASHBOARD_FILE_SUFFIX = '.axiom-dashboard.json';

export function dashboardFileName(name: string): string {
  return safeFileName(name, 'dashboard', DASHBOARD_FILE_SUFFIX);
}

export function dashboardDocumentPath(uid: string, name: string): string {
  return recordPath(uid, dashboardFileName(name));
}

/** The dashboard and deployment a URI's path and query part name, or undefined when they name none. */
export function dashboardLocation(path: string, query: string): RecordLocation | undefined {
  return recordLocation(path, query, () => DASHBOARD_PART);
}

/**
 * The dashboard in the web app: `<app>/<org-id>/dashboards/<id>`, by the resource's `id`, not its `uid`.
 * The OpenAPI names no web address; the `uid` is "stable external" (the API's own key, which a file
 * may choose), the `id` the one Axiom's web app has always addressed dashboards by (Axiom's own
 * dashboard scripts link `<app>/<org-id>/dashboards/<id>` with the id the service gave). A resource
 * sent without an `id` (the spec requires one) is linked by its uid.
 */
export function dashboardLink(endpoint: ApiEndpoint, orgId: string, dashboard: { uid: string; id?: string }): string {
  return `${appOrigin(endpoint)}/${encodeURIComponent(orgId)}/dashboards/${encodeURIComponent(dashboard.id || dashboard.uid)}`;
}

/** Keys that come first, in the spec's order, where they are: the document's, a chart's, a layout item's. */
const DOCUMENT_KEYS = [
  'name',
  'owner',
  'description',
  'charts',
  'layout',
  'refreshTime',
  'schemaVersion',
  'against',
  'againstTimestamp',
  'timeWindowStart',
  'timeWindowEnd',
  'uid',
];
const CHART_KEYS = ['id', 'type', 'name', 'query'];
const LAYOUT_KEYS = ['i', 'x', 'y', 'w', 'h'];
/** No key first: every other object's keys go in code-unit order. */
const NONE: readonly string[] = [];

/**
 * Whether a value is already in the order `ordered` gives, at every depth: each object's keys of
 * `first` there, in its order, then the others in code-unit order. Reads the keys with `for…in`,
 * which allocates nothing (a JSON object inherits no enumerable key), and stops at the first key out of place.
 */
function inOrder(value: unknown, first: readonly string[], inner?: (key: string) => readonly string[]): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!inOrder(value[i], first, inner)) return false;
    return true;
  }
  if (!isJsonObject(value)) return true;
  let place = -1;
  let last: string | undefined;
  for (const key in value) {
    if (last === undefined) {
      const at = first.indexOf(key);
      if (at < 0) last = key;
      else if (at < place) return false;
      else place = at;
    } else if (last < key && !first.includes(key)) last = key;
    else return false;
    const item = value[key];
    if (typeof item === 'object' && item !== null && !inOrder(item, inner?.(key) ?? NONE)) return false;
  }
  return true;
}

/** An object without a prototype, so that a key `__proto__` set on it is a key like the others (kept in the text). */
const emptyObject = (): JsonObject => Object.create(null) as JsonObject;

/** A copy with `first` keys in that order, then every other key in code-unit order (keyOrder.ts), at every depth. */
function ordered(value: unknown, first: readonly string[] = NONE, inner?: (key: string) => readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => ordered(item, first, inner));
  if (!isJsonObject(value)) return value;
  const rest = Object.keys(value).filter((key) => !first.includes(key));
  const order = orderByKeys(rest, rest);
  const out = emptyObject();
  for (const key of [...first.filter((key) => Object.hasOwn(value, key)), ...Array.from(order, (i) => rest[i])])
    out[key] = ordered(value[key], inner?.(key) ?? NONE);
  return out;
}

const innerKeys = (key: string) => (key === 'charts' ? CHART_KEYS : key === 'layout' ? LAYOUT_KEYS : NONE);

/**
 * The document in a stable order: the same document always reads the same. A document already in
 * that order (the service sends them so) is given back as it is: copying 200 charts key by key took
 * most of the time their text took.
 */
export function orderedDashboard(document: JsonObject): JsonObject {
  return inOrder(document, DOCUMENT_KEYS, innerKeys)
    ? document
    : (ordered(document, DOCUMENT_KEYS, innerKeys) as JsonObject);
}

/** The document without the fields Axiom sets (should a document carry them; else the document itself). */
export function withoutAxiomFields(document: JsonObject): JsonObject {
  if (!RESOURCE_FIELDS.some((key) => Object.hasOwn(document, key))) return document;
  const out = { ...document };
  for (const key of RESOURCE_FIELDS) delete out[key];
  return out;
}

/** The text a dashboard's document shows: the document as Axiom sent it, in the stable order. */
export function dashboardText(document: JsonObject): string {
  return `${JSON.stringify(orderedDashboard(withoutAxiomFields(document)), null, 2)}\n`;
}

/** An exported file's text: the document with its uid (so that Apply finds it again), without what Axiom sets. */
export function exportText(document: JsonObject, uid: string): string {
  return dashboardText({ ...document, uid });
}

export type ReadDocument = { ok: true; document: JsonObject } | { ok: false; offset: number; problem: Phrase | string };

/** A document's or a file's text read as a dashboard document: a JSON object, or where and why not. */
export function readDashboardText(text: string): ReadDocument {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // JSON.parse's own words (the engine's, in English) name what it met and where.
    const said = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(said);
    return { ok: false, offset: at ? Number(at[1]) : 0, problem: phrase('not JSON: {0}', said) };
  }
  if (!isJsonObject(value)) return { ok: false, offset: 0, problem: phrase('a dashboard is a JSON object') };
  return { ok: true, document: value };
}
