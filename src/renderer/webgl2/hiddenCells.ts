import type { mat4 } from 'gl-matrix';
import { cellFootprint, createCellFootprint, type TileGrid } from '../cellFootprint';

/** Farthest depth per tile of the frame so far, as 24-bit integers (0 = near plane, 2^24 - 1 = far). */
export interface DepthTiles extends TileGrid {
  farthest: Uint32Array;
  tilesX: number;
  tilesY: number;
}

export const DEPTH_STEPS = 2 ** 24 - 1;
/** Depth steps of slack, so that float rounding on either side never hides a star the depth test would pass. */
const SLACK_STEPS = 8;

const footprint = createCellFootprint();

/**
 * Whether every star of a cell is behind what is already drawn: its box, grown by the largest
 * star's world radius, projects inside tiles whose farthest depth is nearer than the box's nearest.
 * A box reaching behind the eye or the near plane is kept.
 */
export function cellHidden(bounds: Float32Array, cell: number, viewProjection: mat4, worldMargin: number, tiles: DepthTiles): boolean {
  if (!cellFootprint(bounds, cell, viewProjection, worldMargin, -1, tiles, footprint)) return false;
  const limit = (footprint.nearest + 1) * 0.5 * DEPTH_STEPS - SLACK_STEPS;
  for (let ty = footprint.y0; ty <= footprint.y1; ty++) {
    for (let tx = footprint.x0; tx <= footprint.x1; tx++) if (tiles.farthest[ty * tiles.tilesX + tx] >= limit) return false;
  }
  return true;
}
