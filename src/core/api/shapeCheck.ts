// A check of plain JSON against a zod object schema that allocates nothing: derived once from the
// schema's own definition (strings, numbers, booleans, optional, nullable, lists of those), it
// answers "does this value certainly pass?". Large lists are read through it, and only the entries
// it cannot vouch for go through zod itself, which has the last word and the error messages.
// Why: zod builds a result object per field, and for 10,000 monitors that garbage costs more than
// the JSON.parse it follows (see test/bench/README.md).
import type { z } from 'zod';

type Leaf = 'string' | 'number' | 'boolean';
interface FieldCheck {
  key: string;
  leaf: Leaf;
  list: boolean;
  optional: boolean;
  nullable: boolean;
}

/** The parts of zod's definition objects that are read here. */
interface DefLike {
  type: string;
  innerType?: { _zod: { def: DefLike } };
  element?: { _zod: { def: DefLike } };
  checks?: unknown[];
}

function defOf(schema: unknown): DefLike {
  return (schema as { _zod: { def: DefLike } })._zod.def;
}

const LEAVES = new Set(['string', 'number', 'boolean']);

/** The field's check, or undefined when the schema asks more than this checker knows (then zod decides). */
function fieldCheck(key: string, schema: unknown): FieldCheck | undefined {
  const check: FieldCheck = { key, leaf: 'string', list: false, optional: false, nullable: false };
  let def = defOf(schema);
  for (;;) {
    if (def.checks?.length) return undefined;
    if (def.type === 'optional' && def.innerType) check.optional = true;
    else if (def.type === 'nullable' && def.innerType) check.nullable = true;
    else break;
    def = def.innerType._zod.def;
  }
  if (def.type === 'array' && def.element) {
    check.list = true;
    def = def.element._zod.def;
    if (def.checks?.length) return undefined;
  }
  if (!LEAVES.has(def.type)) return undefined;
  check.leaf = def.type as Leaf;
  return check;
}

export type ShapeCheck = (value: unknown) => boolean;

/**
 * Compiles the check for an object schema into one function with a fixed property read per
 * field (a generic loop reading `value[key]` is several times slower: every read is a lookup by a
 * changing name). A schema it cannot express gives a check that always defers to zod.
 */
export function compileShapeCheck(schema: z.ZodObject): ShapeCheck {
  const lines: string[] = ['if (typeof v !== "object" || v === null || Array.isArray(v)) return false;', 'let f;'];
  for (const [key, field] of Object.entries(schema.shape)) {
    const check = key in Object.prototype ? undefined : fieldCheck(key, field);
    if (!check) return () => false;
    lines.push(`f = v[${JSON.stringify(key)}];`, ...fieldStatements(check));
  }
  lines.push('return true;');
  // The source holds only the schema's own keys, quoted by JSON.stringify: nothing from the service.
  return new Function('isFinite', `return function shapeCheck(v) {\n${lines.join('\n')}\n};`)(Number.isFinite) as ShapeCheck;
}

/** Statements over `f` that return false when the field fails. */
function fieldStatements(check: FieldCheck): string[] {
  const fails = (x: string) => (check.leaf === 'number' ? `!(typeof ${x} === "number" && isFinite(${x}))` : `typeof ${x} !== "${check.leaf}"`);
  const allowed = [check.optional && 'f !== undefined', check.nullable && 'f !== null'].filter(Boolean).join(' && ') || 'true';
  if (!check.list) return [`if (${allowed} && ${fails('f')}) return false;`];
  return [`if (${allowed}) {`, '  if (!Array.isArray(f)) return false;', `  for (const x of f) if (${fails('x')}) return false;`, '}'];
}
