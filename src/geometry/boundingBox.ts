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
 * Bounds of the first `count` x, y, z triples (all by default) that lie within `low`..`high` (all of
 * them by default); no such points give a zero box at the origin.
 */
export function boundingBox(
  positions: ArrayLike<number>,
  count = Math.floor(positions.length / 3),
  low: ArrayLike<number> = EVERYWHERE,
  high: ArrayLike<number> = NOWHERE_FAR,
): BoundingBox {
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
  if (minX > maxX) return { minX: 0, minY: 0, minZ: 0, maxX: 0, maxY: 0, maxZ: 0 };
  return { minX, minY, minZ, maxX, maxY, maxZ };
}
