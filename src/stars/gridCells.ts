import { boundingBox } from '../geometry/boundingBox';
import type { StarCells } from '../renderer/starCells';

/**
 * Cells of a 16^3 grid over the stars, the cells a whole galaxy's stars are sorted into (src/stars/wholeGalaxyStars.ts):
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
