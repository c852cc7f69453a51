import type { mat4 } from 'gl-matrix';
import { POINT_SIZE_FACTOR } from './starStyle';
import { boundingBox } from '../geometry/boundingBox';

/**
 * Stars given as cells: contiguous ranges of the star buffer, each with its box, drawn or skipped as
 * a whole (a tiled galaxy's drawn tiles, or the grid a classic galaxy is sorted into).
 */
export interface StarCells {
  cells: number;
  /** First slot of each cell. */
  start: Uint32Array;
  count: Uint32Array;
  /** min x, y, z, max x, y, z of each cell in world coordinates (scale applied). */
  bounds: Float32Array;
}

/**
 * Cells of a 16^3 grid over the stars, built when stars come without cells (a classic galaxy):
 * `order` lists star ids cell by cell, and slot k on the GPU holds star `order[k]`, so that each
 * cell is one contiguous range of slots.
 */
export interface GridCells extends StarCells {
  order: Uint32Array;
}

export const CELLS_PER_AXIS = 16;

export function buildGridCells(positions: Float32Array, cellsPerAxis = CELLS_PER_AXIS): GridCells {
  const stars = positions.length / 3;
  const { minX, minY, minZ, maxX, maxY, maxZ } = boundingBox(positions, stars);
  const n = cellsPerAxis;
  const sx = n / Math.max(maxX - minX, 1e-6), sy = n / Math.max(maxY - minY, 1e-6), sz = n / Math.max(maxZ - minZ, 1e-6);
  const gridCellOf = new Uint32Array(stars);
  const gridCounts = new Uint32Array(n * n * n);
  for (let i = 0; i < stars; i++) {
    const cx = Math.min(n - 1, Math.floor((positions[i * 3] - minX) * sx));
    const cy = Math.min(n - 1, Math.floor((positions[i * 3 + 1] - minY) * sy));
    const cz = Math.min(n - 1, Math.floor((positions[i * 3 + 2] - minZ) * sz));
    const cell = (cz * n + cy) * n + cx;
    gridCellOf[i] = cell;
    gridCounts[cell]++;
  }
  const gridStart = new Uint32Array(n * n * n);
  let cells = 0;
  for (let c = 0, run = 0; c < gridCounts.length; c++) {
    gridStart[c] = run;
    run += gridCounts[c];
    if (gridCounts[c] > 0) cells++;
  }
  const order = new Uint32Array(stars);
  const cursor = gridStart.slice();
  for (let i = 0; i < stars; i++) order[cursor[gridCellOf[i]]++] = i;

  const start = new Uint32Array(cells);
  const count = new Uint32Array(cells);
  const bounds = new Float32Array(cells * 6);
  for (let c = 0, k = 0; c < gridCounts.length; c++) {
    if (gridCounts[c] === 0) continue;
    start[k] = gridStart[c];
    count[k] = gridCounts[c];
    const b = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
    for (let j = gridStart[c], end = j + gridCounts[c]; j < end; j++) {
      const p = order[j] * 3;
      for (let a = 0; a < 3; a++) {
        const v = positions[p + a];
        if (v < b[a]) b[a] = v;
        if (v > b[a + 3]) b[a + 3] = v;
      }
    }
    bounds.set(b, k * 6);
    k++;
  }
  return { order, start, count, bounds, cells };
}

export interface VisibleRuns {
  /** First slot and count per run: contiguous slots of cells in view. */
  first: Uint32Array;
  count: Uint32Array;
  runs: number;
  stars: number;
  /** The cells in view, by index, in `visibleCells` entries. */
  cellIds: Uint32Array;
  visibleCells: number;
}

/** How far, in world units, a star of `size` lights pixels around its centre: its on-screen radius times the world size of a pixel, the same at any distance. */
export function starWorldRadius(size: number, viewportHeight: number, tanHalfFov: number): number {
  return (size * POINT_SIZE_FACTOR * tanHalfFov) / Math.max(1, viewportHeight);
}

export function createVisibleRuns(cells: StarCells): VisibleRuns {
  return { first: new Uint32Array(cells.cells), count: new Uint32Array(cells.cells), runs: 0, stars: 0, cellIds: new Uint32Array(cells.cells), visibleCells: 0 };
}

/**
 * Fills `out` with the runs of slots whose cells may show on screen: boxes grown by the world
 * radius of the biggest star (a star's world radius on screen does not depend on its distance)
 * and tested against the side and near planes widened by two pixels. Cells in view whose slots
 * follow each other make one run.
 */
export function findVisibleRuns(
  cells: StarCells,
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
  const bounds = cells.bounds;
  out.runs = 0;
  out.stars = 0;
  out.visibleCells = 0;
  let runEnd = -1;
  for (let k = 0; k < cells.cells; k++) {
    const count = cells.count[k];
    if (count === 0) continue;
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
      runEnd = -1;
      continue;
    }
    const start = cells.start[k];
    if (start === runEnd) out.count[out.runs - 1] += count;
    else {
      out.first[out.runs] = start;
      out.count[out.runs] = count;
      out.runs++;
    }
    runEnd = start + count;
    out.stars += count;
    out.cellIds[out.visibleCells++] = k;
  }
  return out;
}

/**
 * What both backends keep per star set: which slot of the GPU buffers holds which star, and the
 * cells a frame draws or skips as a whole. Stars given without cells are sorted into grid cells
 * (slot k holds star `order[k]`, so that neighbours in space are neighbours in memory); stars given
 * with cells (a tiled galaxy, whose slots are its ids) are stored as they are, and their cells
 * change with every plan without the stars being uploaded again. Slots in no cell are never drawn.
 */
export class StarLayout {
  private cellsNow: StarCells;
  /** Star id of each slot when the stars were sorted into grid cells; undefined when slot = id. */
  private readonly order: Uint32Array | undefined;
  /** Slot of each star id when sorted. */
  private readonly slots: Uint32Array | undefined;
  private runs: VisibleRuns;
  private maxStarSize: number;

  private constructor(cells: StarCells, order: Uint32Array | undefined, sizes: Float32Array, private readonly hoverFactor: number) {
    this.cellsNow = cells;
    this.order = order;
    if (order) {
      this.slots = new Uint32Array(order.length);
      for (let slot = 0; slot < order.length; slot++) this.slots[order[slot]] = slot;
    }
    this.runs = createVisibleRuns(cells);
    let max = 0;
    for (let i = 0; i < sizes.length; i++) if (sizes[i] > max) max = sizes[i];
    this.maxStarSize = max * hoverFactor;
  }

  /** Stars without cells: sorted into the cells of a grid over them. */
  static sortedIntoGrid(positions: Float32Array, sizes: Float32Array, hoverFactor: number): StarLayout {
    const grid = buildGridCells(positions);
    return new StarLayout(grid, grid.order, sizes, hoverFactor);
  }

  /** Stars whose slots are their ids, drawn by the cells given. */
  static withCells(cells: StarCells, sizes: Float32Array, hoverFactor: number): StarLayout {
    return new StarLayout(cells, undefined, sizes, hoverFactor);
  }

  get cells(): StarCells {
    return this.cellsNow;
  }

  /** True when slots are star ids (the stars came with their cells). */
  get cellsGiven(): boolean {
    return this.order === undefined;
  }

  /** New cells over the same slots (stars given with cells only; a sorted layout keeps its grid). */
  setCells(cells: StarCells): void {
    if (!this.cellsGiven) return;
    this.cellsNow = cells;
    if (this.runs.first.length < cells.cells) this.runs = createVisibleRuns(cells);
  }

  slotOf(id: number): number {
    return this.slots ? this.slots[id] : id;
  }

  /** `source` (per star id, `components` values each) arranged in slot order; the array itself when slot = id. */
  reorder<T extends Float32Array | Uint8Array>(source: T, components: number): T {
    const order = this.order;
    if (!order) return source;
    const out = new (source.constructor as { new (length: number): T })(source.length);
    for (let slot = 0; slot < order.length; slot++) {
      const from = order[slot] * components, to = slot * components;
      for (let c = 0; c < components; c++) out[to + c] = source[from + c];
    }
    return out;
  }

  /** Star id pairs turned into slot pairs. */
  slotPairs(pairs: Uint32Array): Uint32Array {
    const slots = this.slots;
    if (!slots) return pairs;
    const out = new Uint32Array(pairs.length);
    for (let i = 0; i < pairs.length; i++) out[i] = slots[pairs[i]];
    return out;
  }

  /** Sizes written later (hover, stars streamed in) may exceed the largest seen so far. */
  noteSizes(sizes: Float32Array, start: number, count: number, factor = 1): void {
    for (let id = start; id < start + count; id++) if (sizes[id] * factor > this.maxStarSize) this.maxStarSize = sizes[id] * factor;
  }

  /** Stars written into slots: their sizes, hovered or not, count toward the largest star. */
  noteStarSizes(sizes: Float32Array, start: number, count: number): void {
    this.noteSizes(sizes, start, count, this.hoverFactor);
  }

  /** The world radius of the largest star (see starWorldRadius). */
  worldMargin(viewportHeight: number, tanHalfFov: number): number {
    return starWorldRadius(this.maxStarSize, viewportHeight, tanHalfFov);
  }

  visible(viewProjection: mat4, width: number, height: number, tanHalfFov: number): VisibleRuns {
    return findVisibleRuns(this.cellsNow, viewProjection, width, height, this.maxStarSize, tanHalfFov, this.runs);
  }
}

/** Above this many stars an update re-uploads the whole reordered array instead of star by star. */
export const BULK_UPDATE_STARS = 256;
