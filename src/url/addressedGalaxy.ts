import { isLocalGalaxy } from '../open/localName';
import { streamingTilesWanted } from './pageSwitches';
import { galaxyNameOf } from './routeName';
import { parseViewQuery, splitHash } from './viewQuery';

/** The galaxy a page address opens, as much of it as its first requests need. */
export interface AddressedGalaxy {
  name: string;
  /** `v=` of the galaxy address; undefined: the manifest's last version. */
  version: string | undefined;
  /** Whether a version with tiles streams them (no `tiles=0` before the '#'). */
  tiles: boolean;
}

/**
 * The galaxy the address names on the galaxy route, read as the address sync reads it
 * (docs/rules.md#url); undefined on any other route and for a galaxy kept in this browser, which
 * downloads nothing.
 */
export function addressedGalaxy(href: string): AddressedGalaxy | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  const { path, query } = splitHash(url.hash);
  const name = galaxyNameOf(path);
  if (name === undefined || isLocalGalaxy(name)) return undefined;
  return { name, version: parseViewQuery(query).manifestVersion, tiles: streamingTilesWanted(url.search) };
}
