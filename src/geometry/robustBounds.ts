import { type BoundingBox, boundingBox, boundingBoxWithin } from './boundingBox';

/** How many interquartile ranges beyond the quartiles a star may lie and still count for the view. */
export const OUTLIER_FENCE_IQR = 20;
/** Stars sampled for the quartiles (every k-th star): enough for a stable estimate, cheap for millions. */
const QUARTILE_SAMPLE = 4096;

function quartiles(values: Float64Array): [number, number] {
  values.sort();
  const at = (q: number) => values[Math.min(values.length - 1, Math.floor(q * (values.length - 1)))];
  return [at(0.25), at(0.75)];
}

/**
 * Bounds of the stars that are not outliers: per axis, stars farther than OUTLIER_FENCE_IQR
 * interquartile ranges beyond the quartiles (Tukey's fences, made very wide) are left out, so a few
 * stars at absurd coordinates do not push the start view so far out that the galaxy is invisible.
 * Galaxies without such stars get exactly their bounding box.
 */
export function robustBoundingBox(positions: ArrayLike<number>, count = Math.floor(positions.length / 3)): BoundingBox {
  if (count === 0) return boundingBox(positions, 0);
  const step = Math.max(1, Math.floor(count / QUARTILE_SAMPLE));
  const sampled = Math.ceil(count / step);
  const low = [0, 0, 0];
  const high = [0, 0, 0];
  for (let axis = 0; axis < 3; axis++) {
    const values = new Float64Array(sampled);
    for (let i = 0, s = 0; i < count; i += step, s++) values[s] = positions[i * 3 + axis];
    const [q1, q3] = quartiles(values);
    // A flat axis (every star in one plane) still admits stars at the spread of the other axes.
    const spread = Math.max(q3 - q1, 1);
    low[axis] = q1 - OUTLIER_FENCE_IQR * spread;
    high[axis] = q3 + OUTLIER_FENCE_IQR * spread;
  }
  // Only outliers cannot happen with quartiles, but an empty fence must never lose the galaxy.
  return boundingBoxWithin(positions, count, low, high) ?? boundingBox(positions, count);
}
