// The one test of "a JSON object" (not null, not an array) every reader of the service's bodies,
// and of the results panel's messages, uses.

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
