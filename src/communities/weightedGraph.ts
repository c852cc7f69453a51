/**
 * An undirected weighted graph in CSR form, as community detection sees a galaxy: every link taken
 * both ways, duplicates (a -> b beside b -> a) merged, self-loops dropped at the star level.
 * Each undirected edge {u, v} is listed under u and under v. `selfWeights` holds what a node of a
 * community graph keeps inside itself, counted as in its strength: twice the weight of the edges it
 * swallowed, so that strength(v) = selfWeights[v] + the weights listed under v.
 */
export interface WeightedGraph {
  nodeCount: number;
  offsets: Uint32Array;
  neighbours: Uint32Array;
  /** Float32: the star level's weights are 1 and community graphs sum whole numbers. */
  weights: Float32Array;
  selfWeights: Float64Array;
}

/** Calls `visit(source, target)` for every directed link. */
export type LinkSource = (visit: (source: number, target: number) => void) => void;

/** The simplified undirected graph of `nodeCount` stars and the directed links `forEachLink` gives. */
export function undirectedGraph(nodeCount: number, forEachLink: LinkSource): WeightedGraph {
  const degree = new Uint32Array(nodeCount + 1);
  forEachLink((source, target) => {
    if (source === target) return;
    degree[source]++;
    degree[target]++;
  });
  const offsets = new Uint32Array(nodeCount + 1);
  for (let v = 0; v < nodeCount; v++) offsets[v + 1] = offsets[v] + degree[v];
  const neighbours = new Uint32Array(offsets[nodeCount]);
  const cursor = degree;
  cursor.set(offsets.subarray(0, nodeCount));
  forEachLink((source, target) => {
    if (source === target) return;
    neighbours[cursor[source]++] = target;
    neighbours[cursor[target]++] = source;
  });
  // Sort each list and keep one entry per neighbour, compacting in place.
  let write = 0;
  let start = 0;
  for (let v = 0; v < nodeCount; v++) {
    const end = offsets[v + 1];
    const list = neighbours.subarray(start, end);
    list.sort();
    const listStart = write;
    for (let i = 0; i < list.length; i++) {
      if (write > listStart && neighbours[write - 1] === list[i]) continue;
      neighbours[write++] = list[i];
    }
    offsets[v] = listStart;
    start = end;
  }
  offsets[nodeCount] = write;
  const compact = neighbours.slice(0, write);
  return { nodeCount, offsets, neighbours: compact, weights: new Float32Array(write).fill(1), selfWeights: new Float64Array(nodeCount) };
}

/** Each node's strength: the weights listed under it plus its self weight. */
export function strengths(graph: WeightedGraph): Float64Array {
  const { nodeCount, offsets, weights, selfWeights } = graph;
  const strength = new Float64Array(nodeCount);
  for (let v = 0; v < nodeCount; v++) {
    let sum = selfWeights[v];
    for (let e = offsets[v]; e < offsets[v + 1]; e++) sum += weights[e];
    strength[v] = sum;
  }
  return strength;
}

/**
 * The community graph of `membership` (ids 0..count-1): one node per community, the weights between
 * communities summed, and what lies inside a community kept as its self weight.
 */
export function communityGraph(graph: WeightedGraph, membership: Uint32Array, count: number): WeightedGraph {
  const { nodeCount, offsets, neighbours, weights, selfWeights } = graph;
  // Members grouped by community (counting sort), so each community's edges are summed at once.
  const memberOffsets = new Uint32Array(count + 1);
  for (let v = 0; v < nodeCount; v++) memberOffsets[membership[v] + 1]++;
  for (let c = 0; c < count; c++) memberOffsets[c + 1] += memberOffsets[c];
  const members = new Uint32Array(nodeCount);
  const fill = memberOffsets.slice(0, count);
  for (let v = 0; v < nodeCount; v++) members[fill[membership[v]]++] = v;

  const summed = new Float64Array(count);
  const touched = new Uint32Array(count);
  const newSelf = new Float64Array(count);
  const newOffsets = new Uint32Array(count + 1);
  // Pass 1 counts each community's neighbours, pass 2 writes them.
  const sweep = (write: ((c: number, d: number, weight: number, slot: number) => void) | undefined): void => {
    let slot = 0;
    for (let c = 0; c < count; c++) {
      let touchedCount = 0;
      let self = 0;
      for (let m = memberOffsets[c]; m < memberOffsets[c + 1]; m++) {
        const v = members[m];
        self += selfWeights[v];
        for (let e = offsets[v]; e < offsets[v + 1]; e++) {
          const d = membership[neighbours[e]];
          if (d === c) {
            self += weights[e];
          } else {
            if (summed[d] === 0) touched[touchedCount++] = d;
            summed[d] += weights[e];
          }
        }
      }
      newSelf[c] = self;
      for (let t = 0; t < touchedCount; t++) {
        const d = touched[t];
        if (write) write(c, d, summed[d], slot);
        slot++;
        summed[d] = 0;
      }
      if (!write) newOffsets[c + 1] = newOffsets[c] + touchedCount;
    }
  };
  sweep(undefined);
  const newNeighbours = new Uint32Array(newOffsets[count]);
  const newWeights = new Float32Array(newOffsets[count]);
  sweep((_c, d, weight, slot) => {
    newNeighbours[slot] = d;
    newWeights[slot] = weight;
  });
  return { nodeCount: count, offsets: newOffsets, neighbours: newNeighbours, weights: newWeights, selfWeights: newSelf };
}
