// Annotations as the service sends them, read tolerantly (see API-NOTES, Annotations): only an id and
// a time are needed to show one; an optional field that is null, absent or not of its type is left
// out. Unknown fields are kept, and a record read to be written back is kept as the service sent it
// (`raw`). What is written is checked first against the API description's rules (NewAnnotation,
// UpdatedAnnotation), each refusal naming its field, so that a person reads the reason where they
// typed and nothing the service would refuse is sent.
import { z } from 'zod';
import { isJsonObject, type JsonObject } from '../json';
import { phrase, type Phrase } from '../phrase';
import { AxiomError } from './errors';
import { describeJsonType, invalidResponse, parseBody } from './parse';
import { describeIssue, optionalField, serviceTime } from './schemas';
import { readTime } from './serviceTime';
import { compileShapeCheck, type ShapeCheck } from './shapeCheck';

export const annotationSchema = z.looseObject({
  id: z.string().min(1),
  time: serviceTime,
  /** Required by the API; an annotation the service sent without it is shown with none. */
  type: optionalField(z.string()),
  datasets: optionalField(z.array(z.string())),
  title: optionalField(z.string()),
  description: optionalField(z.string()),
  url: optionalField(z.string()),
  endTime: optionalField(serviceTime),
});

/** An annotation as the extension reads it. */
export type Annotation = z.output<typeof annotationSchema>;

/** Whether an entry of a list is certainly an annotation (the list's fast path; zod reads the rest). */
const certainlyAnnotation = compileShapeCheck(annotationSchema, { time: serviceTime });

/** One annotation read to be changed: what the extension reads of it, and the record as sent. */
export interface AnnotationRecord {
  annotation: Annotation;
  raw: JsonObject;
}

export interface AnnotationList {
  annotations: Annotation[];
  /** Entries that were not annotations the extension can read, with the reason; the rest still show. */
  skipped: { index: number; reason: string }[];
}

/** The filters of GET /v2/annotations: annotations of any of these datasets, and within the times (RFC 3339). */
export interface AnnotationFilter {
  datasets?: readonly string[];
  start?: Date | string;
  end?: Date | string;
}

/** The fields a person writes. */
export type AnnotationField = 'type' | 'datasets' | 'title' | 'description' | 'url' | 'time' | 'endTime';

/** What a POST sends: the type, the datasets and the time are required (the service would take the
 *  request's time when it is absent; the extension always says which). */
export interface NewAnnotation {
  type: string;
  datasets: string[];
  time: string;
  endTime?: string;
  title?: string;
  description?: string;
  url?: string;
}

export const TYPE_PATTERN = /^[a-z0-9-]+$/;
export const LONGEST: Readonly<Record<'type' | 'title' | 'description' | 'url', number>> = {
  type: 256,
  title: 256,
  description: 512,
  url: 512,
};

export interface FieldProblem {
  field: AnnotationField;
  reason: Phrase;
}

/** Why the field's value would be refused, or undefined. A time is RFC 3339 text. */
export function annotationFieldProblem(field: AnnotationField, value: unknown): Phrase | undefined {
  switch (field) {
    case 'type':
      if (typeof value !== 'string' || !value) return phrase('A type is required.');
      if (!TYPE_PATTERN.test(value))
        return phrase('Use only lowercase letters, digits and hyphens, such as production-deployment.');
      return tooLong(value, LONGEST.type);
    case 'datasets':
      if (!Array.isArray(value) || value.length === 0) return phrase('Choose at least one dataset.');
      if (!value.every((name) => typeof name === 'string' && name !== '')) return phrase('A dataset name is empty.');
      return undefined;
    case 'title':
    case 'description':
    case 'url':
      if (typeof value !== 'string') return phrase('Expected text, got {0}.', describeJsonType(value));
      return tooLong(value, LONGEST[field]);
    case 'time':
    case 'endTime':
      if (typeof value !== 'string' || readTime(value) !== 'time' || !value.includes('T'))
        return phrase('Expected a time such as 2026-03-01T14:03:00Z.');
      return undefined;
  }
}

function tooLong(value: string, longest: number): Phrase | undefined {
  return value.length > longest ? phrase('At most {0} characters ({1} now).', longest, value.length) : undefined;
}

const FIELDS: readonly AnnotationField[] = ['type', 'datasets', 'title', 'description', 'url', 'time', 'endTime'];

/**
 * Every field of `body` the service would refuse, with the reason. `required` fields must be there;
 * the others are checked when present. An end before the start is refused at `endTime`; for a
 * change, the start or end it does not carry is the one of `changed`, the record it changes.
 */
export function annotationProblems(
  body: JsonObject,
  required: readonly AnnotationField[],
  changed: JsonObject = {},
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of FIELDS) {
    if (body[field] === undefined && !required.includes(field)) continue;
    const reason = annotationFieldProblem(field, body[field]);
    if (reason) problems.push({ field, reason });
  }
  const time = body.time ?? changed.time;
  const endTime = body.endTime ?? changed.endTime;
  if (
    !problems.some((p) => p.field === 'time' || p.field === 'endTime') &&
    (body.time !== undefined || body.endTime !== undefined) &&
    typeof time === 'string' &&
    typeof endTime === 'string' &&
    Date.parse(endTime) < Date.parse(time)
  )
    problems.push({ field: 'endTime', reason: phrase('The end is before the start.') });
  return problems;
}

/** What a POST requires. */
export const NEW_ANNOTATION_REQUIRED: readonly AnnotationField[] = ['type', 'datasets', 'time'];

/** Refuses a body the rules refuse, before it is sent: the error names each field and its reason. */
export function checkAnnotationBody(
  body: JsonObject,
  required: readonly AnnotationField[],
  changed: JsonObject = {},
): void {
  const problems = annotationProblems(body, required, changed);
  if (!problems.length) return;
  const reasons = problems.map((p) => phrase('{0}: {1}', p.field, p.reason));
  throw new AxiomError(
    'badRequest',
    phrase(
      'The annotation cannot be saved: {0}',
      reasons.reduce((all, one) => phrase('{0}; {1}', all, one)),
    ),
  );
}

export function parseAnnotationList(body: unknown, check: ShapeCheck = certainlyAnnotation): AnnotationList {
  // Go's nil slice: no annotations.
  if (body === null) return { annotations: [], skipped: [] };
  if (!Array.isArray(body))
    throw invalidResponse(phrase('expected a list of annotations, got {0}', describeJsonType(body)));
  const annotations: Annotation[] = [];
  const skipped: AnnotationList['skipped'] = [];
  const length = body.length;
  for (let index = 0; index < length; index++) {
    const item: unknown = body[index];
    // An entry the shape check vouches for is kept as parsed (tidied in place); zod reads the others.
    if (check(item)) {
      annotations.push(item as Annotation);
      continue;
    }
    const parsed = annotationSchema.safeParse(item);
    if (parsed.success) annotations.push(withoutNeverEnd(parsed.data));
    else skipped.push({ index, reason: describeIssue(parsed.error) });
  }
  return { annotations, skipped };
}

/** An end before 1970 (Go's zero time) is no end, as the shape check reads it. */
function withoutNeverEnd(annotation: Annotation): Annotation {
  if (annotation.endTime !== undefined && readTime(annotation.endTime) === 'never') annotation.endTime = undefined;
  return annotation;
}

export function readAnnotationRecord(body: unknown): AnnotationRecord {
  const annotation = withoutNeverEnd(parseBody(annotationSchema, body, phrase('annotation')));
  return { annotation, raw: isJsonObject(body) ? body : {} };
}

/** The query string of GET /v2/annotations: datasets comma-separated (the API's form style). */
export function annotationQuery(filter: AnnotationFilter): string {
  const params = new URLSearchParams();
  if (filter.datasets?.length) params.set('datasets', filter.datasets.join(','));
  const text = (time: Date | string) => (typeof time === 'string' ? time : time.toISOString());
  if (filter.start !== undefined) params.set('start', text(filter.start));
  if (filter.end !== undefined) params.set('end', text(filter.end));
  const query = params.toString();
  return query ? `?${query}` : '';
}
