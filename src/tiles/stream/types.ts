import type { SearchProgress } from '../../search/starSearch';
import type { StarCatalog } from '../../data/starCatalog';
import type { StarSource } from '../../stars/starSource';
import type { Holdings } from './heldParts';

/**
 * The contract between the streaming engine of a tiled galaxy (src/tiles/stream) and the route that
 * shows it (src/routes). What the scene draws, the galaxy's `stars`, is src/stars/starSource.ts.
 */

/** A tiled galaxy opened in the viewer: stars for the scene, answers for the panels, streamed search. */
export interface TiledGalaxy extends StarCatalog {
  readonly stars: StarSource;
  /** Search every label by a pattern (src/search/regexSearch rules), shard by shard, coarse stars first. */
  search(pattern: string, onProgress: (progress: SearchProgress) => void, signal: AbortSignal): Promise<SearchProgress>;
  /** Regions whose tiles could not be read (data warnings name them), newest last. */
  readonly missingRegions: readonly string[];
  /** What it holds against its holding budget, by kind (the stats line's title); a stand-in may not say. */
  holdings?(): Holdings;
  /** Stops fetching and frees everything. */
  dispose(): void;
}
