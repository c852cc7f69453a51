import type { mat4 } from 'gl-matrix';

/** Pixels per side of the tiles whose farthest splatted depth later stages test cells against (TILE in stars.wgsl). */
export const TILE_PIXELS = 4;
/** Screen margin around a cell: a star is at least two pixels wide, plus one for rounding. */
const MARGIN_PIXELS = 2;
/** The f32 unit roundoff. */
const ROUNDOFF = 2 ** -24;
/** A near key that tests nothing: the splat keeps the run. */
export const NO_TEST = 0;

const float = new Float32Array(1);
const bits = new Uint32Array(float.buffer);

/** The tiles a cell's stars can light and the key of its nearest depth, as the splat reads them. */
export interface CellTest {
  /** First tile x in the low 16 bits, first tile y in the high ones. */
  tileMin: number;
  tileMax: number;
  /** Inverted float bits of a depth just nearer than any of the cell's stars; NO_TEST when the cell cannot be tested. */
  nearKey: number;
}

/**
 * The tile rectangle and nearest depth of a cell's box grown by the largest star's world radius,
 * under a 0..1-depth `viewProjection` with pixel rows from the top, as stars.wgsl projects stars.
 * A box reaching behind the eye or the near plane, or wholly off screen, is not tested.
 */
export function cellTest(bounds: Float32Array, chunk: number, viewProjection: mat4, worldMargin: number, width: number, height: number, out: CellTest): CellTest {
  const m = viewProjection;
  const b = chunk * 6;
  out.nearKey = NO_TEST;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, nearest = Infinity;
  let minW = Infinity, sumZ = 0, sumW = 0;
  for (let corner = 0; corner < 8; corner++) {
    const x = corner & 1 ? bounds[b + 3] + worldMargin : bounds[b] - worldMargin;
    const y = corner & 2 ? bounds[b + 4] + worldMargin : bounds[b + 1] - worldMargin;
    const z = corner & 4 ? bounds[b + 5] + worldMargin : bounds[b + 2] - worldMargin;
    const w = m[3] * x + m[7] * y + m[11] * z + m[15];
    if (!(w > 0)) return out;
    const depth = (m[2] * x + m[6] * y + m[10] * z + m[14]) / w;
    if (!(depth > 0)) return out;
    const sx = ((m[0] * x + m[4] * y + m[8] * z + m[12]) / w + 1) * 0.5 * width;
    const sy = (1 - (m[1] * x + m[5] * y + m[9] * z + m[13]) / w) * 0.5 * height;
    minX = Math.min(minX, sx);
    maxX = Math.max(maxX, sx);
    minY = Math.min(minY, sy);
    maxY = Math.max(maxY, sy);
    nearest = Math.min(nearest, depth);
    minW = Math.min(minW, w);
    sumZ = Math.max(sumZ, Math.abs(m[2] * x) + Math.abs(m[6] * y) + Math.abs(m[10] * z) + Math.abs(m[14]));
    sumW = Math.max(sumW, Math.abs(m[3] * x) + Math.abs(m[7] * y) + Math.abs(m[11] * z) + Math.abs(m[15]));
  }
  const tilesX = Math.ceil(width / TILE_PIXELS), tilesY = Math.ceil(height / TILE_PIXELS);
  const x0 = Math.max(0, Math.floor((minX - MARGIN_PIXELS) / TILE_PIXELS)), x1 = Math.min(tilesX - 1, Math.floor((maxX + MARGIN_PIXELS) / TILE_PIXELS));
  const y0 = Math.max(0, Math.floor((minY - MARGIN_PIXELS) / TILE_PIXELS)), y1 = Math.min(tilesY - 1, Math.floor((maxY + MARGIN_PIXELS) / TILE_PIXELS));
  if (x0 > x1 || y0 > y1) return out;
  out.tileMin = (x0 | (y0 << 16)) >>> 0;
  out.tileMax = (x1 | (y1 << 16)) >>> 0;
  out.nearKey = nearKeyOf(nearest - depthError(sumZ, sumW, minW));
  return out;
}

/**
 * How far below its exact depth the splat's f32 arithmetic can put a star of the cell: a four-term
 * dot product errs by at most about 4 roundoffs of the sum of its terms' magnitudes (largest at a
 * corner, as is the smallest w), plus the division's. With the camera far out the terms are tens of
 * thousands while depths differ by 1e-6 between cells, so a fixed slack would not do.
 */
function depthError(sumZ: number, sumW: number, minW: number): number {
  return (5 * ROUNDOFF * (sumZ + sumW)) / minW + 3 * ROUNDOFF;
}

/** Inverted float bits of an f32 depth at or nearer than `depth` (nearer depths have bigger keys). */
export function nearKeyOf(depth: number): number {
  if (!(depth > 0)) return NO_TEST;
  float[0] = depth;
  return ~(bits[0] - 1) >>> 0;
}
