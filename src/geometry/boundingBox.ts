/** Axis-aligned bounds of a set of points. */
export interface BoundingBox {
  minX: number;
  minY: number;
  minZ: number;
  maxX: number;
  maxY: number;
  maxZ: number;
}

const EVERYWHERE: readonly [number, number, number] = [-Infinity, -Infinity, -Infinity];
const NOWHERE_FAR: readonly [number, number, number] = [Infinity, Infinity, Infinity];

/**
 * Bounds of the first `count` x, y, z triples that lie within `low`..`high`, or
 * undefined when none does.
 */
export function boundingBoxWithin(positions: ArrayLike<number>, count: number, low: ArrayLike<number>, high: ArrayLike<number>): BoundingBox | undefined {
  let minX = Infinity, minY = Infinity, minZ = Infinity;
  let maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i = 0; i < count; i++) {
    const x = positions[i * 3], y = positions[i * 3 + 1], z = positions[i * 3 + 2];
    if (!(x >= low[0] && x <= high[0] && y >= low[1] && y <= high[1] && z >= low[2] && z <= high[2])) continue;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  return minX > maxX ? undefined : { minX, minY, minZ, maxX, maxY, maxZ };
}

/** Bounds of the first `count` x, y, z triples (all by default); no points give a zero box at the origin. */
export function boundingBox(positions: ArrayLike<number>, count = Math.floor(positions.length / 3)): BoundingBox {
  return boundingBoxWithin(positions, count, EVERYWHERE, NOWHERE_FAR) ?? { minX: 0, minY: 0, minZ: 0, maxX: 0, maxY: 0, maxZ: 0 };
}
