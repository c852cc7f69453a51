import type { ParticleView } from '../renderer/particleView';
import { intersectRay, type FlatOctree, type Ray } from './octree';

/** SPEC section 9: a star is hit when the ray passes within this distance of it. */
export const HIT_THRESHOLD = 30;

export interface HitTest {
  /** Use the spatial index once the worker has built it; until then every star is checked. */
  setIndex(tree: FlatOctree | undefined): void;
  /** Nearest star to the ray within the threshold, or undefined. */
  pick(ray: Ray): number | undefined;
}

export function createHitTest(view: ParticleView | undefined | null, threshold = HIT_THRESHOLD): HitTest {
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
  const [ox, oy, oz] = ray.origin;
  const len = Math.hypot(ray.direction[0], ray.direction[1], ray.direction[2]);
  if (!(len > 0)) return undefined;
  const dx = ray.direction[0] / len, dy = ray.direction[1] / len, dz = ray.direction[2] / len;
  const limit = threshold * threshold;
  let best: number | undefined;
  let bestDist = Infinity;
  let bestT = Infinity;
  for (let id = 0, n = points.length / 3; id < n; id++) {
    const px = points[id * 3] - ox, py = points[id * 3 + 1] - oy, pz = points[id * 3 + 2] - oz;
    const t = px * dx + py * dy + pz * dz;
    if (t <= 0) continue;
    const d2 = px * px + py * py + pz * pz - t * t;
    if (d2 > limit) continue;
    if (d2 < bestDist || (d2 === bestDist && t < bestT)) {
      best = id;
      bestDist = d2;
      bestT = t;
    }
  }
  return best;
}
