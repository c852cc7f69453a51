import type { mat4 } from 'gl-matrix';

/** Farthest depth per tile of the frame so far, as 24-bit integers (0 = near plane, 2^24 - 1 = far). */
export interface DepthTiles {
  farthest: Uint32Array;
  tilesX: number;
  tilesY: number;
  /** Pixels per tile side. */
  tileSize: number;
  width: number;
  height: number;
}

export const DEPTH_STEPS = 2 ** 24 - 1;
/** Screen margin around a cell: a star is at least two pixels wide, plus one for rounding. */
const MARGIN_PIXELS = 2;
/** Depth steps of slack, so that float rounding on either side never hides a star the depth test would pass. */
const SLACK_STEPS = 8;

/**
 * Whether every star of a cell is behind what is already drawn: its box, grown by the largest
 * star's world radius, projects inside tiles whose farthest depth is nearer than the box's nearest.
 * Any corner at or behind the eye keeps the cell.
 */
export function cellHidden(bounds: Float32Array, chunk: number, viewProjection: mat4, worldMargin: number, tiles: DepthTiles): boolean {
  const m = viewProjection;
  const b = chunk * 6;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, nearest = Infinity;
  for (let corner = 0; corner < 8; corner++) {
    const x = corner & 1 ? bounds[b + 3] + worldMargin : bounds[b] - worldMargin;
    const y = corner & 2 ? bounds[b + 4] + worldMargin : bounds[b + 1] - worldMargin;
    const z = corner & 4 ? bounds[b + 5] + worldMargin : bounds[b + 2] - worldMargin;
    const w = m[3] * x + m[7] * y + m[11] * z + m[15];
    if (!(w > 0)) return false;
    const cz = (m[2] * x + m[6] * y + m[10] * z + m[14]) / w;
    if (cz < -1) return false;
    const sx = ((m[0] * x + m[4] * y + m[8] * z + m[12]) / w + 1) * 0.5 * tiles.width;
    const sy = ((m[1] * x + m[5] * y + m[9] * z + m[13]) / w + 1) * 0.5 * tiles.height;
    minX = Math.min(minX, sx);
    maxX = Math.max(maxX, sx);
    minY = Math.min(minY, sy);
    maxY = Math.max(maxY, sy);
    nearest = Math.min(nearest, (cz + 1) * 0.5);
  }
  const t = tiles.tileSize;
  const x0 = Math.max(0, Math.floor((minX - MARGIN_PIXELS) / t)), x1 = Math.min(tiles.tilesX - 1, Math.floor((maxX + MARGIN_PIXELS) / t));
  const y0 = Math.max(0, Math.floor((minY - MARGIN_PIXELS) / t)), y1 = Math.min(tiles.tilesY - 1, Math.floor((maxY + MARGIN_PIXELS) / t));
  if (x0 > x1 || y0 > y1) return false;
  const limit = nearest * DEPTH_STEPS - SLACK_STEPS;
  for (let ty = y0; ty <= y1; ty++) {
    for (let tx = x0; tx <= x1; tx++) if (tiles.farthest[ty * tiles.tilesX + tx] >= limit) return false;
  }
  return true;
}
