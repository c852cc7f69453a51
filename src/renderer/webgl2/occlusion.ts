import { STAGE_ENDS } from '../crowdedViews';

/**
 * Occlusion culling for views with more stars than pixels: the cells in view are drawn nearest
 * first in stages. Before each stage after the first the depth so far is copied; cells whose whole
 * screen footprint is already nearer are skipped (see hiddenCells.ts), and the stage's vertex
 * shader drops every remaining two-pixel star that is behind it at all the pixels it could light,
 * before it costs a rasterisation (on SwiftShader the cost per point).
 */

/** The cells of one stage, by index in increasing order. */
export type Stage = Uint32Array;

/** Runs of the star buffer to draw: first slot and count per run. */
export interface StageRuns {
  first: number[];
  count: number[];
}

/**
 * The visible cells split into stages of about STAGE_ENDS of their stars, nearest cell (by its
 * box's distance to the eye) first; within a stage the cells go by index (buffer order for cells
 * the renderer sorted; given cells may lie anywhere in the buffer).
 */
export function occlusionStages(
  cellCount: Uint32Array,
  cellBounds: Float32Array,
  visible: Uint32Array,
  visibleCount: number,
  eye: ArrayLike<number>,
): Stage[] {
  const order = nearestFirst(cellBounds, visible.subarray(0, visibleCount), eye);
  let total = 0;
  for (const k of order) total += cellCount[k];
  const stages: Stage[] = [];
  let i = 0, drawn = 0;
  for (let s = 0; s <= STAGE_ENDS.length && i < order.length; s++) {
    const end = s < STAGE_ENDS.length ? STAGE_ENDS[s] * total : Infinity;
    const begin = i;
    while (i < order.length && drawn < end) drawn += cellCount[order[i++]];
    stages.push(order.slice(begin, i).sort());
  }
  return stages;
}

/** The cells `ids` that `keep` accepts, one after another in the buffer merged into one run. */
export function runsOf(cellStart: Uint32Array, cellCount: Uint32Array, ids: Uint32Array, keep: (cell: number) => boolean = () => true): StageRuns {
  const runs: StageRuns = { first: [], count: [] };
  let end = -1;
  for (const k of ids) {
    if (!keep(k)) continue;
    const last = runs.first.length - 1;
    if (cellStart[k] === end) runs.count[last] += cellCount[k];
    else {
      runs.first.push(cellStart[k]);
      runs.count.push(cellCount[k]);
    }
    end = cellStart[k] + cellCount[k];
  }
  return runs;
}

function nearestFirst(bounds: Float32Array, ids: Uint32Array, eye: ArrayLike<number>): Uint32Array {
  const distance = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const b = ids[i] * 6;
    let d = 0;
    for (let a = 0; a < 3; a++) {
      const gap = Math.max(bounds[b + a] - eye[a], eye[a] - bounds[b + 3 + a], 0);
      d += gap * gap;
    }
    distance[i] = d;
  }
  const index = new Uint32Array(ids.length).map((_, i) => i).sort((x, y) => distance[x] - distance[y]);
  return index.map((i) => ids[i]);
}
