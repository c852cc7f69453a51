import type { mat4 } from 'gl-matrix';

/** Screen margin around a cell: a star is at least two pixels wide, plus one for rounding. */
const MARGIN_PIXELS = 2;

/** A viewport cut into square tiles. */
export interface TileGrid {
  width: number;
  height: number;
  /** Pixels per tile side. */
  tileSize: number;
  /** Whether tile rows count from the top (WebGPU) or from the bottom (WebGL). */
  rowsFromTop: boolean;
}

/** Where a cell's stars can land on screen, for testing it against depth tiles. */
export interface CellFootprint {
  /** The tiles its stars can light, first and last inclusive. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The nearest clip z / w of its corners. */
  nearest: number;
  /** For bounding the GPU's rounding of that depth: the smallest w, and the largest sum of the magnitudes of the terms of z and of w. */
  minW: number;
  sumZ: number;
  sumW: number;
}

/**
 * The tile rectangle and nearest depth of a cell's box grown by `worldMargin` (the largest star's
 * world radius) under `viewProjection`, whose clip z / w at the near plane is `nearZ` (-1 for
 * WebGL, 0 for WebGPU), on the tiles of `grid`. False when the box
 * reaches behind the eye or the near plane, or lies wholly off screen: such a cell is not tested.
 */
export function cellFootprint(
  bounds: Float32Array,
  cell: number,
  viewProjection: mat4,
  worldMargin: number,
  nearZ: number,
  grid: TileGrid,
  out: CellFootprint,
): boolean {
  const m = viewProjection;
  const b = cell * 6;
  const { width, height, tileSize, rowsFromTop } = grid;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  out.nearest = Infinity;
  out.minW = Infinity;
  out.sumZ = 0;
  out.sumW = 0;
  for (let corner = 0; corner < 8; corner++) {
    const x = corner & 1 ? bounds[b + 3] + worldMargin : bounds[b] - worldMargin;
    const y = corner & 2 ? bounds[b + 4] + worldMargin : bounds[b + 1] - worldMargin;
    const z = corner & 4 ? bounds[b + 5] + worldMargin : bounds[b + 2] - worldMargin;
    const w = m[3] * x + m[7] * y + m[11] * z + m[15];
    if (!(w > 0)) return false;
    const depth = (m[2] * x + m[6] * y + m[10] * z + m[14]) / w;
    if (!(depth > nearZ)) return false;
    const ndcY = (m[1] * x + m[5] * y + m[9] * z + m[13]) / w;
    const sx = ((m[0] * x + m[4] * y + m[8] * z + m[12]) / w + 1) * 0.5 * width;
    const sy = (rowsFromTop ? 1 - ndcY : ndcY + 1) * 0.5 * height;
    minX = Math.min(minX, sx);
    maxX = Math.max(maxX, sx);
    minY = Math.min(minY, sy);
    maxY = Math.max(maxY, sy);
    out.nearest = Math.min(out.nearest, depth);
    out.minW = Math.min(out.minW, w);
    out.sumZ = Math.max(out.sumZ, Math.abs(m[2] * x) + Math.abs(m[6] * y) + Math.abs(m[10] * z) + Math.abs(m[14]));
    out.sumW = Math.max(out.sumW, Math.abs(m[3] * x) + Math.abs(m[7] * y) + Math.abs(m[11] * z) + Math.abs(m[15]));
  }
  const tilesX = Math.ceil(width / tileSize), tilesY = Math.ceil(height / tileSize);
  out.x0 = Math.max(0, Math.floor((minX - MARGIN_PIXELS) / tileSize));
  out.x1 = Math.min(tilesX - 1, Math.floor((maxX + MARGIN_PIXELS) / tileSize));
  out.y0 = Math.max(0, Math.floor((minY - MARGIN_PIXELS) / tileSize));
  out.y1 = Math.min(tilesY - 1, Math.floor((maxY + MARGIN_PIXELS) / tileSize));
  return out.x0 <= out.x1 && out.y0 <= out.y1;
}

export function createCellFootprint(): CellFootprint {
  return { x0: 0, y0: 0, x1: -1, y1: -1, nearest: Infinity, minW: Infinity, sumZ: 0, sumW: 0 };
}
