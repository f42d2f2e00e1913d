// An annotation as a JSON document (`axiom-annotation:/<id>/<title>.axiom-annotation.json
// ?deployment=<name>`, see recordUri.ts): the fields a person writes, in the API's order, and a save
// as the fields the text changes against the record read afresh (the one PUT sends only those).
import { annotationProblems, type AnnotationField, type FieldProblem } from '../api/annotations';
import { jsonPlaces } from '../jsonReader';
import { safeFileName } from '../fileName';
import { isJsonObject, type JsonObject } from '../json';
import { phrase, type Phrase } from '../phrase';
import { recordLocation, recordPath, type RecordLocation } from '../recordUri';

export { ANNOTATION_REMOTE_SCHEME, ANNOTATION_SCHEME } from './annotationScheme';
/** The one part of an annotation's document: the whole of it. */
export const ANNOTATION_PART = 'annotation';
const FILE_SUFFIX = '.axiom-annotation.json';

/** The fields a document shows and a save may change, in the order the document shows them. */
export const EDITABLE_FIELDS: readonly AnnotationField[] = [
  'type',
  'title',
  'description',
  'url',
  'datasets',
  'time',
  'endTime',
];
/** Fields a save may empty: an emptied one is sent as ''. */
const CLEARABLE: readonly AnnotationField[] = ['title', 'description', 'url'];

export function annotationDocumentPath(id: string, name: string): string {
  return recordPath(id, safeFileName(name, 'annotation', FILE_SUFFIX));
}

/** The annotation and deployment a URI's path and query part name, or undefined when they name none. */
export function annotationLocation(path: string, query: string): RecordLocation | undefined {
  return recordLocation(path, query, () => ANNOTATION_PART);
}

const present = (value: unknown) => value !== undefined && value !== null;

/** The document's text of a record: its fields a person writes, those it has, in a stable order. */
export function annotationText(raw: JsonObject): string {
  const shown: JsonObject = {};
  for (const field of EDITABLE_FIELDS) if (present(raw[field])) shown[field] = raw[field];
  return `${JSON.stringify(shown, null, 2)}\n`;
}

/** A field that cannot be saved (`field` undefined: the text as a whole), with the reason. */
export interface TextProblem {
  field?: string;
  reason: Phrase;
}

export type AnnotationChanges = { ok: true; changes: JsonObject } | { ok: false; problems: TextProblem[] };

/**
 * What a save of `text` sends over `fresh` (the record as Axiom has it now): each field whose value
 * the text makes other than Axiom's, and nothing else. An emptied title, description or URL is sent
 * as ''. Refused, naming each field: text that is not a JSON object, a key that is no field of an
 * annotation, a required field removed, an end removed (an update keeps what it does not carry), and
 * every value the API's rules refuse.
 */
export function annotationChanges(fresh: JsonObject, text: string): AnnotationChanges {
  let edited: unknown;
  try {
    edited = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [{ reason: phrase('not JSON: {0}', error instanceof Error ? error.message : '') }] };
  }
  if (!isJsonObject(edited)) return { ok: false, problems: [{ reason: phrase('an annotation is a JSON object') }] };
  const problems: TextProblem[] = Object.keys(edited)
    .filter((key) => !(EDITABLE_FIELDS as readonly string[]).includes(key))
    .map((key) => ({
      field: key,
      reason: phrase('Not a field of an annotation; its fields are {0}.', EDITABLE_FIELDS.join(', ')),
    }));
  const changes: JsonObject = {};
  for (const field of EDITABLE_FIELDS) {
    const mine = edited[field];
    const axioms = fresh[field];
    if (!present(mine)) {
      if (!present(axioms)) continue;
      if (CLEARABLE.includes(field)) {
        if (axioms !== '') changes[field] = '';
      } else if (field === 'endTime') {
        problems.push({
          field,
          reason: phrase(
            'An end cannot be removed: an update keeps what it does not carry. Delete the annotation and add it again as a point.',
          ),
        });
      } else {
        problems.push({ field, reason: phrase('Required: it cannot be removed.') });
      }
      continue;
    }
    if (JSON.stringify(mine) !== JSON.stringify(axioms)) changes[field] = mine;
  }
  problems.push(
    ...annotationProblems(changes, [], fresh).map((p: FieldProblem) => ({ field: p.field, reason: p.reason })),
  );
  return problems.length ? { ok: false, problems } : { ok: true, changes };
}

/** The field the service's refusal names (`invalid annotation: type must match …`), if it names one. */
export function fieldNamedIn(words: string): AnnotationField | undefined {
  const named = EDITABLE_FIELDS.map((field) => ({ field, at: words.search(new RegExp(`\\b${field}\\b`)) })).filter(
    (found) => found.at >= 0,
  );
  return named.sort((a, b) => a.at - b.at)[0]?.field;
}

/** Where a field's key is in the text (its quoted name), or the start of the text when it is not there. */
export function fieldPlace(text: string, field: string | undefined): { start: number; end: number } {
  const place = field === undefined ? undefined : jsonPlaces(text).get(field);
  if (place?.keyStart === undefined) return { start: 0, end: Math.min(1, text.length) };
  return { start: place.keyStart, end: place.keyStart + JSON.stringify(field).length };
}
