import type { TileHierarchy } from '../tileHierarchy';

/** The octants from the root down to `tile`, e.g. [3, 5, 1]; bit 0 = upper x half, 1 = y, 2 = z. */
export function tilePath(hierarchy: TileHierarchy, tile: number): number[] {
  const path: number[] = [];
  const { boxes, parent } = hierarchy;
  for (let at = tile; parent[at] >= 0; at = parent[at]) {
    const up = parent[at];
    let octant = 0;
    for (let axis = 0; axis < 3; axis++) {
      const middle = (boxes[up * 6 + axis] + boxes[up * 6 + 3 + axis]) / 2;
      if (boxes[at * 6 + axis] >= middle) octant |= 1 << axis;
    }
    path.push(octant);
  }
  return path.reverse();
}

/** "tile 3-5-1 (x -5000..0, y 0..2500, z -2500..0)", or "root tile (...)": for messages and data warnings. */
export function describeTileRegion(hierarchy: TileHierarchy, tile: number): string {
  if (tile < 0 || tile >= hierarchy.tileCount) return `tile #${tile} (not in the hierarchy)`;
  const b = hierarchy.boxes;
  const at = tile * 6;
  const range = (axis: number) => `${Math.round(b[at + axis])}..${Math.round(b[at + 3 + axis])}`;
  const path = tilePath(hierarchy, tile);
  const name = path.length === 0 ? 'root tile' : `tile ${path.join('-')}`;
  return `${name} (x ${range(0)}, y ${range(1)}, z ${range(2)})`;
}
