// Arguments a command was given from outside the extension, copied to plain data once, at the
// door (platform/outsideCallers.ts through outsideQuestion.ts's plainArguments), before any question.

/** Deepest nesting copied: an argument is a record or a few, never a deep tree. */
const DEEPEST = 32;

/**
 * `value` as plain data, each of its parts read exactly once: texts, numbers, booleans and null as
 * they are; arrays and objects copied (own enumerable string keys, each value read once, whatever
 * getter or proxy answers it); what plain data cannot hold (a function, a symbol, a bigint, a part
 * that throws when read, a cycle, nesting past DEEPEST) left out. `special` may give an object's
 * own copy (a URI rebuilt from its parts); undefined lets it be copied as plain data. Later reads
 * of the copy answer the same, so what a question showed is what the command then acts on.
 */
export function plainData(value: unknown, special?: (value: object) => unknown): unknown {
  const open = new Set<object>();
  const copy = (part: unknown, depth: number): unknown => {
    if (part === null || typeof part === 'string' || typeof part === 'number' || typeof part === 'boolean') return part;
    if (typeof part !== 'object' || open.has(part) || depth > DEEPEST) return undefined;
    const own = special?.(part);
    if (own !== undefined) return own;
    open.add(part);
    try {
      if (Array.isArray(part)) {
        const items: unknown[] = [];
        const length = Number(part.length);
        for (let i = 0; i < length && i < 10_000; i++) items.push(copy(readOnce(part, String(i)), depth + 1));
        return items;
      }
      const copied: Record<string, unknown> = {};
      for (const key of Object.keys(part)) {
        const item = copy(readOnce(part, key), depth + 1);
        // Defined, not assigned: a key `__proto__` stays a key.
        if (item !== undefined)
          Object.defineProperty(copied, key, { value: item, enumerable: true, writable: true, configurable: true });
      }
      return copied;
    } catch {
      return undefined;
    } finally {
      open.delete(part);
    }
  };
  return copy(value, 0);
}

/** One read of `key` of `object`; a read that throws is nothing. */
function readOnce(object: object, key: string): unknown {
  try {
    return (object as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}
