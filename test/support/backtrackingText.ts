// Text that makes a careless scanner look ahead to its end again and again: unclosed strings and
// brackets, escapes, comment starts and pipes, each repeated to a length. The checks' test counts
// what reading it costs (test/unit/apl/checks.test.ts) and the bench times it (test/bench/aplParser.ts).

/** The units repeated: each a way a scanner may backtrack. */
export const BACKTRACKING_UNITS = ["'\\", '"a\\"', '([{', '|where ', '`'] as const;

/** `unit` repeated to exactly `length` characters. */
export const repeatedTo = (unit: string, length: number): string =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
