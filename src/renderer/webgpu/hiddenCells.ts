import type { mat4 } from 'gl-matrix';
import { cellFootprint, createCellFootprint, type TileGrid } from '../cellFootprint';
import { TILE_PIXELS } from '../shaderConstants';

/** Pixels per side of the tiles whose farthest splatted depth later stages test cells against. */
export { TILE_PIXELS };
/** The f32 unit roundoff. */
const ROUNDOFF = 2 ** -24;
/** A near key that tests nothing: the splat keeps the span. */
export const NO_TEST = 0;

const footprint = createCellFootprint();
const grid: TileGrid = { width: 0, height: 0, tileSize: TILE_PIXELS, rowsFromTop: true };
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
 * under a 0..1-depth `viewProjection` with pixel rows from the top, as starsShape.wgsl projects stars.
 * A box reaching behind the eye or the near plane, or wholly off screen, is not tested.
 */
export function cellTest(bounds: Float32Array, cell: number, viewProjection: mat4, worldMargin: number, width: number, height: number, out: CellTest): CellTest {
  out.nearKey = NO_TEST;
  grid.width = width;
  grid.height = height;
  if (!cellFootprint(bounds, cell, viewProjection, worldMargin, 0, grid, footprint)) return out;
  const { x0, y0, x1, y1, nearest, sumZ, sumW, minW } = footprint;
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
