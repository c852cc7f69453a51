import type { mat4 } from 'gl-matrix';
import { POINT_SIZE_FACTOR } from './starStyle';
import { boxIntersectsFrustum, emptyFrustumPlanes, frustumPlanes, type FrustumShape } from '../geometry/frustum';

/**
 * Stars given as cells: contiguous ranges of the star buffer, each with its box, drawn or skipped as
 * a whole (a tiled galaxy's drawn tiles, or the grid a whole galaxy is sorted into).
 */
export interface StarCells {
  cells: number;
  /** First slot of each cell. */
  start: Uint32Array;
  count: Uint32Array;
  /** min x, y, z, max x, y, z of each cell in world coordinates (scale applied). */
  bounds: Float32Array;
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

/** findVisibleRuns' side and near planes, rewritten at each call: arrays made per call were a frame's garbage. */
const visiblePlanes = emptyFrustumPlanes();

/** findVisibleRuns' widened planes, rewritten at each call. */
const visibleShape: Required<FrustumShape> = { widenX: 1, widenY: 1, normalised: true };

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
  visibleShape.widenX = 1 + 4 / Math.max(1, viewportWidth);
  visibleShape.widenY = 1 + 4 / Math.max(1, viewportHeight);
  const planes = frustumPlanes(m, visiblePlanes, visibleShape);
  const margin = starWorldRadius(maxStarSize, viewportHeight, tanHalfFov) + 1;
  const bounds = cells.bounds;
  out.runs = 0;
  out.stars = 0;
  out.visibleCells = 0;
  let runEnd = -1;
  for (let k = 0; k < cells.cells; k++) {
    const count = cells.count[k];
    if (count === 0) continue;
    if (!boxIntersectsFrustum(planes, bounds, k * 6, margin)) {
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
 * What both backends keep per star set: the cells a frame draws or skips as a whole, over slots
 * that are stored as given (a star source's, src/stars/starSource.ts). Cells change with every
 * plan without the stars being uploaded again. Slots in no cell are never drawn.
 */
export class StarLayout {
  private cellsNow: StarCells;
  private runs: VisibleRuns;
  private maxStarSize: number;

  constructor(cells: StarCells, sizes: Float32Array, private readonly hoverFactor: number) {
    this.cellsNow = cells;
    this.runs = createVisibleRuns(cells);
    let max = 0;
    for (let i = 0; i < sizes.length; i++) if (sizes[i] > max) max = sizes[i];
    this.maxStarSize = max * hoverFactor;
  }

  get cells(): StarCells {
    return this.cellsNow;
  }

  /** New cells over the same slots. */
  setCells(cells: StarCells): void {
    this.cellsNow = cells;
    if (this.runs.first.length < cells.cells) this.runs = createVisibleRuns(cells);
  }

  /** Sizes written later (hover, stars streamed in) may exceed the largest seen so far. */
  noteSizes(sizes: Float32Array, start: number, count: number, factor = 1): void {
    for (let slot = start; slot < start + count; slot++) if (sizes[slot] * factor > this.maxStarSize) this.maxStarSize = sizes[slot] * factor;
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

/** No stars drawn. */
export const NO_CELLS: StarCells = { cells: 0, start: new Uint32Array(0), count: new Uint32Array(0), bounds: new Float32Array(0) };
