import type { TileHierarchy } from '../tileHierarchy';

/**
 * Each tile's bounding sphere and box in world coordinates (the hierarchy's boxes times the scale),
 * as tileImportance and the frustum test read them: a galaxy's tiles never change, so a planner
 * computes them once per scale instead of for every tile of every plan.
 */
export interface TileSpheres {
  readonly scale: number;
  /** x, y, z of each tile's box centre. */
  readonly centres: Float64Array;
  /** Half the diagonal of each tile's box. */
  readonly radii: Float64Array;
  /** min x, y, z then max x, y, z of each tile's box (ordered: a negative scale swaps the corners). */
  readonly boxes: Float64Array;
}

export function tileSpheres(h: Pick<TileHierarchy, 'tileCount' | 'boxes'>, scale: number): TileSpheres {
  const b = h.boxes;
  const centres = new Float64Array(h.tileCount * 3);
  const radii = new Float64Array(h.tileCount);
  const boxes = new Float64Array(h.tileCount * 6);
  for (let tile = 0; tile < h.tileCount; tile++) {
    const o = tile * 6;
    // The very expressions tileImportance used per plan, so that every plan ranks tiles as before.
    for (let axis = 0; axis < 3; axis++) {
      centres[tile * 3 + axis] = ((b[o + axis] + b[o + 3 + axis]) / 2) * scale;
      const lo = b[o + axis] * scale;
      const hi = b[o + 3 + axis] * scale;
      boxes[o + axis] = Math.min(lo, hi);
      boxes[o + 3 + axis] = Math.max(lo, hi);
    }
    radii[tile] = (Math.hypot(b[o + 3] - b[o], b[o + 4] - b[o + 1], b[o + 5] - b[o + 2]) / 2) * Math.abs(scale);
  }
  return { scale, centres, radii, boxes };
}
