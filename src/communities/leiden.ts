import { seededRandom } from '../layout/random';
import { communityGraph, strengths, type WeightedGraph } from './weightedGraph';

export interface LeidenOptions {
  /** The same seed gives the same communities. */
  seed?: number;
  /** γ in the modularity; below 1 gives fewer, larger communities. */
  resolution?: number;
  /** Leiden iterations, each starting from the last one's communities; stops early once nothing changes. */
  iterations?: number;
  /** With `maxSize`: no community may grow past `maxSize` summed over its nodes' sizes. */
  sizes?: Float64Array;
  maxSize?: number;
}

export interface Partition {
  /** Community of each node, 0..count-1. */
  membership: Uint32Array;
  count: number;
}

export const DEFAULT_COMMUNITY_SEED = 1;
export const DEFAULT_ITERATIONS = 2;

/**
 * Leiden (Traag, Waltman & van Eck 2019) maximising modularity: fast local moving, then a refinement
 * that splits each community into well-connected parts, and the community graph of the refined
 * partition is moved again from the unrefined one, until the refinement leaves every node alone.
 * The refinement merges greedily (Leiden's θ → 0), so the result depends only on the seed, which
 * orders the nodes.
 */
export function leiden(graph: WeightedGraph, options: LeidenOptions = {}): Partition {
  const random = seededRandom(options.seed ?? DEFAULT_COMMUNITY_SEED);
  const resolution = options.resolution ?? 1;
  const iterations = options.iterations ?? DEFAULT_ITERATIONS;
  const cap: SizeCap | undefined = options.sizes && options.maxSize !== undefined ? { sizes: options.sizes, maxSize: options.maxSize } : undefined;
  let membership: Uint32Array = new Uint32Array(graph.nodeCount);
  for (let v = 0; v < graph.nodeCount; v++) membership[v] = v;
  let count = graph.nodeCount;
  for (let iteration = 0; iteration < iterations; iteration++) {
    const next = leidenIteration(graph, membership, resolution, random, cap);
    const nextCount = renumber(next);
    const same = nextCount === count && next.every((c, v) => c === membership[v]);
    membership = next;
    count = nextCount;
    if (same) break;
  }
  return { membership, count };
}

/** One Leiden iteration from `initial` (one community per id): moving, refinement and aggregation until stable. */
function leidenIteration(graph: WeightedGraph, initial: Uint32Array, resolution: number, random: () => number, cap: SizeCap | undefined): Uint32Array {
  const starCount = graph.nodeCount;
  // Which node of the current (community) graph each original node sits in.
  const nodeOf = new Uint32Array(starCount);
  for (let v = 0; v < starCount; v++) nodeOf[v] = v;
  let current = graph;
  let membership = initial.slice();
  let sizes = cap?.sizes;
  for (;;) {
    const strength = strengths(current);
    const currentCap = cap && sizes ? { sizes, maxSize: cap.maxSize } : undefined;
    moveNodes(current, strength, membership, resolution, random, currentCap);
    const count = renumber(membership);
    if (count === current.nodeCount) break;
    const refined = refine(current, strength, membership, count, resolution, random, currentCap);
    const refinedCount = renumber(refined);
    if (refinedCount === current.nodeCount) break;
    const aggregate = communityGraph(current, refined, refinedCount);
    const next = new Uint32Array(refinedCount);
    for (let v = 0; v < current.nodeCount; v++) next[refined[v]] = membership[v];
    for (let v = 0; v < starCount; v++) nodeOf[v] = refined[nodeOf[v]];
    if (sizes) {
      const summedSizes = new Float64Array(refinedCount);
      for (let v = 0; v < current.nodeCount; v++) summedSizes[refined[v]] += sizes[v];
      sizes = summedSizes;
    }
    current = aggregate;
    membership = next;
  }
  const result = new Uint32Array(starCount);
  for (let v = 0; v < starCount; v++) result[v] = membership[nodeOf[v]];
  return result;
}

interface SizeCap {
  sizes: Float64Array;
  maxSize: number;
}

/** Ids renumbered 0..count-1 in order of first appearance; returns count. */
export function renumber(membership: Uint32Array): number {
  const newId = new Int32Array(membership.length).fill(-1);
  let count = 0;
  for (let v = 0; v < membership.length; v++) {
    const c = membership[v];
    if (newId[c] < 0) newId[c] = count++;
    membership[v] = newId[c];
  }
  return count;
}

function shuffledNodes(count: number, random: () => number): Uint32Array {
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  return order;
}

/**
 * Leiden's fast local moving: every node is visited once in random order, and a node's neighbours
 * outside its new community are visited again after it moves. Each node joins the neighbouring
 * community (or an empty one) with the best modularity gain; ties keep it where it is.
 */
function moveNodes(
  graph: WeightedGraph,
  strength: Float64Array,
  membership: Uint32Array,
  resolution: number,
  random: () => number,
  cap: SizeCap | undefined,
): void {
  const { nodeCount: n, offsets, neighbours, weights } = graph;
  let twiceM = 0;
  for (let v = 0; v < n; v++) twiceM += strength[v];
  if (twiceM === 0) return;
  const scale = resolution / twiceM;
  const total = new Float64Array(n);
  const size = new Uint32Array(n);
  const capped = new Float64Array(cap ? n : 0);
  for (let v = 0; v < n; v++) {
    total[membership[v]] += strength[v];
    size[membership[v]]++;
    if (cap) capped[membership[v]] += cap.sizes[v];
  }
  const empty = new Uint32Array(n);
  let emptyCount = 0;
  for (let c = n - 1; c >= 0; c--) if (size[c] === 0) empty[emptyCount++] = c;

  const queue = shuffledNodes(n, random);
  const queued = new Uint8Array(n).fill(1);
  let head = 0;
  let queueLength = n;
  const summed = new Float64Array(n);
  const touched = new Uint32Array(n);
  while (queueLength > 0) {
    const v = queue[head];
    head = head + 1 === n ? 0 : head + 1;
    queueLength--;
    queued[v] = 0;
    const from = membership[v];
    const k = strength[v];
    total[from] -= k;
    size[from]--;
    const own = cap ? cap.sizes[v] : 0;
    if (cap) capped[from] -= own;
    if (size[from] === 0) empty[emptyCount++] = from;
    let touchedCount = 0;
    for (let e = offsets[v]; e < offsets[v + 1]; e++) {
      const c = membership[neighbours[e]];
      if (summed[c] === 0) touched[touchedCount++] = c;
      summed[c] += weights[e];
    }
    let best = from;
    let bestGain = summed[from] - k * total[from] * scale;
    for (let t = 0; t < touchedCount; t++) {
      const c = touched[t];
      const gain = summed[c] - k * total[c] * scale;
      if (gain > bestGain && (!cap || capped[c] + own <= cap.maxSize)) {
        best = c;
        bestGain = gain;
      }
    }
    if (bestGain < 0 && size[from] > 0) {
      best = empty[emptyCount - 1];
    }
    for (let t = 0; t < touchedCount; t++) summed[touched[t]] = 0;
    if (size[best] === 0) emptyCount--;
    membership[v] = best;
    total[best] += k;
    size[best]++;
    if (cap) capped[best] += own;
    if (best === from) continue;
    for (let e = offsets[v]; e < offsets[v + 1]; e++) {
      const u = neighbours[e];
      if (queued[u] || membership[u] === best) continue;
      queued[u] = 1;
      const tail = head + queueLength < n ? head + queueLength : head + queueLength - n;
      queue[tail] = u;
      queueLength++;
    }
  }
}

/**
 * Leiden's refinement: inside each community, nodes start alone and a node still alone joins the
 * part of its community with the best gain, when both are well connected to the rest of the community.
 * Returns each node's part (ids are node ids until renumbered).
 */
function refine(
  graph: WeightedGraph,
  strength: Float64Array,
  membership: Uint32Array,
  count: number,
  resolution: number,
  random: () => number,
  cap: SizeCap | undefined,
): Uint32Array {
  const { nodeCount: n, offsets, neighbours, weights } = graph;
  let twiceM = 0;
  for (let v = 0; v < n; v++) twiceM += strength[v];
  const scale = resolution / twiceM;
  const communityTotal = new Float64Array(count);
  for (let v = 0; v < n; v++) communityTotal[membership[v]] += strength[v];
  const refined = new Uint32Array(n);
  const partTotal = new Float64Array(n);
  // Weight from each part to the rest of its community.
  const partOutside = new Float64Array(n);
  const alone = new Uint8Array(n).fill(1);
  const partSize = cap ? cap.sizes.slice() : undefined;
  for (let v = 0; v < n; v++) {
    refined[v] = v;
    partTotal[v] = strength[v];
    let inside = 0;
    const c = membership[v];
    for (let e = offsets[v]; e < offsets[v + 1]; e++) if (membership[neighbours[e]] === c) inside += weights[e];
    partOutside[v] = inside;
  }
  const summed = new Float64Array(n);
  const touched = new Uint32Array(n);
  const order = shuffledNodes(n, random);
  for (let i = 0; i < n; i++) {
    const v = order[i];
    if (!alone[v]) continue;
    const c = membership[v];
    const k = strength[v];
    const rest = communityTotal[c];
    if (partOutside[v] < k * (rest - k) * scale) continue;
    let touchedCount = 0;
    for (let e = offsets[v]; e < offsets[v + 1]; e++) {
      const u = neighbours[e];
      if (membership[u] !== c) continue;
      const part = refined[u];
      if (summed[part] === 0) touched[touchedCount++] = part;
      summed[part] += weights[e];
    }
    let best = v;
    let bestGain = 0;
    let bestWeight = 0;
    for (let t = 0; t < touchedCount; t++) {
      const part = touched[t];
      const weight = summed[part];
      summed[part] = 0;
      if (part === v || partOutside[part] < partTotal[part] * (rest - partTotal[part]) * scale) continue;
      if (cap && partSize && partSize[part] + partSize[v] > cap.maxSize) continue;
      const gain = weight - k * partTotal[part] * scale;
      if (gain > bestGain) {
        best = part;
        bestGain = gain;
        bestWeight = weight;
      }
    }
    if (best === v) continue;
    refined[v] = best;
    alone[v] = 0;
    alone[best] = 0;
    partTotal[best] += k;
    if (partSize) partSize[best] += partSize[v];
    partOutside[best] += partOutside[v] - 2 * bestWeight;
  }
  return refined;
}
