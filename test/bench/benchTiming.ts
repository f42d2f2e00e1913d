// What bench.ts hands the row makers of other files: its paired timing, its ways of writing a time,
// a ratio and a target, and whether the run is a quick one. One declaration, for every such file.

/** A row of the bench's table: what was measured, ours beside the baseline. */
export interface BenchRow {
  what: string;
  ours: string;
  baseline: string;
  ratio?: string;
  target?: string;
}

export interface BenchTiming {
  /** Ours and the baseline, alternated `runs` times after `warmup`: their medians and each pair's ratio. */
  paired: (
    runs: number,
    warmup: number,
    ours: () => Promise<number>,
    base: () => Promise<number>,
  ) => Promise<[number, number, number[]]>;
  ms: (value: number) => string;
  ratioAndSpread: (ours: number, base: number, pairs: number[]) => string;
  target: (words: string, met: boolean) => string;
  quick: boolean;
}
