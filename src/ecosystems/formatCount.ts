const countFormat = new Intl.NumberFormat('en-US');

/** A count as a visitor reads it: 195689 -> '195,689'. */
export function formatCount(count: number): string {
  return countFormat.format(count);
}
