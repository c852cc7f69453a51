import type { LayoutGraph } from './liveLayout';

/** Stars in the sample both engines are timed on: past the WebGPU layout's every-pair levels (1024), so its tree runs. */
export const CALIBRATION_STARS = 2048;

/**
 * A piece of the graph to time the layout engines on: up to `stars` linked nodes reached breadth
 * first from the best-linked node (then from further nodes, where its component is smaller), with
 * the links among them (renumbered 0..n-1). A graph of at most
 * `stars` nodes is its own sample. Linear in the links; the coarse levels would need the graph
 * coarsened once more on the page's thread.
 */
export function calibrationSample(graph: LayoutGraph, stars = CALIBRATION_STARS): LayoutGraph {
  if (graph.nodeCount <= stars) return graph;
  const { nodeCount, links } = graph;
  const degree = new Uint32Array(nodeCount + 1);
  for (const node of links) degree[node + 1]++;
  const offsets = degree;
  for (let i = 0; i < nodeCount; i++) offsets[i + 1] += offsets[i];
  const neighbours = new Uint32Array(links.length);
  const filled = offsets.slice(0, nodeCount);
  for (let k = 0; k < links.length; k += 2) {
    neighbours[filled[links[k]]++] = links[k + 1];
    neighbours[filled[links[k + 1]]++] = links[k];
  }
  let hub = 0;
  for (let i = 1; i < nodeCount; i++) if (offsets[i + 1] - offsets[i] > offsets[hub + 1] - offsets[hub]) hub = i;

  const index = new Int32Array(nodeCount).fill(-1);
  const order = new Uint32Array(stars);
  let taken = 0;
  let next = 0;
  index[hub] = taken;
  order[taken++] = hub;
  let seed = 0;
  while (taken < stars) {
    if (next === taken) {
      // The hub's component is used up: go on from the next linked node not taken yet.
      while (seed < nodeCount && (index[seed] >= 0 || offsets[seed + 1] === offsets[seed])) seed++;
      if (seed === nodeCount) break;
      index[seed] = taken;
      order[taken++] = seed;
    }
    const node = order[next++];
    for (let e = offsets[node]; e < offsets[node + 1] && taken < stars; e++) {
      const other = neighbours[e];
      if (index[other] >= 0) continue;
      index[other] = taken;
      order[taken++] = other;
    }
  }
  const kept: number[] = [];
  for (let k = 0; k < links.length; k += 2) {
    const source = index[links[k]];
    const target = index[links[k + 1]];
    if (source >= 0 && target >= 0) kept.push(source, target);
  }
  return { nodeCount: taken, links: Uint32Array.from(kept) };
}
