/**
 * Occlusion culling of far two-pixel stars, for views with more stars than pixels: the cells in
 * view are drawn nearest first in stages; before each stage after the first the depth so far is
 * copied, and the stage's vertex shader drops every two-pixel star that is behind it at all the
 * pixels it could light, before it costs a rasterisation (on SwiftShader the cost per point).
 */

/** Stars in view per pixel from which culling pays for its depth copies and texture reads. */
export const CULL_FROM_STARS_PER_PIXEL = 1;
/** Where stages end, as fractions of the stars in view, nearest cells first; the last stage takes the rest. */
export const STAGE_ENDS = [0.1, 0.3];

export interface Stage {
  /** Runs of the star buffer to draw: first slot and count per run. */
  first: number[];
  count: number[];
}

/**
 * The visible chunks split into stages of about STAGE_ENDS of their stars, nearest chunk (by its
 * box's distance to the eye) first; within a stage the chunks go in buffer order, merged into runs.
 */
export function occlusionStages(
  chunkStart: Uint32Array,
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
    const ids = order.subarray(begin, i).sort();
    const stage: Stage = { first: [], count: [] };
    for (let j = 0; j < ids.length; ) {
      const first = chunkStart[ids[j]];
      let count = 0;
      do count += chunkCount[ids[j++]];
      while (j < ids.length && chunkStart[ids[j]] === first + count);
      stage.first.push(first);
      stage.count.push(count);
    }
    stages.push(stage);
  }
  return stages;
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
