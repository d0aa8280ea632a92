/**
 * The value `q` of the way up `values` once sorted (0.5 the median, 0.95 the 95th percentile), or NaN when there are
 * none: a figure the bench did not measure is not a zero. Every bench figure of a distribution is read with it.
 */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
