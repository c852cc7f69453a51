import { labelAt, type LabelIndex } from '../data/labelIndex';
import { describeCommunities } from './describeCommunities';
import { COMMUNITIES_FORMAT, type CommunitiesJson } from './format';
import { communityHierarchy } from './hierarchy';
import { DEFAULT_COMMUNITY_SEED } from './leiden';
import { levelColours } from './levelColours';
import { inDegrees, linksBinSource } from './linksBinGraph';
import { undirectedGraph } from './weightedGraph';

/** A version's classic files: positions.bin's and links.bin's int32 values, labels.json indexed. */
export interface ClassicGraph {
  positions: Int32Array;
  links: Int32Array;
  /** Asked for once the communities are found (at ten million stars, names are big to hold through the search). */
  labels: () => LabelIndex;
  /** The galaxy's ecosystem (src/ecosystems/kind.ts), for the words in the names. */
  kind: string;
}

/** What communities.bin and communities.json hold (docs/communities.md). */
export interface FoundCommunities {
  /** Each star's community at the finest level. */
  stars: Uint32Array;
  file: CommunitiesJson;
}

/**
 * Finds a galaxy's communities from its classic files, as `galaxy communities` and the browser's
 * import worker both do; `onLevel` hears each level as it is found.
 */
export function findCommunities(graph: ClassicGraph, seed = DEFAULT_COMMUNITY_SEED, onLevel?: (level: number, count: number) => void): FoundCommunities {
  const starCount = Math.floor(graph.positions.length / 3);
  const links = linksBinSource(graph.links, starCount);
  const undirected = undirectedGraph(starCount, links);
  const hierarchy = communityHierarchy(undirected, { seed, onLevel });
  const colours = levelColours(undirected, hierarchy);
  const labels = graph.labels();
  const levels = describeCommunities(hierarchy, {
    positions: graph.positions,
    inDegree: inDegrees(starCount, links),
    name: (star) => labelAt(labels, star),
    kind: graph.kind,
  }).map((level, l) => ({ ...level, colour: Array.from(colours[l]) }));
  return { stars: hierarchy.stars, file: { format: COMMUNITIES_FORMAT, stars: starCount, seed, levels } };
}
