import { DEFAULT_COMMUNITY_SEED, leiden, renumber } from './leiden';
import { communityGraphModularity } from './modularity';
import { communityGraph, type WeightedGraph } from './weightedGraph';

/** The top level holds at most this many constellations (docs/communities.md). */
export const TOP_LEVEL_TARGET = 40;
/** A community of a coarser level holds at most this many times the stars of the largest one below. */
const GROWTH = 4;

export interface CommunityLevel {
  count: number;
  /** Each community's community at the next level; absent on the top level. */
  parent?: Uint32Array;
  /** Stars in each community. */
  size: Uint32Array;
  /** The community of the stars without links (all of them), or -1 when every star has a link. */
  unlinked: number;
  /** γ the level was found at; the top level's gathering of small parts has none (NaN). */
  resolution: number;
  /** Modularity (γ = 1) of the level's partition of the stars. */
  modularity: number;
}

export interface CommunityHierarchy {
  /** Each star's community at the finest level. */
  stars: Uint32Array;
  /** Finest first. Ids at every level are ordered by size, largest first, with `unlinked` last. */
  levels: CommunityLevel[];
}

export interface HierarchyOptions {
  seed?: number;
  topLevelTarget?: number;
  /** Hears each level found, finest first, with its community count (progress for a worker that runs this). */
  onLevel?: (level: number, count: number) => void;
}

/**
 * Communities of a galaxy as a hierarchy: the finest level is Leiden's at resolution 1 (stars without
 * links sharing one "unlinked" community); each coarser level runs Leiden again on the community
 * graph at a lower resolution, until at most `topLevelTarget` are left. Parts of the graph that share
 * no link never merge that way, so when too many are left the top level keeps the largest and
 * gathers the rest into one community.
 */
export function communityHierarchy(graph: WeightedGraph, options: HierarchyOptions = {}): CommunityHierarchy {
  const seed = options.seed ?? DEFAULT_COMMUNITY_SEED;
  const target = Math.max(3, options.topLevelTarget ?? TOP_LEVEL_TARGET);
  const finest = leiden(graph, { seed });
  withUnlinkedShared(graph, finest.membership);
  const finestCount = renumber(finest.membership);
  let current = communityGraph(graph, finest.membership, finestCount);
  // Raw levels: level 0 maps stars, level l > 0 maps the communities of level l - 1.
  const maps: RawLevel[] = [{ map: finest.membership, count: finestCount, resolution: 1, modularity: communityGraphModularity(current) }];
  options.onLevel?.(0, finestCount);
  let sizes = new Float64Array(finestCount);
  for (let v = 0; v < graph.nodeCount; v++) sizes[finest.membership[v]]++;
  const linkedStars = graph.nodeCount - unlinkedCount(graph);
  const sizeLimit = Math.max(linkedStars / (target / 4), largestLinked(current, sizes));
  while (maps[maps.length - 1].count > target) {
    // The community graph as a graph of its own (what lies inside each community left out), grouped
    // with each community at most GROWTH times the largest of the level below, so that levels
    // coarsen step by step instead of collapsing into one.
    const largest = largestLinked(current, sizes);
    const maxSize = Math.min(sizeLimit, largest * GROWTH);
    const coarser = leiden({ ...current, selfWeights: new Float64Array(current.nodeCount) }, { seed, sizes, maxSize });
    if (coarser.count === current.nodeCount) break;
    current = communityGraph(current, coarser.membership, coarser.count);
    const grouped = new Float64Array(coarser.count);
    for (let c = 0; c < sizes.length; c++) grouped[coarser.membership[c]] += sizes[c];
    sizes = grouped;
    maps.push({ map: coarser.membership, count: coarser.count, resolution: 1, modularity: communityGraphModularity(current) });
    options.onLevel?.(maps.length - 1, coarser.count);
  }
  const top = maps[maps.length - 1];
  if (top.count > target) {
    const gathered = gatherSmallest(current, top.count, target);
    const modularity = communityGraphModularity(communityGraph(current, gathered.map, gathered.count));
    maps.push({ ...gathered, resolution: Number.NaN, modularity });
  }
  return canonicalLevels(graph, maps);
}

interface RawLevel {
  map: Uint32Array;
  count: number;
  resolution: number;
  modularity: number;
}

/** Puts every star without links into the community of the first of them. */
function withUnlinkedShared(graph: WeightedGraph, membership: Uint32Array): void {
  let shared = -1;
  for (let v = 0; v < graph.nodeCount; v++) {
    if (graph.offsets[v + 1] !== graph.offsets[v] || graph.selfWeights[v] !== 0) continue;
    if (shared < 0) shared = membership[v];
    membership[v] = shared;
  }
}


/**
 * The largest `target - 1` communities by weight stay (those with no weight, the unlinked stars,
 * stay too), the rest become one community.
 */
function gatherSmallest(graph: WeightedGraph, count: number, target: number): { map: Uint32Array; count: number } {
  const weight = new Float64Array(count);
  for (let c = 0; c < count; c++) {
    let sum = graph.selfWeights[c];
    for (let e = graph.offsets[c]; e < graph.offsets[c + 1]; e++) sum += graph.weights[e];
    weight[c] = sum;
  }
  const order = Array.from({ length: count }, (_, c) => c).sort((a, b) => weight[b] - weight[a] || a - b);
  const map = new Uint32Array(count);
  const kept = order.filter((c) => weight[c] > 0).slice(0, target - 2);
  const keptSet = new Set(kept);
  kept.forEach((c, index) => (map[c] = index));
  const rest = kept.length;
  let next = rest + 1;
  for (let c = 0; c < count; c++) {
    if (keptSet.has(c)) continue;
    map[c] = weight[c] === 0 ? next++ : rest;
  }
  return { map, count: next };
}

/** Ids ordered by size (unlinked last) at every level, with parents and sizes; the star map composed on the way. */
function canonicalLevels(graph: WeightedGraph, maps: RawLevel[]): CommunityHierarchy {
  const n = graph.nodeCount;
  const unlinkedStar = firstUnlinked(graph);
  let unlinked = unlinkedStar >= 0 ? maps[0].map[unlinkedStar] : -1;
  let size = new Uint32Array(maps[0].count);
  for (let v = 0; v < n; v++) size[maps[0].map[v]]++;
  const newIds: Uint32Array[] = [];
  const levels: CommunityLevel[] = [];
  for (let l = 0; l < maps.length; l++) {
    const { count } = maps[l];
    if (l > 0) {
      const coarser = new Uint32Array(count);
      for (let c = 0; c < maps[l - 1].count; c++) coarser[maps[l].map[c]] += size[c];
      size = coarser;
      if (unlinked >= 0) unlinked = maps[l].map[unlinked];
    }
    const order = Array.from({ length: count }, (_, c) => c).sort(
      (a, b) => Number(a === unlinked) - Number(b === unlinked) || size[b] - size[a] || a - b,
    );
    const newId = new Uint32Array(count);
    order.forEach((c, index) => (newId[c] = index));
    newIds.push(newId);
    const canonicalSize = new Uint32Array(count);
    for (let c = 0; c < count; c++) canonicalSize[newId[c]] = size[c];
    levels.push({
      count,
      size: canonicalSize,
      unlinked: unlinked >= 0 ? newId[unlinked] : -1,
      resolution: maps[l].resolution,
      modularity: maps[l].modularity,
    });
  }
  for (let l = 0; l + 1 < levels.length; l++) {
    const parent = new Uint32Array(levels[l].count);
    for (let c = 0; c < levels[l].count; c++) parent[newIds[l][c]] = newIds[l + 1][maps[l + 1].map[c]];
    levels[l].parent = parent;
  }
  const stars = maps[0].map;
  for (let v = 0; v < n; v++) stars[v] = newIds[0][stars[v]];
  return { stars, levels };
}

/** The most stars in one community that has links (the unlinked stars' community left out). */
function largestLinked(graph: WeightedGraph, sizes: Float64Array): number {
  let largest = 1;
  for (let c = 0; c < graph.nodeCount; c++) {
    if (graph.offsets[c + 1] > graph.offsets[c] || graph.selfWeights[c] > 0) largest = Math.max(largest, sizes[c]);
  }
  return largest;
}

function unlinkedCount(graph: WeightedGraph): number {
  let count = 0;
  for (let v = 0; v < graph.nodeCount; v++) if (graph.offsets[v + 1] === graph.offsets[v] && graph.selfWeights[v] === 0) count++;
  return count;
}

function firstUnlinked(graph: WeightedGraph): number {
  for (let v = 0; v < graph.nodeCount; v++) if (graph.offsets[v + 1] === graph.offsets[v] && graph.selfWeights[v] === 0) return v;
  return -1;
}
