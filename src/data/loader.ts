import { Graph } from './graph';
import { GalaxyLoadError, type LoadOptions, type LoadedGalaxy } from './loadTypes';
import type { LoaderReply, LoaderRequest } from './worker/protocol';

function startWorker(): Worker {
  return new Worker(new URL('./worker/loader.worker.ts', import.meta.url), { type: 'module' });
}

/** A worker started ahead of need, so a download does not wait for the worker's script to load. */
let spareWorker: Worker | undefined;

function takeWorker(): Worker {
  const worker = spareWorker ?? startWorker();
  spareWorker = undefined;
  return worker;
}

/** Starts the next loader worker while the page is idle. */
export function prepareLoader(): void {
  spareWorker ??= startWorker();
}

/**
 * Loads a galaxy by name: fetching and decoding run in a Web Worker and the typed arrays come back
 * as transferables. Aborting the signal ends the worker at once with 'Cancelled download of {url}'.
 */
export function loadGalaxy(name: string, options: LoadOptions): Promise<LoadedGalaxy> {
  const dataRoot = new URL(options.dataRoot, globalThis.location?.href).href;
  const request: LoaderRequest = {
    type: 'load',
    request: { name, dataRoot, version: options.version, scale: options.scale },
  };
  return new Promise<LoadedGalaxy>((resolve, reject) => {
    const worker = takeWorker();
    let currentUrl = `${dataRoot}${name}/manifest.json`;
    const finish = () => {
      worker.terminate();
      options.signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(new GalaxyLoadError(`Cancelled download of ${currentUrl}`, 'cancelled'));
    };
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort);

    worker.onmessage = (event: MessageEvent<LoaderReply>) => {
      const message = event.data;
      if (message.type === 'progress') {
        currentUrl = message.url;
        options.onProgress?.(message.progress);
      } else if (message.type === 'done') {
        finish();
        prepareLoader();
        resolve({ graph: new Graph(message.data), manifest: message.manifest, version: message.version });
      } else {
        finish();
        reject(new GalaxyLoadError(message.message, message.kind));
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new GalaxyLoadError(`The galaxy loader failed: ${event.message || 'worker error'}`, 'data'));
    };
    worker.postMessage(request);
  });
}
