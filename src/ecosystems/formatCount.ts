import type { DegreeValue } from './degreeLabels';

const countFormat = new Intl.NumberFormat('en-US');

/** A count as a visitor reads it: 195689 -> '195,689'. */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** A degree as panels show it: the count, or '?' until it is known (docs/rules.md#ecosystems). */
export function formatDegree(value: DegreeValue): string {
  return value === '?' ? '?' : formatCount(value);
}
