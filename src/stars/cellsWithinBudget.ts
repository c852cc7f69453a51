import type { StarCells } from '../renderer/starCells';
import { boxIntersectsFrustum, emptyFrustumPlanes, frustumPlanes } from '../geometry/frustum';
import { projectionFactor, type PlannerCamera } from '../tiles/planner/importance';

/**
 * tileImportance's measure of a cell: its projected size over its distance, infinite with the camera
 * inside its sphere, 0 where it is undefined (NaN would leave the sort's order undefined). The cell's
 * sphere is computed once per galaxy rather than every camera move; the squared distance alone
 * decides, no square root (radius × factor / distance², inside where distance² ≤ radius²).
 */
export function cellImportance(centres: Float64Array, radii: Float64Array, cell: number, px: number, py: number, pz: number, factor: number): number {
  const radius = radii[cell];
  const dx = centres[cell * 3] - px, dy = centres[cell * 3 + 1] - py, dz = centres[cell * 3 + 2] - pz;
  const squared = dx * dx + dy * dy + dz * dz;
  const value = squared <= radius * radius ? Infinity : (radius * factor) / squared;
  return Number.isNaN(value) ? 0 : value;
}

/**
 * The cells a whole galaxy draws when it holds more stars than the star budget (docs/rules.md#url,
 * `fps`), chosen again as the camera moves: every cell in view draws a leading share of its slots,
 * the share following the streaming planner's measure of the cell (projected size over distance)
 * and capped at the whole cell, the measure scaled so that the shares fill the budget (all of every
 * cell when they fit; the cells the camera is inside whole, or all shrunk alike when even they do
 * not fit). So the galaxy keeps its shape, thinned, as a tiled galaxy's coarse tiles show it, denser
 * where the camera is near; taking whole cells, most important first, left the far side of npm's
 * opening view out. Slots within a cell are in star order until the links are in, then most linked
 * first (src/stars/slotsByLinks.ts): a leading share is a sample of the cell's stars, then its hubs;
 * neither order says anything of place. Returned in slot order, so that neighbouring cells still
 * draw as one run. While every star in view fits, no cell is measured or sorted; the same camera
 * and budget as the last choice's hand it back without visiting a cell. Every cell, in view or not,
 * stays sorted by importance from the last choice, so that this one's sort starts from it (an
 * insertion sort, close to linear while the camera moves a little; a full sort after a jump); the
 * arrays are kept between choices; and the last choice is handed back as it was (the same object)
 * when no share changed. Only a changed choice makes new arrays, the ones it hands out.
 */
export class BudgetedCells {
  private readonly importance: Float64Array;
  /** Every cell, most important first as of the last sort; ties by cell number. */
  private readonly order: Uint32Array;
  private readonly inView: Uint8Array;
  /** Stars drawn of each cell. */
  private readonly drawn: Uint32Array;
  private last: StarCells | undefined;
  /** The camera's sides, rewritten by each choice. */
  private readonly planes = emptyFrustumPlanes();
  /** Cells moved by the last choice's sort (0 when it needed none). */
  moves = 0;
  /**
   * Work of every choice so far (tests and measurements read it): cells tested against the view,
   * cells measured (only where the stars in view pass the budget), cells sorted and shifted, and
   * choices handed back at once for the last one's camera and budget.
   */
  readonly work = { visited: 0, measured: 0, sorted: 0, shifted: 0, unchanged: 0 };
  /** The last choice's view-projection, position, budget, viewport height and field of view. */
  private readonly camera = new Float64Array(KEPT_FOV + 1).fill(NaN);
  /** Choices that made new cells (tests and measurements read it). */
  made = 0;

  constructor(readonly all: StarCells) {
    this.importance = new Float64Array(all.cells);
    this.order = new Uint32Array(all.cells);
    for (let cell = 0; cell < all.cells; cell++) this.order[cell] = cell;
    this.inView = new Uint8Array(all.cells);
    this.drawn = new Uint32Array(all.cells);
  }

  choose(camera: PlannerCamera, budget: number): StarCells {
    if (this.last && this.sameCamera(camera, budget)) {
      this.moves = 0;
      this.work.unchanged++;
      return this.last;
    }
    const { all, importance, inView, drawn, work } = this;
    const counts = all.count;
    const planes = frustumPlanes(camera.viewProjection, this.planes);
    let inViewStars = 0;
    for (let cell = 0; cell < all.cells; cell++) {
      const seen = boxIntersectsFrustum(planes, all.bounds, cell * 6);
      inView[cell] = seen ? 1 : 0;
      if (seen) inViewStars += counts[cell];
    }
    work.visited += all.cells;
    this.moves = 0;
    if (inViewStars <= budget) {
      // Every star in view fits: no cell's measure matters.
      for (let cell = 0; cell < all.cells; cell++) drawn[cell] = inView[cell] ? counts[cell] : 0;
    } else {
      const factor = projectionFactor(camera);
      const { centres, radii } = spheresOf(all);
      const [px, py, pz] = camera.position;
      let inside = 0;
      // Cells out of view stay in the order (and are skipped below) with the importance they last had:
      // a key as good as any for the sort, which moves them only once they come into view, where
      // taking them out of the order and back in would move many.
      for (let cell = 0; cell < all.cells; cell++) {
        if (!inView[cell]) continue;
        const value = cellImportance(centres, radii, cell, px, py, pz, factor);
        importance[cell] = value;
        if (value === Infinity) inside += counts[cell];
        work.measured++;
      }
      if (inside >= budget) {
        for (let cell = 0; cell < all.cells; cell++) drawn[cell] = inView[cell] && importance[cell] === Infinity ? Math.floor((counts[cell] * budget) / inside) : 0;
      } else {
        this.moves = sortByImportance(this.order, importance);
        work.sorted += all.cells;
        work.shifted += this.moves;
        this.sharesByLevel(budget);
      }
    }
    this.keepCamera(camera, budget);
    if (!this.last || !this.sameAsLast(this.last)) {
      this.last = this.drawnCells();
      this.made++;
    }
    return this.last;
  }

  /** Whether `camera` and `budget` are the last choice's: its cells stand (the move's throttle asks once more after the last move). */
  private sameCamera(camera: PlannerCamera, budget: number): boolean {
    const kept = this.camera;
    if (budget !== kept[KEPT_BUDGET] || camera.viewportHeight !== kept[KEPT_HEIGHT] || camera.fovY !== kept[KEPT_FOV]) return false;
    for (let i = 0; i < 3; i++) if (camera.position[i] !== kept[KEPT_POSITION + i]) return false;
    for (let i = 0; i < 16; i++) if (camera.viewProjection[i] !== kept[i]) return false;
    return true;
  }

  private keepCamera(camera: PlannerCamera, budget: number): void {
    const kept = this.camera;
    for (let i = 0; i < 16; i++) kept[i] = camera.viewProjection[i];
    for (let i = 0; i < 3; i++) kept[KEPT_POSITION + i] = camera.position[i];
    kept[KEPT_BUDGET] = budget;
    kept[KEPT_HEIGHT] = camera.viewportHeight;
    kept[KEPT_FOV] = camera.fovY;
  }

  /**
   * The level at which the shares, min(count, count * level * importance) rounded down, sum to the
   * budget, most important first: the first cells are whole and the rest draw level * importance of
   * their stars, over the cells in view in the kept order (written out: no arrays).
   */
  private sharesByLevel(budget: number): void {
    const { all, importance, inView, drawn, order } = this;
    const counts = all.count;
    let weighted = 0;
    for (let i = 0; i < order.length; i++) {
      const cell = order[i];
      if (inView[cell] && importance[cell] !== Infinity) weighted += counts[cell] * importance[cell];
    }
    let wholeStars = 0;
    let level = 0;
    for (let i = 0; i < order.length; i++) {
      const cell = order[i];
      if (!inView[cell]) continue;
      if (importance[cell] !== Infinity) {
        level = (budget - wholeStars) / weighted;
        if (level * importance[cell] < 1) break;
        weighted -= counts[cell] * importance[cell];
      }
      wholeStars += counts[cell];
    }
    for (let cell = 0; cell < all.cells; cell++) {
      drawn[cell] = !inView[cell] ? 0 : importance[cell] === Infinity ? counts[cell] : Math.floor(counts[cell] * Math.min(1, level * importance[cell]));
    }
  }

  private sameAsLast(last: StarCells): boolean {
    const { all, drawn } = this;
    let k = 0;
    for (let cell = 0; cell < all.cells; cell++) {
      if (drawn[cell] === 0) continue;
      if (k >= last.cells || last.start[k] !== all.start[cell] || last.count[k] !== drawn[cell]) return false;
      k++;
    }
    return k === last.cells;
  }

  /** The drawn shares as cells, in slot order (the grid's cells are). */
  private drawnCells(): StarCells {
    const { all, drawn } = this;
    let cells = 0;
    for (let cell = 0; cell < all.cells; cell++) if (drawn[cell] > 0) cells++;
    const start = new Uint32Array(cells), count = new Uint32Array(cells), bounds = new Float32Array(cells * 6);
    for (let cell = 0, k = 0; cell < all.cells; cell++) {
      if (drawn[cell] === 0) continue;
      start[k] = all.start[cell];
      count[k] = drawn[cell];
      // Written out: a subarray per cell, to set from, was a third of this function's time.
      for (let j = 0; j < 6; j++) bounds[k * 6 + j] = all.bounds[cell * 6 + j];
      k++;
    }
    return { cells, start, count, bounds };
  }
}

/**
 * Sorts cells by importance, highest first, ties by cell number (the order a stable sort of the cells
 * in number order gives), starting from their order as it is: an insertion sort, each cell out of
 * place found by a binary search and the cells it passes shifted in one copyWithin, so that a camera
 * orbiting close, which moves many cells a few places, costs little more than one moving in; a full
 * sort once it has shifted more than `FULL_SORT_SHIFTS` cells per cell (an order far from the last,
 * where the shifts would grow with the square of the cells). Returns the cells shifted.
 */
export function sortByImportance(order: Uint32Array, importance: Float64Array): number {
  const limit = FULL_SORT_SHIFTS * order.length + 64;
  let moves = 0;
  for (let i = 1; i < order.length; i++) {
    const cell = order[i];
    const value = importance[cell];
    // "cell before other", written out here and below: these comparisons are the sort's cost.
    let other = order[i - 1];
    if (!(value > importance[other] || (value === importance[other] && cell < other))) continue;
    let low = 0, high = i - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      other = order[middle];
      if (value > importance[other] || (value === importance[other] && cell < other)) high = middle;
      else low = middle + 1;
    }
    order.copyWithin(low + 1, low, i);
    order[low] = cell;
    moves += i - low;
    if (moves > limit) {
      order.sort((a, b) => (importance[a] > importance[b] ? -1 : importance[a] < importance[b] ? 1 : a - b));
      return moves;
    }
  }
  return moves;
}

const KEPT_POSITION = 16, KEPT_BUDGET = 19, KEPT_HEIGHT = 20, KEPT_FOV = 21;

/** Cells shifted per cell past which sortByImportance sorts from scratch. */
const FULL_SORT_SHIFTS = 16;

/** Each cell's bounding sphere (centre, radius) as tileImportance computes it, by cells: a galaxy's cells never change. */
const spheres = new WeakMap<StarCells, { centres: Float64Array; radii: Float64Array }>();

export function spheresOf(all: StarCells): { centres: Float64Array; radii: Float64Array } {
  let found = spheres.get(all);
  if (found) return found;
  const b = all.bounds;
  const centres = new Float64Array(all.cells * 3), radii = new Float64Array(all.cells);
  for (let cell = 0; cell < all.cells; cell++) {
    const o = cell * 6;
    for (let axis = 0; axis < 3; axis++) centres[cell * 3 + axis] = (b[o + axis] + b[o + 3 + axis]) / 2;
    radii[cell] = Math.hypot(b[o + 3] - b[o], b[o + 4] - b[o + 1], b[o + 5] - b[o + 2]) / 2;
  }
  found = { centres, radii };
  spheres.set(all, found);
  return found;
}

/** Stars in the cells. */
export function starsInCells(cells: StarCells): number {
  let stars = 0;
  for (let i = 0; i < cells.cells; i++) stars += cells.count[i];
  return stars;
}
