import { Graph } from '../data/graph';
import { GalaxyLoadError, type LoadOptions, type LoadedGalaxy, type LoadResult } from '../data/loadTypes';
import { loadGalaxy } from '../data/loader';
import { isLocalGalaxy, localName } from './localName';
import type { LocalLoadReply, LocalLoadRequest } from './localLoader.worker';

/** What opening a kept galaxy whose stored record is damaged says (docs/rules.md#errors). */
export function damagedMessage(route: string, reason: string): string {
  return `${route}: its stored data is damaged (${reason}). Remove it on Home, then open the file again.`;
}

/** Opens a galaxy kept in this browser with the same decoder as a downloaded one, in a worker. */
export function loadLocalGalaxy(route: string, options: LoadOptions): Promise<LoadedGalaxy> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./localLoader.worker.ts', import.meta.url), { type: 'module' });
    const finish = () => {
      worker.terminate();
      options.signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(new GalaxyLoadError(`Cancelled download of ${route}`, 'cancelled'));
    };
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<LocalLoadReply>) => {
      finish();
      const reply = event.data;
      if (reply.type === 'done') {
        const { entry } = reply;
        resolve({ graph: new Graph(reply.data), manifest: { last: entry.version, all: [entry.version], meta: { title: entry.name } }, version: entry.version });
      } else if (reply.type === 'missing') {
        reject(new GalaxyLoadError(`${route} is not kept in this browser: it was removed, or opened in another browser. Open the file again from Home.`, 'data'));
      } else if (reply.type === 'damaged') {
        reject(new GalaxyLoadError(damagedMessage(route, reply.reason), 'data'));
      } else if (reply.storage) {
        reject(new GalaxyLoadError(`Could not read this browser's storage: ${reply.message}`, 'data'));
      } else {
        reject(new GalaxyLoadError(`${route}: ${reply.message}`, 'data'));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish();
      reject(new GalaxyLoadError(`${route} could not be read: ${event.message || 'the worker failed'}`, 'data'));
    };
    worker.postMessage({ route, name: localName(route), scale: options.scale } satisfies LocalLoadRequest);
  });
}

/** Galaxies of the data root by download, `local:` ones from this browser's storage. */
export function loadAnyGalaxy(name: string, options: LoadOptions): Promise<LoadResult> {
  return isLocalGalaxy(name) ? loadLocalGalaxy(name, options) : loadGalaxy(name, options);
}
