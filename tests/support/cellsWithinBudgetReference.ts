import type { StarCells } from '../../src/renderer/starCells';
import { cellImportance, spheresOf } from '../../src/stars/cellsWithinBudget';
import { boxIntersectsFrustum, frustumPlanes } from '../../src/geometry/frustum';
import { projectionFactor, type PlannerCamera } from '../../src/tiles/planner/importance';

/**
 * The reference BudgetedCells (src/stars/cellsWithinBudget.ts, whose comment says what the shares
 * are) is held to: the same choice written plainly, from scratch at each call, as the viewer made it
 * until BudgetedCells replaced it (26 November 2026).
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
    importance[cell] = cellImportance(centres, radii, cell, px, py, pz, factor);
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
