import type { GalaxyIndex, GalaxyMeta, Manifest } from '../data/manifest';
import type { HomeGalaxy } from './homeCards';

export interface LoadHomeOptions {
  signal?: AbortSignal;
  fetch?: typeof globalThis.fetch;
}

function isGalaxyIndex(value: unknown): value is GalaxyIndex {
  if (typeof value !== 'object' || value === null) return false;
  const galaxies = (value as { galaxies?: unknown }).galaxies;
  return Array.isArray(galaxies) && galaxies.every((name) => typeof name === 'string');
}

function metaOf(value: unknown): GalaxyMeta | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const meta = (value as Partial<Manifest>).meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const result: GalaxyMeta = {};
  if (typeof meta.title === 'string') result.title = meta.title;
  if (typeof meta.description === 'string') result.description = meta.description;
  if (typeof meta.kind === 'string') result.kind = meta.kind;
  const vantage = meta.vantage;
  if (vantage && typeof vantage.host === 'string' && Number.isFinite(Number(vantage.asn))) {
    result.vantage = { host: vantage.host, asn: Number(vantage.asn) };
  }
  return result;
}

/**
 * Reads `{dataRoot}/galaxies.json` and each listed galaxy's manifest meta. A galaxy whose
 * manifest cannot be read still gets a card (without meta); an unreadable index is an error
 * whose message says which address failed.
 */
export async function loadHomeGalaxies(dataRoot: string, options: LoadHomeOptions = {}): Promise<HomeGalaxy[]> {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const root = dataRoot.replace(/\/+$/, '');
  const indexUrl = `${root}/galaxies.json`;
  let response: Response;
  try {
    response = await fetchFn(indexUrl, { signal: options.signal, cache: 'no-cache' });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new Error(`Failed to download ${indexUrl}`);
  }
  if (!response.ok) throw new Error(`Unexpected status code ${response.status} when calling ${indexUrl}`);
  let index: unknown;
  try {
    index = await response.json();
  } catch {
    throw new Error(`${indexUrl} is not valid JSON`);
  }
  if (!isGalaxyIndex(index)) throw new Error(`${indexUrl} does not list galaxies as {"galaxies": ["name", ...]}`);

  const names = [...new Set(index.galaxies.filter((name) => name.length > 0))];
  return Promise.all(
    names.map(async (name): Promise<HomeGalaxy> => {
      try {
        const manifest = await fetchFn(`${root}/${encodeURIComponent(name)}/manifest.json`, {
          signal: options.signal,
          cache: 'no-cache',
        });
        if (!manifest.ok) return { name };
        const meta = metaOf(await manifest.json());
        return meta ? { name, meta } : { name };
      } catch {
        return { name };
      }
    }),
  );
}
