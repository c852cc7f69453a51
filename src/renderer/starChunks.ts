import type { mat4 } from 'gl-matrix';
import { POINT_SIZE_FACTOR } from './starStyle';
import { boundingBox } from '../geometry/boundingBox';

/**
 * Stars grouped by a coarse grid cell so that a frame draws only the cells the camera can see.
 * `order` lists star ids cell by cell (ids themselves never change, so colours and sizes stay
 * addressed by id); each cell is a contiguous run of `order` with its bounding box.
 */
export interface StarChunks {
  order: Uint32Array;
  chunkStart: Uint32Array;
  chunkCount: Uint32Array;
  /** min x, y, z, max x, y, z per chunk. */
  chunkBounds: Float32Array;
  chunks: number;
}

export const CELLS_PER_AXIS = 16;

export function buildStarChunks(positions: Float32Array, cellsPerAxis = CELLS_PER_AXIS): StarChunks {
  const count = positions.length / 3;
  const { minX, minY, minZ, maxX, maxY, maxZ } = boundingBox(positions, count);
  const n = cellsPerAxis;
  const sx = n / Math.max(maxX - minX, 1e-6), sy = n / Math.max(maxY - minY, 1e-6), sz = n / Math.max(maxZ - minZ, 1e-6);
  const cellOf = new Uint32Array(count);
  const cellCounts = new Uint32Array(n * n * n);
  for (let i = 0; i < count; i++) {
    const cx = Math.min(n - 1, Math.floor((positions[i * 3] - minX) * sx));
    const cy = Math.min(n - 1, Math.floor((positions[i * 3 + 1] - minY) * sy));
    const cz = Math.min(n - 1, Math.floor((positions[i * 3 + 2] - minZ) * sz));
    const cell = (cz * n + cy) * n + cx;
    cellOf[i] = cell;
    cellCounts[cell]++;
  }
  const cellStart = new Uint32Array(n * n * n);
  let chunks = 0;
  for (let c = 0, run = 0; c < cellCounts.length; c++) {
    cellStart[c] = run;
    run += cellCounts[c];
    if (cellCounts[c] > 0) chunks++;
  }
  const order = new Uint32Array(count);
  const cursor = cellStart.slice();
  for (let i = 0; i < count; i++) order[cursor[cellOf[i]]++] = i;

  const chunkStart = new Uint32Array(chunks);
  const chunkCount = new Uint32Array(chunks);
  const chunkBounds = new Float32Array(chunks * 6);
  for (let c = 0, k = 0; c < cellCounts.length; c++) {
    if (cellCounts[c] === 0) continue;
    chunkStart[k] = cellStart[c];
    chunkCount[k] = cellCounts[c];
    const b = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
    for (let j = cellStart[c], end = j + cellCounts[c]; j < end; j++) {
      const p = order[j] * 3;
      for (let a = 0; a < 3; a++) {
        const v = positions[p + a];
        if (v < b[a]) b[a] = v;
        if (v > b[a + 3]) b[a + 3] = v;
      }
    }
    chunkBounds.set(b, k * 6);
    k++;
  }
  return { order, chunkStart, chunkCount, chunkBounds, chunks };
}

export interface VisibleRuns {
  /** first (index into `order`) and count per run. */
  first: Uint32Array;
  count: Uint32Array;
  runs: number;
  stars: number;
  /** The chunks in view, by index, in `visibleChunks` entries. */
  chunkIds: Uint32Array;
  visibleChunks: number;
}

/** How far, in world units, a star of `size` lights pixels around its centre: its on-screen radius times the world size of a pixel, the same at any distance. */
export function starWorldRadius(size: number, viewportHeight: number, tanHalfFov: number): number {
  return (size * POINT_SIZE_FACTOR * tanHalfFov) / Math.max(1, viewportHeight);
}

export function createVisibleRuns(chunks: StarChunks): VisibleRuns {
  return { first: new Uint32Array(chunks.chunks), count: new Uint32Array(chunks.chunks), runs: 0, stars: 0, chunkIds: new Uint32Array(chunks.chunks), visibleChunks: 0 };
}

/**
 * Fills `out` with the runs of `order` whose chunks may show on screen: boxes grown by the
 * world radius of the biggest star (a star's world radius on screen does not depend on its
 * distance) and tested against the side and near planes widened by two pixels.
 */
export function findVisibleRuns(
  chunks: StarChunks,
  viewProjection: mat4,
  viewportWidth: number,
  viewportHeight: number,
  maxStarSize: number,
  tanHalfFov: number,
  out: VisibleRuns,
): VisibleRuns {
  const m = viewProjection;
  const ex = 1 + 4 / Math.max(1, viewportWidth), ey = 1 + 4 / Math.max(1, viewportHeight);
  // Rows of the matrix (gl-matrix is column-major: element (row r, col c) is m[c * 4 + r]).
  const row = (r: number) => [m[r], m[4 + r], m[8 + r], m[12 + r]];
  const r0 = row(0), r1 = row(1), r2 = row(2), r3 = row(3);
  const planes = [
    r3.map((v, i) => v * ex + r0[i]),
    r3.map((v, i) => v * ex - r0[i]),
    r3.map((v, i) => v * ey + r1[i]),
    r3.map((v, i) => v * ey - r1[i]),
    r3.map((v, i) => v + r2[i]),
  ].map(([a, b, c, d]) => {
    const length = Math.hypot(a, b, c) || 1;
    return [a / length, b / length, c / length, d / length];
  });
  const margin = starWorldRadius(maxStarSize, viewportHeight, tanHalfFov) + 1;
  const bounds = chunks.chunkBounds;
  out.runs = 0;
  out.stars = 0;
  out.visibleChunks = 0;
  let runOpen = false;
  for (let k = 0; k < chunks.chunks; k++) {
    const b = k * 6;
    let visible = true;
    for (const [a, bb, c, d] of planes) {
      // The box corner farthest along the plane normal.
      const x = a >= 0 ? bounds[b + 3] : bounds[b];
      const y = bb >= 0 ? bounds[b + 4] : bounds[b + 1];
      const z = c >= 0 ? bounds[b + 5] : bounds[b + 2];
      if (a * x + bb * y + c * z + d < -margin) {
        visible = false;
        break;
      }
    }
    if (!visible) {
      runOpen = false;
      continue;
    }
    if (runOpen) out.count[out.runs - 1] += chunks.chunkCount[k];
    else {
      out.first[out.runs] = chunks.chunkStart[k];
      out.count[out.runs] = chunks.chunkCount[k];
      out.runs++;
      runOpen = true;
    }
    out.stars += chunks.chunkCount[k];
    out.chunkIds[out.visibleChunks++] = k;
  }
  return out;
}

/**
 * What both backends keep per star set: the stars stored on the GPU in cell order (slot k holds
 * star `order[k]`), so that a visible run of cells is one contiguous draw and neighbours in space
 * are neighbours in memory. Star ids stay what the app uses; only the GPU copy is reordered.
 */
export class StarLayout {
  readonly chunks: StarChunks;
  /** Slot of each star id on the GPU. */
  readonly slotOf: Uint32Array;
  private runs: VisibleRuns;
  private maxStarSize: number;

  constructor(positions: Float32Array, sizes: Float32Array, hoverFactor: number) {
    this.chunks = buildStarChunks(positions);
    this.runs = createVisibleRuns(this.chunks);
    const order = this.chunks.order;
    this.slotOf = new Uint32Array(order.length);
    for (let slot = 0; slot < order.length; slot++) this.slotOf[order[slot]] = slot;
    let max = 0;
    for (let i = 0; i < sizes.length; i++) if (sizes[i] > max) max = sizes[i];
    this.maxStarSize = max * hoverFactor;
  }

  /** `source` (per star id, `components` values each) rearranged into slot order. */
  reorder<T extends Float32Array | Uint8Array>(source: T, components: number): T {
    const order = this.chunks.order;
    const out = new (source.constructor as { new (length: number): T })(source.length);
    for (let slot = 0; slot < order.length; slot++) {
      const from = order[slot] * components, to = slot * components;
      for (let c = 0; c < components; c++) out[to + c] = source[from + c];
    }
    return out;
  }

  /** Star id pairs turned into slot pairs. */
  slotPairs(pairs: Uint32Array): Uint32Array {
    const out = new Uint32Array(pairs.length);
    for (let i = 0; i < pairs.length; i++) out[i] = this.slotOf[pairs[i]];
    return out;
  }

  /** A size written later (hover) may exceed the largest seen so far. */
  noteSize(size: number): void {
    if (size > this.maxStarSize) this.maxStarSize = size;
  }

  /** The world radius of the largest star (see starWorldRadius). */
  worldMargin(viewportHeight: number, tanHalfFov: number): number {
    return starWorldRadius(this.maxStarSize, viewportHeight, tanHalfFov);
  }

  visible(viewProjection: mat4, width: number, height: number, tanHalfFov: number): VisibleRuns {
    return findVisibleRuns(this.chunks, viewProjection, width, height, this.maxStarSize, tanHalfFov, this.runs);
  }
}

/** Above this many stars an update re-uploads the whole reordered array instead of star by star. */
export const BULK_UPDATE_STARS = 256;
