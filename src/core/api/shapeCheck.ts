// A check of plain JSON against a zod object schema that allocates nothing: derived once from the
// schema's own definition (strings, with a least length or not, numbers, booleans, times, optional,
// nullable, a tolerant reader's optional field (schemas.ts, optionalField), lists of those), it
// answers "does this value certainly pass?". Large lists are read through it, and only the
// entries it cannot vouch for go through zod itself, which has the last word and the error messages.
// Why: zod builds a result object per field, and for 10,000 monitors that garbage costs more than
// the JSON.parse it follows (see test/bench/README.md).
//
// It also tidies, in place, what the reader would leave out anyway: an optional field that may be
// null (`.nullish()`, or a tolerant optional field) and is null, and an optional time field holding
// a time before 1970 (Go's zero time), are set to undefined, as absent. Writing undefined over a
// field keeps the object's shape, where deleting the field would not, and allocates nothing. Those
// writes happen whatever the verdict: an entry it then rejects goes to zod with those fields
// absent, which zod reads as it reads null.
import type { z } from 'zod';
import { optionalFieldType } from './schemas';
import { readTime } from './serviceTime';

type Leaf = 'string' | 'number' | 'boolean' | 'time';
interface FieldCheck {
  key: string;
  leaf: Leaf;
  list: boolean;
  optional: boolean;
  nullable: boolean;
  /** A string's least length (z.string().min(n)). */
  minLength: number;
}

/** The parts of zod's definition objects that are read here. */
interface DefLike {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  checks?: unknown[];
}

function defOf(schema: unknown): DefLike {
  return (schema as { _zod: { def: DefLike } })._zod.def;
}

const LEAVES = new Set(['string', 'number', 'boolean']);

export interface ShapeCheckOptions {
  /** The schema of a time field's text (with whatever rule it carries): read with readTime. */
  time?: z.ZodType;
}

/** The field's check, or undefined when the schema asks more than this checker knows (then zod decides). */
function fieldCheck(key: string, schema: z.ZodType, options: ShapeCheckOptions): FieldCheck | undefined {
  const check: FieldCheck = { key, leaf: 'string', list: false, optional: false, nullable: false, minLength: 0 };
  for (;;) {
    if (schema === options.time) {
      check.leaf = 'time';
      return check;
    }
    // A tolerant optional field: null and absent read as absent; a value not of its type is for zod
    // (which leaves it out), so the check answers only for the values of its type.
    const tolerated = optionalFieldType(schema);
    if (tolerated) {
      check.optional = check.nullable = true;
      schema = tolerated;
      continue;
    }
    const def = defOf(schema);
    if (def.type === 'string' && def.checks?.length) {
      const least = leastLength(def.checks);
      if (least === undefined) return undefined;
      check.minLength = least;
      break;
    }
    if (def.checks?.length) return undefined;
    if (def.type === 'optional' && def.innerType) check.optional = true;
    else if (def.type === 'nullable' && def.innerType) check.nullable = true;
    else break;
    schema = def.innerType;
  }
  let def = defOf(schema);
  if (def.type === 'array' && def.element) {
    check.list = true;
    def = defOf(def.element);
    if (def.checks?.length) return undefined;
  }
  if (!LEAVES.has(def.type)) return undefined;
  check.leaf = def.type as Leaf;
  return check;
}

/** The least length that a string's checks ask, when they are all checks of a least length. */
function leastLength(checks: unknown[]): number | undefined {
  let least = 0;
  for (const check of checks) {
    const def = (check as { _zod?: { def?: { check?: string; minimum?: unknown } } })._zod?.def;
    if (def?.check !== 'min_length' || typeof def.minimum !== 'number') return undefined;
    least = Math.max(least, def.minimum);
  }
  return least;
}

export type ShapeCheck = (value: unknown) => boolean;

/**
 * Compiles the check for an object schema into one function with a fixed property read per
 * field (a generic loop reading `value[key]` is several times slower: every read is a lookup by a
 * changing name). A schema it cannot express gives a check that always defers to zod.
 */
export function compileShapeCheck(schema: z.ZodObject, options: ShapeCheckOptions = {}): ShapeCheck {
  const lines: string[] = ['if (typeof v !== "object" || v === null || Array.isArray(v)) return false;', 'let f;'];
  for (const [key, field] of Object.entries<z.ZodType>(schema.shape)) {
    const check = key in Object.prototype ? undefined : fieldCheck(key, field, options);
    if (!check) return () => false;
    lines.push(`f = v[${JSON.stringify(key)}];`, ...fieldStatements(check));
  }
  lines.push('return true;');
  // The source holds only the schema's own keys, quoted by JSON.stringify: nothing from the service.
  const source = `return function shapeCheck(v) {\n${lines.join('\n')}\n};`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiling the check is the point (see above); the source is the schema's
  const make = new Function('isFinite', 'readTime', source) as (
    isFinite: (n: unknown) => boolean,
    read: typeof readTime,
  ) => ShapeCheck;
  return make(Number.isFinite, readTime);
}

/** Statements over `f` (the field `v[key]`) that return false when the field fails. */
function fieldStatements(check: FieldCheck): string[] {
  const field = `v[${JSON.stringify(check.key)}]`;
  const fails = (x: string) =>
    check.leaf === 'number'
      ? `!(typeof ${x} === "number" && isFinite(${x}))`
      : `typeof ${x} !== "${check.leaf === 'time' ? 'string' : check.leaf}"`;
  // The statements for a present, non-null value.
  const present = check.list
    ? ['if (!Array.isArray(f)) return false;', `for (const x of f) if (${fails('x')}) return false;`]
    : [`if (${fails('f')}) return false;`];
  if (check.minLength > 0) present.push(`if (f.length < ${check.minLength}) return false;`);
  if (check.leaf === 'time') {
    present.push('const t = readTime(f);', 'if (t === "unreadable") return false;');
    // A time that means never is absent, where the field may be.
    if (check.optional) present.push(`if (t === "never") ${field} = undefined;`);
  }

  const absent = [check.optional && 'f === undefined', check.nullable && 'f === null'].filter(Boolean) as string[];
  const lines: string[] = [];
  // null means absent where the field may be both.
  if (check.optional && check.nullable)
    lines.push(`if (f === null) ${field} = undefined;`, 'else if (f !== undefined) {');
  else if (absent.length) lines.push(`if (!(${absent.join(' || ')})) {`);
  else lines.push('{');
  lines.push(...present.map((line) => `  ${line}`), '}');
  return lines;
}
