// A text that counts the characters read from it, so that a test can say "the work grows with the
// length, not its square" by counting, the same on a busy machine as on an idle one (speed itself
// is the bench's). The code under test gets it where it takes a string and reads it as one: each
// `text[i]` is one character; `slice`, `substring` and `substr` count what they copy; `indexOf`
// and `lastIndexOf` what they pass over; `startsWith` and `endsWith` what they compare; a single
// character's method one; any other method, and any conversion of the whole (to hand it to a
// regular expression, say), the whole length: unknown reading is never counted as free.

/** How many characters each way of reading read, and their sum. */
export interface TextReads {
  total: number;
  byWay: Record<string, number>;
}

const ONE_CHARACTER = new Set(['charAt', 'charCodeAt', 'codePointAt', 'at']);
const FREE = new Set(['length', 'constructor']);

/** An integer argument as the string methods read it (NaN and absent: `fallback`). */
const integer = (value: unknown, fallback: number) => (value === undefined ? fallback : Math.trunc(Number(value)) || 0);
const clamp = (n: number, length: number) => Math.min(length, Math.max(0, n));
/** A position of `slice`: negative counts from the end. */
const fromEnd = (n: number, length: number) => clamp(n < 0 ? length + n : n, length);

/** What one call of a string method read, in characters. */
function costOf(text: string, method: string, args: unknown[], result: unknown): number {
  const length = text.length;
  if (ONE_CHARACTER.has(method)) return 1;
  switch (method) {
    case 'slice':
      return Math.max(0, fromEnd(integer(args[1], length), length) - fromEnd(integer(args[0], 0), length));
    case 'substring':
      return Math.abs(clamp(integer(args[1], length), length) - clamp(integer(args[0], 0), length));
    case 'substr': {
      const from = fromEnd(integer(args[0], 0), length);
      return clamp(integer(args[1], length), length - from);
    }
    case 'indexOf': {
      const from = clamp(integer(args[1], 0), length);
      const found = result as number;
      return found < 0 ? length - from : found + String(args[0]).length - from;
    }
    case 'lastIndexOf': {
      const from = clamp(integer(args[1], length), length);
      const found = result as number;
      return found < 0 ? from : from - found + String(args[0]).length;
    }
    case 'startsWith':
    case 'endsWith':
      return String(args[0]).length;
    default:
      return length;
  }
}

/**
 * `text` as a value that reads as the same string (index, `length`, every string method, `${…}`)
 * and counts what is read from it into `reads`. Typed as a string: hand it where one is taken.
 */
export function countingText(text: string): { counted: string; reads: TextReads } {
  const reads: TextReads = { total: 0, byWay: {} };
  const add = (way: string, characters: number) => {
    reads.total += characters;
    reads.byWay[way] = (reads.byWay[way] ?? 0) + characters;
  };
  const counted = new Proxy(new String(text), {
    get(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) {
        add('index', 1);
        return text[Number(key)];
      }
      if (typeof key === 'string' && FREE.has(key)) return Reflect.get(target, key) as unknown;
      if (key === Symbol.toPrimitive) {
        return () => {
          add('conversion', text.length);
          return text;
        };
      }
      const value = Reflect.get(target, key) as unknown;
      if (typeof value !== 'function') return value;
      const method = typeof key === 'symbol' ? key.toString() : key;
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(text, args);
        add(method, costOf(text, method, args, result));
        return result;
      };
    },
  });
  return { counted: counted as unknown as string, reads };
}
