// A small JSON schema (draft-07) checker for the fake service and the tests: the keywords the
// dashboard schema (media/axiom-dashboard.schema.json) uses, and no others. Each problem names
// the place in the document (`charts.0.query`) and what is wrong there; keys a schema does not
// allow are named one by one.

export interface SchemaProblem {
  path: string;
  message: string;
}

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === type;
  }
}

/** The problems of `value` under `schema` (whose `$ref`s point into `root.definitions`); none when it fits. */
export function checkAgainstSchema(
  root: Schema,
  value: unknown,
  schema: Schema = root,
  at: string[] = [],
): SchemaProblem[] {
  const problem = (message: string, where = at): SchemaProblem[] => [
    { path: where.join('.') || '(the document)', message },
  ];
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/definitions/', '');
    const target = (root.definitions as Record<string, Schema>)[name];
    return checkAgainstSchema(root, value, target, at);
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((t) => typeMatches(t, value))) return problem(`must be ${types.join(' or ')}`);
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => allowed === value))
    return problem(`must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  const problems: SchemaProblem[] = [];
  for (const part of (schema.allOf as Schema[] | undefined) ?? [])
    problems.push(...checkAgainstSchema(root, value, part, at));
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword] as Schema[] | undefined;
    if (!branches) continue;
    const outcomes = branches.map((branch) => checkAgainstSchema(root, value, branch, at));
    const fitting = outcomes.filter((o) => o.length === 0).length;
    if (fitting === 0) {
      // The branch that came nearest says what is wrong (a chart of a known type with a key too many, say).
      problems.push(...outcomes.reduce((best, o) => (o.length < best.length ? o : best)));
    } else if (keyword === 'oneOf' && fitting > 1) {
      problems.push(...problem('matches more than one of the allowed shapes'));
    }
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && [...value].length < schema.minLength)
      problems.push(...problem(`must be at least ${schema.minLength} characters long`));
    if (typeof schema.maxLength === 'number' && [...value].length > schema.maxLength)
      problems.push(...problem(`must be at most ${schema.maxLength} characters long`));
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value))
      problems.push(...problem(`must match ${schema.pattern}`));
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      problems.push(...problem(`must be at least ${schema.minimum}`));
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
      problems.push(...problem(`must be more than ${schema.exclusiveMinimum}`));
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      problems.push(...problem(`must be at most ${schema.maximum}`));
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      problems.push(...problem(`must have at least ${schema.minItems} items`));
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
      problems.push(...problem(`must have at most ${schema.maxItems} items`));
    if (isObject(schema.items)) {
      const items = schema.items;
      value.forEach((item, i) => problems.push(...checkAgainstSchema(root, item, items, [...at, String(i)])));
    }
  }
  if (isObject(value)) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const name of (schema.required as string[] | undefined) ?? [])
      if (!Object.hasOwn(value, name)) problems.push(...problem(`${name} is required`));
    for (const [key, inner] of Object.entries(value)) {
      if (Object.hasOwn(properties, key))
        problems.push(...checkAgainstSchema(root, inner, properties[key], [...at, key]));
      else if (schema.additionalProperties === false) problems.push(...problem('is not an allowed key', [...at, key]));
      else if (isObject(schema.additionalProperties))
        problems.push(...checkAgainstSchema(root, inner, schema.additionalProperties, [...at, key]));
    }
  }
  return problems;
}
