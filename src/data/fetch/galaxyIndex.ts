import { GALAXY_INDEX_FILE, galaxyNamesFromJson } from '../manifest';

export interface GalaxyIndexOptions {
  signal?: AbortSignal;
  fetch?: typeof globalThis.fetch;
}

/** Where a data root lists its galaxies. */
export function galaxyIndexUrl(dataRoot: string): string {
  return `${dataRoot.replace(/\/+$/, '')}/${GALAXY_INDEX_FILE}`;
}

/**
 * The names `{dataRoot}/galaxies.json` lists, empty and repeated ones dropped. An unreadable index is
 * an error whose message says which address failed (an abort is rethrown as it came).
 */
export async function fetchGalaxyNames(dataRoot: string, options: GalaxyIndexOptions = {}): Promise<string[]> {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const url = galaxyIndexUrl(dataRoot);
  let response: Response;
  try {
    response = await fetchFn(url, { signal: options.signal, cache: 'no-cache' });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new Error(`Failed to download ${url}`);
  }
  if (!response.ok) throw new Error(`Unexpected status code ${response.status} when calling ${url}`);
  let index: unknown;
  try {
    index = await response.json();
  } catch {
    throw new Error(`${url} is not valid JSON`);
  }
  const names = galaxyNamesFromJson(index);
  if (!names) throw new Error(`${url} does not list galaxies as {"galaxies": ["name", ...]}`);
  return [...new Set(names.filter((name) => name.length > 0))];
}
