// The one test of "a JSON object" (not null, not an array) every reader of the service's bodies,
// and of the results panel's messages, uses.

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A whole number, zero or more: a count, an index, a run's id. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** Canonical JSON: keys in order at every depth, absent keys left out, so that equal values read the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isJsonObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => value[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * A field meant as text (a name, an id, a type), as words show it: text as it is, a number or
 * true/false as written, and `otherwise` when it is absent or null. An object or a list has no text
 * of its own (String would say "[object Object]"): it reads as `otherwise` too.
 */
export function fieldText(value: unknown, otherwise = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return otherwise;
}
