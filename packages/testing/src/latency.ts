/** The nearest-rank percentile `p` (0-100) of latencies sorted ascending; NaN when there are none. */
export const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN;

/** A copy sorted ascending. */
export const ascending = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** `n` to `d` decimals, for printing a figure. */
export const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
