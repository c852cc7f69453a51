import type { TiledGalaxy } from '../tiles/stream/types';
import type { StarCatalog } from './starCatalog';

/** A catalog that is a tiled galaxy: it streams its search and can name regions it could not read. */
export function isTiledGalaxy(catalog: StarCatalog): catalog is TiledGalaxy {
  return 'missingRegions' in catalog && 'search' in catalog && 'stars' in catalog;
}
