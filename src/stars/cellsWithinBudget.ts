import type { StarCells } from '../renderer/starCells';
import { boxIntersectsFrustum, frustumPlanes } from '../tiles/planner/frustum';
import { projectionFactor, type PlannerCamera } from '../tiles/planner/importance';

/**
 * The cells a whole galaxy draws when it holds more stars than the star budget (docs/rules.md#url,
 * `fps`): every cell in view draws a leading share of its slots, the share following the streaming
 * planner's measure of the cell (projected size over distance) and capped at the whole cell, the
 * measure scaled so that the shares fill the budget. So the galaxy keeps its shape, thinned, as a
 * tiled galaxy's coarse tiles show it, denser where the camera is near; taking whole cells, most
 * important first, left the far side of npm's opening view out. Slots within a cell are in star
 * order, which says nothing of place, so a leading share is a sample of the cell's stars. Returned
 * in slot order, so that neighbouring cells still draw as one run.
 */
export function cellsWithinBudget(all: StarCells, camera: PlannerCamera, budget: number): StarCells {
  const planes = frustumPlanes(camera.viewProjection);
  const factor = projectionFactor(camera);
  const inView: number[] = [];
  const importance = new Float64Array(all.cells);
  const { centres, radii } = spheresOf(all);
  const [px, py, pz] = camera.position;
  for (let cell = 0; cell < all.cells; cell++) {
    if (!boxIntersectsFrustum(planes, all.bounds, cell * 6)) continue;
    // tileImportance's measure, with the cell's sphere computed once per galaxy rather than every camera move.
    const radius = radii[cell];
    const distance = Math.hypot(centres[cell * 3] - px, centres[cell * 3 + 1] - py, centres[cell * 3 + 2] - pz);
    importance[cell] = distance <= radius ? Infinity : (radius * factor) / distance / distance;
    inView.push(cell);
  }
  const drawn = sharesWithin(inView, all.count, importance, budget);
  const taken = inView.filter((_, i) => drawn[i] > 0);
  const counts = drawn.filter((stars) => stars > 0);
  const start = new Uint32Array(taken.length);
  const count = new Uint32Array(taken.length);
  const bounds = new Float32Array(taken.length * 6);
  taken.forEach((cell, i) => {
    start[i] = all.start[cell];
    count[i] = counts[i];
    bounds.set(all.bounds.subarray(cell * 6, cell * 6 + 6), i * 6);
  });
  return { cells: taken.length, start, count, bounds };
}

/**
 * Stars drawn of each cell (`cells`, in slot order): all of every cell when they fit the budget,
 * else min(count, count * level * importance), rounded down, at the level where the shares sum to
 * the budget. Cells the camera is inside (infinite importance) are whole, or all shrunk alike when
 * even they do not fit.
 */
function sharesWithin(cells: readonly number[], counts: Uint32Array, importance: Float64Array, budget: number): Uint32Array {
  const drawn = new Uint32Array(cells.length);
  let inView = 0, inside = 0;
  for (const cell of cells) {
    inView += counts[cell];
    if (importance[cell] === Infinity) inside += counts[cell];
  }
  if (inView <= budget) {
    cells.forEach((cell, i) => (drawn[i] = counts[cell]));
    return drawn;
  }
  if (inside >= budget) {
    cells.forEach((cell, i) => (drawn[i] = importance[cell] === Infinity ? Math.floor((counts[cell] * budget) / inside) : 0));
    return drawn;
  }
  // Most important first: at the level sought, the first `whole` cells are whole and the rest draw
  // level * importance of their stars; `weighted` sums count * importance over the rest.
  const byImportance = cells.map((_, i) => i).sort((a, b) => importance[cells[b]] - importance[cells[a]]);
  let weighted = 0;
  for (const i of byImportance) if (importance[cells[i]] !== Infinity) weighted += counts[cells[i]] * importance[cells[i]];
  let wholeStars = 0;
  let level = 0;
  for (const i of byImportance) {
    const cell = cells[i];
    if (importance[cell] !== Infinity) {
      level = (budget - wholeStars) / weighted;
      if (level * importance[cell] < 1) break;
      weighted -= counts[cell] * importance[cell];
    }
    wholeStars += counts[cell];
  }
  cells.forEach((cell, i) => (drawn[i] = importance[cell] === Infinity ? counts[cell] : Math.floor(counts[cell] * Math.min(1, level * importance[cell]))));
  return drawn;
}

/** Each cell's bounding sphere (centre, radius) as tileImportance computes it, by cells: a galaxy's cells never change. */
const spheres = new WeakMap<StarCells, { centres: Float64Array; radii: Float64Array }>();

function spheresOf(all: StarCells): { centres: Float64Array; radii: Float64Array } {
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
