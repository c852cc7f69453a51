import type { StarCatalog } from '../../data/starCatalog';
import type { SearchLimit } from '../../search/starSearch';
import type { StarSource } from '../../stars/starSource';
import type { Holdings } from './heldParts';

/**
 * The contract between the streaming engine of a tiled galaxy (src/tiles/stream) and the route that
 * shows it (src/routes). What the scene draws, the galaxy's `stars`, is src/stars/starSource.ts.
 */

export interface TiledSearchProgress {
  /** Label shards searched so far, of all of them ("searched x of y"). */
  searchedShards: number;
  totalShards: number;
  /** Stars searched so far, of all of them. */
  searchedStars: number;
  totalStars: number;
  /** Matching star numbers found so far, in star order. */
  matches: Uint32Array;
  done: boolean;
}

/** A tiled galaxy opened in the viewer: stars for the scene, answers for the panels, streamed search. */
export interface TiledGalaxy extends StarCatalog {
  readonly stars: StarSource;
  /**
   * Search every label by a pattern (src/search/regexSearch rules), shard by shard, coarse stars
   * first; `limit`: only the stars of one constellation (docs/rules.md#search).
   */
  search(pattern: string, onProgress: (progress: TiledSearchProgress) => void, signal: AbortSignal, limit?: SearchLimit): Promise<TiledSearchProgress>;
  /** Regions whose tiles could not be read (data warnings name them), newest last. */
  readonly missingRegions: readonly string[];
  /** What it holds against its holding budget, by kind (the stats line's title); a stand-in may not say. */
  holdings?(): Holdings;
  /** Stops fetching and frees everything. */
  dispose(): void;
}
