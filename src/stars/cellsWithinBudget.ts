import type { StarCells } from '../renderer/starCells';
import { boxIntersectsFrustum, frustumPlanes } from '../tiles/planner/frustum';
import { projectionFactor, type PlannerCamera } from '../tiles/planner/importance';

/**
 * The cells a whole galaxy draws when it holds more stars than the star budget (docs/rules.md#url,
 * `fps`): the cells in view, most important first by the streaming planner's measure (projected
 * size over distance), as long as their stars fit the budget; a cell that does not fit is skipped
 * and smaller ones after it may still be taken. Returned in slot order, so that neighbouring cells
 * still draw as one run.
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
  inView.sort((a, b) => importance[b] - importance[a]);
  const taken: number[] = [];
  let stars = 0;
  for (const cell of inView) {
    const count = all.count[cell];
    if (stars + count > budget) continue;
    stars += count;
    taken.push(cell);
  }
  taken.sort((a, b) => all.start[a] - all.start[b]);
  const start = new Uint32Array(taken.length);
  const count = new Uint32Array(taken.length);
  const bounds = new Float32Array(taken.length * 6);
  taken.forEach((cell, i) => {
    start[i] = all.start[cell];
    count[i] = all.count[cell];
    bounds.set(all.bounds.subarray(cell * 6, cell * 6 + 6), i * 6);
  });
  return { cells: taken.length, start, count, bounds };
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
