// Sorting many strings by a key without a comparison callback per pair. A multikey quicksort
// (Bentley and Sedgewick, 1997) partitions on one character at a time, so the long prefixes that
// monitor names share ("checkout p99 latency (…") are read once per partition rather than once
// per comparison. No closures called in its loops: V8 inlines the one it first sees, and threw
// that code away ("wrong call target") whenever the next sort brought a new one.

/** Ranges this short are finished by insertion sort. */
const SMALL = 16;

/** Splits on one character a range may take before it goes to the engine's sort: 2·log₂ of its size. */
const logSplits = (size: number) => 2 * (32 - Math.clz32(size));

/**
 * The indexes of `keys` in ascending order of the keys, compared by UTF-16 code units as
 * `Array.prototype.sort` compares strings; equal keys in the order of their `tieKeys`, then as given. A range
 * that keeps splitting on the same character past `splitsFor` its size (inputs built to defeat
 * the pivot choice) is handed to the engine's sort, so no input is quadratic; the tests set that
 * allowance to none, to check the fallback.
 */
export function orderByKeys(keys: readonly string[], tieKeys: readonly string[], splitsFor = logSplits): Int32Array {
  const n = keys.length;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;

  // Pending ranges as (from, to, depth, splits): keys in [from, to) agree on their first `depth`
  // characters, and may be split on the next `splits` more times before falling back.
  const pending: number[] = [0, n, 0, splitsFor(n)];
  while (pending.length) {
    const splits = pending.pop()!;
    const depth = pending.pop()!;
    const to = pending.pop()!;
    const from = pending.pop()!;
    if (to - from <= SMALL) {
      insertionSort(order, from, to, keys, tieKeys);
      continue;
    }
    if (splits === 0) {
      engineSort(order, from, to, keys, tieKeys);
      continue;
    }
    // Median of three as the pivot character, then a three-way partition: below, equal, above.
    const pivot = median(
      charAt(keys[order[from]], depth),
      charAt(keys[order[(from + to) >> 1]], depth),
      charAt(keys[order[to - 1]], depth),
    );
    let below = from;
    let above = to - 1;
    for (let i = from; i <= above;) {
      const index = order[i];
      const c = charAt(keys[index], depth);
      if (c < pivot) {
        order[i++] = order[below];
        order[below++] = index;
      } else if (c > pivot) {
        order[i] = order[above];
        order[above--] = index;
      } else i++;
    }
    pending.push(from, below, depth, splits - 1, above + 1, to, depth, splits - 1);
    // The equal part moves on to the next character; keys that ended here are equal throughout,
    // and go by their tie keys.
    if (pivot >= 0) pending.push(below, above + 1, depth + 1, splitsFor(above + 1 - below));
    else engineSort(order, below, above + 1, keys, tieKeys);
  }
  return order;
}

/** The character at `depth`, or -1 past the end: a shorter key sorts before its extensions. */
function charAt(key: string, depth: number): number {
  return depth < key.length ? key.charCodeAt(depth) : -1;
}

function median(a: number, b: number, c: number): number {
  if (a < b) return b < c ? b : a < c ? c : a;
  return a < c ? a : b < c ? c : b;
}

/** Key, then tie key, then as given: the order is the same whatever the sort's path. */
function before(a: number, b: number, keys: readonly string[], tieKeys: readonly string[]): boolean {
  return (
    keys[a] < keys[b] || (keys[a] === keys[b] && (tieKeys[a] < tieKeys[b] || (tieKeys[a] === tieKeys[b] && a < b)))
  );
}

/** Puts `order[from..to)` in the order of the keys of its indexes, then of their tie keys. */
type SortPart = (
  order: Int32Array,
  from: number,
  to: number,
  keys: readonly string[],
  tieKeys: readonly string[],
) => void;

const insertionSort: SortPart = (order, from, to, keys, tieKeys) => {
  for (let i = from + 1; i < to; i++) {
    const index = order[i];
    let j = i - 1;
    for (; j >= from && before(index, order[j], keys, tieKeys); j--) order[j + 1] = order[j];
    order[j + 1] = index;
  }
};

const engineSort: SortPart = (order, from, to, keys, tieKeys) => {
  order.subarray(from, to).sort((a, b) => (before(a, b, keys, tieKeys) ? -1 : before(b, a, keys, tieKeys) ? 1 : 0));
};
