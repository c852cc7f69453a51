import { STAGE_ENDS } from '../crowdedViews';

/**
 * Occlusion culling for views with more stars than pixels: the cells in view are drawn nearest
 * first in stages. Before each stage after the first the depth so far is copied; cells whose whole
 * screen footprint is already nearer are skipped (see hiddenCells.ts), and the stage's vertex
 * shader drops every remaining two-pixel star that is behind it at all the pixels it could light,
 * before it costs a rasterisation (on SwiftShader the cost per point).
 */

/** The chunks of one stage, in buffer order. */
export type Stage = Uint32Array;

/** Runs of the star buffer to draw: first slot and count per run. */
export interface Runs {
  first: number[];
  count: number[];
}

/**
 * The visible chunks split into stages of about STAGE_ENDS of their stars, nearest chunk (by its
 * box's distance to the eye) first; within a stage the chunks go in buffer order.
 */
export function occlusionStages(
  chunkCount: Uint32Array,
  chunkBounds: Float32Array,
  visible: Uint32Array,
  visibleCount: number,
  eye: ArrayLike<number>,
): Stage[] {
  const order = nearestFirst(chunkBounds, visible.subarray(0, visibleCount), eye);
  let total = 0;
  for (const k of order) total += chunkCount[k];
  const stages: Stage[] = [];
  let i = 0, drawn = 0;
  for (let s = 0; s <= STAGE_ENDS.length && i < order.length; s++) {
    const end = s < STAGE_ENDS.length ? STAGE_ENDS[s] * total : Infinity;
    const begin = i;
    while (i < order.length && drawn < end) drawn += chunkCount[order[i++]];
    stages.push(order.slice(begin, i).sort());
  }
  return stages;
}

/** The chunks `ids` (in buffer order) that `keep` accepts, adjacent ones merged into one run. */
export function runsOf(chunkStart: Uint32Array, chunkCount: Uint32Array, ids: Uint32Array, keep: (chunk: number) => boolean = () => true): Runs {
  const runs: Runs = { first: [], count: [] };
  let end = -1;
  for (const k of ids) {
    if (!keep(k)) continue;
    const last = runs.first.length - 1;
    if (chunkStart[k] === end) runs.count[last] += chunkCount[k];
    else {
      runs.first.push(chunkStart[k]);
      runs.count.push(chunkCount[k]);
    }
    end = chunkStart[k] + chunkCount[k];
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
