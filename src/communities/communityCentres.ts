import type { CommunitiesJson } from './format';

/**
 * communities.json with every level's centres taken again from `positions` (positions.bin's int32
 * x, y, z per star): a graph laid out in the browser moves after its communities were found, and
 * a saved galaxy's centres must be where its stars are.
 */
export function withCentresOf(file: CommunitiesJson, stars: Uint32Array, positions: Int32Array): CommunitiesJson {
  if (file.levels.length === 0) return file;
  let sums = new Float64Array(file.levels[0].count * 3);
  for (let v = 0; v < stars.length; v++) {
    const c = stars[v];
    if (c * 3 >= sums.length) continue;
    for (let axis = 0; axis < 3; axis++) sums[c * 3 + axis] += positions[v * 3 + axis];
  }
  const levels = file.levels.map((level, l) => {
    if (l > 0) {
      const parent = file.levels[l - 1].parent ?? [];
      const coarser = new Float64Array(level.count * 3);
      for (let c = 0; c < parent.length; c++) for (let axis = 0; axis < 3; axis++) coarser[parent[c] * 3 + axis] += sums[c * 3 + axis];
      sums = coarser;
    }
    const centre = Array.from(sums, (sum, i) => Math.round(sum / Math.max(1, level.size[Math.floor(i / 3)] ?? 1)));
    return { ...level, centre };
  });
  return { ...file, levels };
}
