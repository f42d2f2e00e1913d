// What the code links bench (codeLinksPaint.ts, a browser's process) hands bench.ts: plain data,
// in a file of its own so that bench.ts reads its type without the browser's.
export interface CodeLinksFigures {
  /** Per run, ms: the first paint with links, and without. */
  paintLinked: number[];
  paintPlain: number[];
  /** Per run, ms from the result's message until the first paint's links were drawn (linked panel). */
  linkedAfter: number[];
  /** Per run, the median ms of the table's work in a frame while paging, with links and without. */
  pageLinked: number[];
  pagePlain: number[];
  /** Per run, the ms per frame spent finding links when the browser was idle (the linked panel). */
  idleLinked: number[];
  /** Links on screen once the first paint's were drawn (linked panel), and row elements: only the rows drawn. */
  links: number;
  rowElements: number;
}
