import type { StarCells } from '../renderer/starCells';
import { NearestOnRay } from './nearestOnRay';
import type { Ray } from './ray';
import { rayHitsBox } from './rayBox';

/**
 * The slot nearest to the ray (docs/rules.md#picking: within `threshold`, ahead of the origin, on a
 * tie the nearer one) among the stars of the cells given: each cell's box, grown by the threshold,
 * is tested against the ray first, so only the stars of cells the ray passes are looked at. For a
 * tiled galaxy, whose drawn tiles are cells with boxes, this needs no index over the whole pool.
 */
export function nearestInCells(cells: StarCells, positions: ArrayLike<number>, ray: Ray, threshold: number): number | undefined {
  const nearest = NearestOnRay.along(ray, threshold);
  if (!nearest) return undefined;
  const { ox, oy, oz, dx, dy, dz } = nearest;
  const b = cells.bounds, t = threshold;
  for (let k = 0; k < cells.cells; k++) {
    const count = cells.count[k];
    if (count === 0) continue;
    const o = k * 6;
    if (!rayHitsBox(ox, oy, oz, dx, dy, dz, b[o] - t, b[o + 1] - t, b[o + 2] - t, b[o + 3] + t, b[o + 4] + t, b[o + 5] + t)) continue;
    for (let slot = cells.start[k], end = slot + count; slot < end; slot++) nearest.consider(positions, slot);
  }
  return nearest.best;
}
