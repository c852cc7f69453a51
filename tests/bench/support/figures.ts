/** Small helpers for a bench's figures, free of browser and build imports (the GPU scripts are bundled for machines without them). */

/** The middle value (mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** A comma-separated environment value's entries. */
export const list = (value: string | undefined) => (value ?? '').split(',').filter(Boolean);
