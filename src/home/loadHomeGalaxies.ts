import { fetchGalaxyNames } from '../data/fetch/galaxyIndex';
import { manifestMetaFromJson } from '../data/manifest';
import type { HomeGalaxy } from './homeCards';

export interface LoadHomeOptions {
  signal?: AbortSignal;
  fetch?: typeof globalThis.fetch;
}

/**
 * Reads `{dataRoot}/galaxies.json` and each listed galaxy's manifest meta. A galaxy whose
 * manifest cannot be read still gets a card (without meta); an unreadable index is an error
 * whose message says which address failed.
 */
export async function loadHomeGalaxies(dataRoot: string, options: LoadHomeOptions = {}): Promise<HomeGalaxy[]> {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const root = dataRoot.replace(/\/+$/, '');
  const names = await fetchGalaxyNames(dataRoot, { signal: options.signal, fetch: fetchFn });
  return Promise.all(
    names.map(async (name): Promise<HomeGalaxy> => {
      try {
        const manifest = await fetchFn(`${root}/${encodeURIComponent(name)}/manifest.json`, {
          signal: options.signal,
          cache: 'no-cache',
        });
        if (!manifest.ok) return { name };
        const meta = manifestMetaFromJson(await manifest.json());
        return meta ? { name, meta } : { name };
      } catch {
        return { name };
      }
    }),
  );
}
