import type { Graph } from '../data/graph';
import { isTiledGalaxy } from '../data/tiledCatalog';
import type { TiledGalaxy } from '../tiles/stream/types';
import { createBrowserSearchWorker, LabelSearch, type SearchWorkerLike } from './labelSearch';
import type { StarSearch } from './starSearch';
import { TiledStarSearch } from './tiledStarSearch';

/** A galaxy the search box can search: a whole graph, or a tiled galaxy streaming its names. */
export type SearchableGalaxy = Graph | TiledGalaxy;

/**
 * Whether a search over the galaxy can be limited to one constellation (docs/rules.md#search): a
 * whole graph's can; a tiled galaxy's cannot, since its stars' communities come only with their tiles.
 */
export function searchCanBeLimited(galaxy: SearchableGalaxy | undefined): boolean {
  return galaxy !== undefined && !isTiledGalaxy(galaxy);
}

/** The search over a galaxy's names: a worker over the whole graph's labels, or the tiled galaxy's own streamed search. */
export function starSearchFor(galaxy: SearchableGalaxy, createWorker: () => SearchWorkerLike = createBrowserSearchWorker): StarSearch {
  if (isTiledGalaxy(galaxy)) return new TiledStarSearch(galaxy);
  const search = new LabelSearch(createWorker);
  search.setLabels(galaxy.data);
  return search;
}
