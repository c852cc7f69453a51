import type { StarCatalog } from '../data/starCatalog';
import type { SearchWorkerLike } from './labelSearch';
import type { StarSearch } from './starSearch';

/**
 * What search and the console's commands ask of the galaxy open now, whatever its shape: built by
 * the one place that knows shapes (src/stars/shownGalaxy.ts), so that nothing in src/search/ asks.
 */
export interface SearchedGalaxy {
  /** Whose names are searched: the galaxy's catalog (a new one means a new galaxy). */
  readonly catalog: Pick<StarCatalog, 'has' | 'labelOf'>;
  /** A new search over its names (the caller disposes it): a worker over a whole graph's labels, or a tiled galaxy's streamed shards. */
  createSearch(createWorker?: () => SearchWorkerLike): StarSearch;
  /** The star of exactly this name when the galaxy can tell at once (a whole graph's index; -1: none); undefined: search for it. */
  starNamed(name: string): number | undefined;
  /**
   * Whether its searches can be limited to one constellation (docs/rules.md#search): a whole graph's
   * can, and a tiled galaxy's whose tiles carry communities.
   */
  readonly canBeLimited: boolean;
  /** Where a star is in the world (scale applied); a tiled galaxy fetches its tile first. */
  locate(id: number): Promise<[number, number, number] | undefined>;
}
