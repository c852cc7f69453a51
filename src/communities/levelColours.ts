import { colourCommunities } from '../constellations/palette';
import type { CommunityHierarchy } from './hierarchy';
import { communityGraph, type WeightedGraph } from './weightedGraph';

/**
 * Each level's palette colours (communities.json's optional "colour"), chosen on that level's
 * community graph with the full graph's links, so that neighbouring communities differ and the
 * biggest get the most distinct colours. The viewer has no links between communities of a tiled
 * galaxy, which is why this is done at build time.
 */
export function levelColours(graph: WeightedGraph, hierarchy: CommunityHierarchy): Uint8Array[] {
  const colours: Uint8Array[] = [];
  let below = graph;
  let membership = hierarchy.stars;
  hierarchy.levels.forEach((level, l) => {
    const communities = communityGraph(below, membership, level.count);
    // The unlinked stars are drawn white and link to nothing: coloured last, they take no distinct colour from the others.
    const sizes = Float64Array.from(level.size);
    if (level.unlinked >= 0) sizes[level.unlinked] = 0;
    colours.push(colourCommunities({ sizes, offsets: communities.offsets, targets: communities.neighbours, weights: communities.weights }));
    below = communities;
    membership = level.parent ?? new Uint32Array(level.count);
    if (!level.parent && l < hierarchy.levels.length - 1) throw new Error(`level ${l} has no parents`);
  });
  return colours;
}
