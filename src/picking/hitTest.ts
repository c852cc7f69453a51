import type { StarAttributes } from '../renderer/starAttributes';
import { NearestOnRay } from './nearestOnRay';
import { intersectRay, type FlatOctree } from './octree';
import type { Ray } from './ray';

/** docs/rules.md#picking: a star is hit when the ray passes within this distance of it. */
export const HIT_THRESHOLD = 30;

export interface HitTest {
  /** Use the spatial index once the worker has built it; until then every star is checked. */
  setIndex(tree: FlatOctree | undefined): void;
  /** Nearest star to the ray within the threshold, or undefined. */
  pick(ray: Ray): number | undefined;
}

export function createHitTest(view: StarAttributes | undefined | null, threshold = HIT_THRESHOLD): HitTest {
  if (!view) throw new Error('hit-test cannot work without particle view');
  let index: FlatOctree | undefined;
  return {
    setIndex(tree) {
      index = tree;
    },
    pick(ray) {
      const points = view.coordinates;
      return index ? intersectRay(index, points, ray, threshold) : nearestByScan(points, ray, threshold);
    },
  };
}

/** The same answer as the index gives, by looking at every star. */
export function nearestByScan(points: ArrayLike<number>, ray: Ray, threshold: number): number | undefined {
  const nearest = NearestOnRay.along(ray, threshold);
  if (!nearest) return undefined;
  for (let id = 0, n = points.length / 3; id < n; id++) nearest.consider(points, id);
  return nearest.best;
}
