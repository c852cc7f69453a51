import { fetchGalaxyNames } from '../data/fetch/galaxyIndex';
import { manifestMetaFromJson } from '../data/manifest';
import type { HomeGalaxy } from './homeCards';

export interface LoadHomeOptions {
  signal?: AbortSignal;
  fetch?: typeof globalThis.fetch;
}

/** A galaxy's manifest that has not answered within this long is shown as unreachable on its card. */
export const MANIFEST_TIME_LIMIT_MS = 10_000;

export interface LoadMetaOptions extends LoadHomeOptions {
  /** Give up on a manifest after this long (default MANIFEST_TIME_LIMIT_MS). */
  timeLimitMs?: number;
}

/**
 * One galaxy's card data from its manifest, on its own time: a manifest that fails, or does not
 * answer (body included) within the time limit, gives an unreachable card saying why. Never rejects
 * unless `options.signal` aborts.
 */
export async function loadGalaxyMeta(dataRoot: string, name: string, options: LoadMetaOptions = {}): Promise<HomeGalaxy> {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const limit = options.timeLimitMs ?? MANIFEST_TIME_LIMIT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, limit);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  try {
    const response = await fetchFn(`${dataRoot.replace(/\/+$/, '')}/${encodeURIComponent(name)}/manifest.json`, {
      signal: controller.signal,
      cache: 'no-cache',
    });
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      return { name, status: 'unreachable', problem: `Its manifest answered with status ${response.status}` };
    }
    let manifest: unknown;
    try {
      manifest = await response.json();
    } catch (error) {
      if (controller.signal.aborted) throw error;
      return { name, status: 'loaded' };
    }
    const meta = manifestMetaFromJson(manifest);
    return meta ? { name, meta, status: 'loaded' } : { name, status: 'loaded' };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const problem = timedOut
      ? `No answer from its host within ${Math.round(limit / 1000)} seconds`
      : 'Its manifest could not be downloaded';
    return { name, status: 'unreachable', problem };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** The index and then every galaxy's manifest: all cards at once (Home shows each as it arrives instead). */
export async function loadHomeGalaxies(dataRoot: string, options: LoadMetaOptions = {}): Promise<HomeGalaxy[]> {
  const names = await fetchGalaxyNames(dataRoot, options);
  return Promise.all(names.map((name) => loadGalaxyMeta(dataRoot, name, options)));
}
