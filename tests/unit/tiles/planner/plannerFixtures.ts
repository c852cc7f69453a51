import { mat4 } from 'gl-matrix';
import type { TileHierarchy } from '../../../../src/tiles/tileHierarchy';
import type { PlannerCamera } from '../../../../src/tiles/planner/importance';

/**
 * A full octree over the cube -half..half on each axis, `depth` levels below the root, breadth
 * first (so a tile's children are contiguous); every tile holds `starsPerTile` stars of 10 bytes each.
 */
export function fullOctree(depth: number, half = 1000, starsPerTile = 100): TileHierarchy {
  const boxes: number[] = [];
  const parent: number[] = [];
  const level: number[] = [];
  const firstChild: number[] = [];
  const childCount: number[] = [];
  boxes.push(-half, -half, -half, half, half, half);
  parent.push(-1);
  level.push(0);
  for (let tile = 0; tile < parent.length; tile++) {
    if (level[tile] === depth) {
      firstChild.push(0);
      childCount.push(0);
      continue;
    }
    firstChild.push(parent.length);
    childCount.push(8);
    const [x0, y0, z0, x1, y1, z1] = boxes.slice(tile * 6, tile * 6 + 6);
    const mx = (x0 + x1) / 2, my = (y0 + y1) / 2, mz = (z0 + z1) / 2;
    for (let c = 0; c < 8; c++) {
      const [ax, bx] = c & 1 ? [mx, x1] : [x0, mx];
      const [ay, by] = c & 2 ? [my, y1] : [y0, my];
      const [az, bz] = c & 4 ? [mz, z1] : [z0, mz];
      boxes.push(ax, ay, az, bx, by, bz);
      parent.push(tile);
      level.push(level[tile] + 1);
    }
  }
  const tileCount = parent.length;
  return {
    tileCount,
    parent: Int32Array.from(parent),
    firstChild: Uint32Array.from(firstChild),
    childCount: Uint8Array.from(childCount),
    level: Uint8Array.from(level),
    boxes: Float32Array.from(boxes),
    starCount: new Uint32Array(tileCount).fill(starsPerTile),
    byteSize: new Uint32Array(tileCount).fill(starsPerTile * 10),
    maxInDegree: 42,
    totalStars: tileCount * starsPerTile,
  };
}

/** A camera at `position` looking along `forward` (y up), 45° field of view, 800 x 600 px. */
export function cameraAt(position: [number, number, number], forward: [number, number, number]): PlannerCamera {
  const target: [number, number, number] = [position[0] + forward[0], position[1] + forward[1], position[2] + forward[2]];
  const up: [number, number, number] = Math.abs(forward[1]) > 0.99 ? [0, 0, 1] : [0, 1, 0];
  const view = mat4.lookAt(mat4.create(), position, target, up);
  const fovY = Math.PI / 4;
  const projection = mat4.perspective(mat4.create(), fovY, 800 / 600, 1, 20000);
  const viewProjection = mat4.multiply(mat4.create(), projection, view);
  return { viewProjection, position, viewportHeight: 600, fovY };
}

/** Tile ids of the octree's children of `tile`. */
export function childrenOf(h: TileHierarchy, tile: number): number[] {
  return Array.from({ length: h.childCount[tile] }, (_, c) => h.firstChild[tile] + c);
}

export function boxOf(h: TileHierarchy, tile: number): number[] {
  return Array.from(h.boxes.subarray(tile * 6, tile * 6 + 6));
}
