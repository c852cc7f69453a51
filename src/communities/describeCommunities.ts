import { constellationName, gatheredConstellationName, unlinkedConstellationName } from '../ecosystems/constellationName';
import type { CommunityHierarchy } from './hierarchy';
import type { CommunityLevelJson } from './format';

/** How many of its most depended-on stars each community lists. */
export const TOP_STARS = 5;

export interface StarFacts {
  /** positions.bin's int32 x, y, z per star. */
  positions: Int32Array;
  inDegree: Uint32Array;
  name: (star: number) => string;
  /** The galaxy's ecosystem (src/ecosystems), for the words in names. */
  kind: string;
}

/** The levels of communities.json: sizes and parents from the hierarchy, centres, top stars and names from the stars. */
export function describeCommunities(hierarchy: CommunityHierarchy, facts: StarFacts): CommunityLevelJson[] {
  const { positions, inDegree } = facts;
  const finest = hierarchy.levels[0];
  let sums = new Float64Array(finest.count * 3);
  hierarchy.stars.forEach((c, v) => {
    sums[c * 3] += positions[v * 3];
    sums[c * 3 + 1] += positions[v * 3 + 1];
    sums[c * 3 + 2] += positions[v * 3 + 2];
  });
  let top = topStars(hierarchy.stars, finest.count, inDegree);
  return hierarchy.levels.map((level, l) => {
    if (l > 0) {
      const below = hierarchy.levels[l - 1];
      const parent = below.parent as Uint32Array;
      const coarserSums = new Float64Array(level.count * 3);
      const lists: number[][] = Array.from({ length: level.count }, () => []);
      for (let c = 0; c < below.count; c++) {
        for (let axis = 0; axis < 3; axis++) coarserSums[parent[c] * 3 + axis] += sums[c * 3 + axis];
        lists[parent[c]].push(...top[c]);
      }
      sums = coarserSums;
      top = lists.map((list) => bestByInDegree(list, inDegree));
    }
    const children = l > 0 ? childCounts(hierarchy.levels[l - 1].parent as Uint32Array, level.count) : undefined;
    const centre = Array.from(sums, (sum, i) => Math.round(sum / Math.max(1, level.size[Math.floor(i / 3)])));
    const name = Array.from({ length: level.count }, (_, c) => {
      if (c === level.unlinked) return unlinkedConstellationName(facts.kind, level.size[c]);
      if (Number.isNaN(level.resolution) && children && children[c] > 1) return gatheredConstellationName(facts.kind, children[c], level.size[c]);
      return constellationName(facts.kind, top[c].map(facts.name), level.size[c]);
    });
    return {
      count: level.count,
      resolution: Number.isNaN(level.resolution) ? null : level.resolution,
      modularity: level.modularity,
      unlinked: level.unlinked >= 0 ? level.unlinked : null,
      ...(level.parent ? { parent: Array.from(level.parent) } : {}),
      size: Array.from(level.size),
      centre,
      name,
      top: top.map((list, c) => (c === level.unlinked ? [] : list)),
    };
  });
}

function childCounts(parent: Uint32Array, count: number): Uint32Array {
  const counts = new Uint32Array(count);
  for (const p of parent) counts[p]++;
  return counts;
}

/** Each community's TOP_STARS stars of highest in-degree (ties: lower id first). */
function topStars(stars: Uint32Array, count: number, inDegree: Uint32Array): number[][] {
  const lists: number[][] = Array.from({ length: count }, () => []);
  stars.forEach((c, v) => {
    const list = lists[c];
    if (list.length < TOP_STARS) {
      list.push(v);
      if (list.length === TOP_STARS) list.sort((a, b) => inDegree[b] - inDegree[a] || a - b);
      return;
    }
    if (inDegree[v] <= inDegree[list[TOP_STARS - 1]]) return;
    let k = TOP_STARS - 1;
    while (k > 0 && inDegree[list[k - 1]] < inDegree[v]) {
      list[k] = list[k - 1];
      k--;
    }
    list[k] = v;
  });
  return lists.map((list) => bestByInDegree(list, inDegree));
}

function bestByInDegree(list: number[], inDegree: Uint32Array): number[] {
  return list.sort((a, b) => inDegree[b] - inDegree[a] || a - b).slice(0, TOP_STARS);
}
