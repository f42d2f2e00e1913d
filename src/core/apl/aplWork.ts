// Work the APL checks do where it could grow faster than the text: steps taken to find the line of
// an offset, cells of edit distance computed to suggest a name, and steps taken to match a problem
// against others or a bracket against the open ones. Counted, not timed: the unit tests compare the
// counts for a text and one twice as long to hold the checks linear (test/unit/apl/fileChecks.test.ts);
// speed itself is measured by the bench (test/bench/checkApl.ts). And how the checks read a file's
// queries: with no node made (quickQuery.ts) or, left to it, by the parser.
export const aplWork = { lineSteps: 0, suggestionCells: 0, matchSteps: 0, quickQueries: 0, leftQueries: 0 };

/** Sets every count back to 0. */
export function resetAplWork(): void {
  aplWork.lineSteps = 0;
  aplWork.suggestionCells = 0;
  aplWork.matchSteps = 0;
  aplWork.quickQueries = 0;
  aplWork.leftQueries = 0;
}
