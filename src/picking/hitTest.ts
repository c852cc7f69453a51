import { NearestOnRay } from './nearestOnRay';
import type { Ray } from './ray';

/** docs/rules.md#picking: a star is hit when the ray passes within this distance of it. */
export const HIT_THRESHOLD = 30;

/** The same answer as the index gives, by looking at every star. */
export function nearestByScan(points: ArrayLike<number>, ray: Ray, threshold: number): number | undefined {
  const nearest = NearestOnRay.along(ray, threshold);
  if (!nearest) return undefined;
  for (let id = 0, n = points.length / 3; id < n; id++) nearest.consider(points, id);
  return nearest.best;
}
