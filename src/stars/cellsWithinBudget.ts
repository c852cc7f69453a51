import type { StarCells } from '../renderer/starCells';
import { boxIntersectsFrustum, frustumPlanes } from '../tiles/planner/frustum';
import { projectionFactor, tileImportance, type PlannerCamera } from '../tiles/planner/importance';

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
  for (let cell = 0; cell < all.cells; cell++) {
    if (!boxIntersectsFrustum(planes, all.bounds, cell * 6)) continue;
    importance[cell] = tileImportance(camera, factor, all.bounds, cell * 6, 1).importance;
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

/** Stars in the cells. */
export function starsInCells(cells: StarCells): number {
  let stars = 0;
  for (let i = 0; i < cells.cells; i++) stars += cells.count[i];
  return stars;
}
