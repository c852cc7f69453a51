import { Graph } from '../data/graph';
import { GalaxyLoadError, type LoadOptions, type LoadedGalaxy } from '../data/loadTypes';
import { loadGalaxy } from '../data/loader';
import { decodeGalaxy } from '../data/wire/decodeGalaxy';
import { localGalaxies } from './localGalaxies';
import { isLocalGalaxy, localName } from './localName';

/** Opens a galaxy kept in this browser with the same decoder as a downloaded one. */
export async function loadLocalGalaxy(route: string, options: LoadOptions): Promise<LoadedGalaxy> {
  const name = localName(route);
  const kept = await localGalaxies.get(name).catch((error: unknown) => {
    throw new GalaxyLoadError(`Could not read this browser's storage: ${error instanceof Error ? error.message : String(error)}`, 'data');
  });
  if (options.signal?.aborted) throw new GalaxyLoadError(`Cancelled download of ${route}`, 'cancelled');
  if (!kept) {
    throw new GalaxyLoadError(`${route} is not kept in this browser: it was removed, or opened in another browser. Open the file again from Home.`, 'data');
  }
  const { entry, files } = kept;
  try {
    const data = decodeGalaxy({ name: route, version: entry.version, ...files, scale: options.scale });
    return { graph: new Graph(data), manifest: { last: entry.version, all: [entry.version], meta: { title: entry.name } }, version: entry.version };
  } catch (error) {
    throw new GalaxyLoadError(`${route}: ${error instanceof Error ? error.message : String(error)}`, 'data');
  }
}

/** Galaxies of the data root by download, `local:` ones from this browser's storage. */
export function loadAnyGalaxy(name: string, options: LoadOptions): Promise<LoadedGalaxy> {
  return isLocalGalaxy(name) ? loadLocalGalaxy(name, options) : loadGalaxy(name, options);
}
