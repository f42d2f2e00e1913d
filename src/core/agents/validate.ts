// A tool's input checked against its schema (toolSpecs.ts) before anything is sent: a model may
// call a tool with anything, and so may another extension through vscode.lm.invokeTool. What is
// wrong is said in words a model can act on, one problem per property.
import { isJsonObject } from '../json';
import { toolSpec, type PropertySchema, type ToolInputs, type ToolName } from './toolSpecs';

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

export function validateInput<N extends ToolName>(name: N, input: unknown): Checked<ToolInputs[N]> {
  const { inputSchema } = toolSpec(name);
  // No input at all is an empty one (a tool without required properties can be called so).
  const given = input === undefined || input === null ? {} : input;
  if (!isJsonObject(given))
    return {
      ok: false,
      problems: [`the input must be a JSON object, not ${Array.isArray(given) ? 'a list' : typeof given}`],
    };
  const problems: string[] = [];
  const value: Record<string, unknown> = {};
  for (const key of Object.keys(given)) {
    if (!(key in inputSchema.properties))
      problems.push(
        `unknown property "${clip(key)}" (known: ${Object.keys(inputSchema.properties).join(', ') || 'none'})`,
      );
  }
  for (const [key, schema] of Object.entries(inputSchema.properties)) {
    const raw = given[key];
    if (raw === undefined || raw === null) {
      if (inputSchema.required?.includes(key)) problems.push(`"${key}" is required`);
      continue;
    }
    const problem = checkProperty(raw, schema);
    if (problem) problems.push(`"${key}" ${problem}`);
    else value[key] = raw;
  }
  return problems.length ? { ok: false, problems } : { ok: true, value: value as ToolInputs[N] };
}

function checkProperty(raw: unknown, schema: PropertySchema): string | undefined {
  switch (schema.type) {
    case 'string': {
      if (typeof raw !== 'string') return `must be a string, not ${describe(raw)}`;
      if (schema.minLength !== undefined && raw.trim().length < schema.minLength) return 'must not be empty';
      if (schema.maxLength !== undefined && raw.length > schema.maxLength)
        return `is ${raw.length} characters long; at most ${schema.maxLength}`;
      if (schema.enum && !schema.enum.includes(raw))
        return `must be one of ${schema.enum.join(', ')}, not "${clip(raw)}"`;
      return undefined;
    }
    case 'boolean':
      return typeof raw === 'boolean' ? undefined : `must be true or false, not ${describe(raw)}`;
    case 'integer':
    case 'number': {
      if (typeof raw !== 'number' || !Number.isFinite(raw)) return `must be a number, not ${describe(raw)}`;
      if (schema.type === 'integer' && !Number.isInteger(raw)) return `must be a whole number, not ${raw}`;
      if (schema.minimum !== undefined && raw < schema.minimum) return `must be at least ${schema.minimum}`;
      if (schema.maximum !== undefined && raw > schema.maximum) return `must be at most ${schema.maximum}`;
      return undefined;
    }
  }
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the text "${clip(value)}"`;
  // A JSON scalar is left (a number, true or false): its text is what the person reads.
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`; // eslint-disable-line @typescript-eslint/no-base-to-string -- objects are answered above
}

/** A value quoted back in a problem: short, on one line. */
function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}
