import { strengths, type WeightedGraph } from './weightedGraph';

/**
 * Newman's modularity of `membership` (ids 0..count-1) with resolution γ:
 * Q = Σ_c [ in_c / 2m − γ (tot_c / 2m)² ], where in_c is the weight inside c counted from both ends
 * and tot_c the strengths summed. 0 for a graph without edges.
 */
export function modularity(graph: WeightedGraph, membership: Uint32Array, resolution = 1): number {
  const { nodeCount, offsets, neighbours, weights, selfWeights } = graph;
  const strength = strengths(graph);
  let count = 0;
  for (let v = 0; v < nodeCount; v++) count = Math.max(count, membership[v] + 1);
  const inside = new Float64Array(count);
  const total = new Float64Array(count);
  let twiceM = 0;
  for (let v = 0; v < nodeCount; v++) {
    const c = membership[v];
    total[c] += strength[v];
    twiceM += strength[v];
    inside[c] += selfWeights[v];
    for (let e = offsets[v]; e < offsets[v + 1]; e++) if (membership[neighbours[e]] === c) inside[c] += weights[e];
  }
  if (twiceM === 0) return 0;
  let q = 0;
  for (let c = 0; c < count; c++) q += inside[c] / twiceM - resolution * (total[c] / twiceM) ** 2;
  return q;
}

/** The modularity (γ = 1) of a community graph's own nodes as the communities: what each keeps inside against its strength. */
export function communityGraphModularity(graph: WeightedGraph): number {
  const strength = strengths(graph);
  let twiceM = 0;
  for (let c = 0; c < graph.nodeCount; c++) twiceM += strength[c];
  if (twiceM === 0) return 0;
  let q = 0;
  for (let c = 0; c < graph.nodeCount; c++) q += graph.selfWeights[c] / twiceM - (strength[c] / twiceM) ** 2;
  return q;
}
