import { earlyPositionsBytes } from './earlyPositionsWait';
import { tiledVersion, versionFileUrl } from './fetch/galaxyUrls';
import { untilAborted } from './fetch/untilAborted';
import { Graph, type GraphData } from './graph';
import { GalaxyLoadError, type LoadOptions, type LoadResult, STALL_LIMIT_MS, stalledMessage } from './loadTypes';
import { chooseVersion, type Manifest } from './manifest';
import type { StreamedFile, StreamedGalaxy } from './streamedGalaxy';
import type { LoaderReply, LoaderRequest } from './worker/protocol';
import { stallWatchdog, type StallWatchdog } from './fetch/stallWatchdog';

function startWorker(): Worker {
  return new Worker(new URL('./worker/loader.worker.ts', import.meta.url), { type: 'module' });
}

/**
 * An idle worker, started ahead of need: the next download does not wait for the worker's script.
 */
let idleWorker: Worker | undefined;

function takeWorker(): Worker {
  const worker = idleWorker ?? startWorker();
  idleWorker = undefined;
  return worker;
}

/** A tiled version's answer (its manifest alone was read): the worker is kept for the next download. */
function release(worker: Worker): void {
  if (idleWorker) worker.terminate();
  else idleWorker = worker;
}

/**
 * A galaxy was decoded (or failed while decoding): its worker is ended and a fresh one waits for the next download. The
 * worker holds that download's garbage (npm: 10.5 MB of array buffers, 18 MB of heap) until it
 * collects, and an idle worker allocates nothing, so it may never; a fresh one holds about 1 MB.
 */
function replace(worker: Worker): void {
  worker.terminate();
  idleWorker ??= startWorker();
}

/**
 * The finished graph holding the positions array already handed out while streaming (the contents
 * are the same), so that whoever draws the stars can tell that only the rest has arrived.
 */
function sharingStreamed(data: GraphData, streamed: StreamedGalaxy | undefined): GraphData {
  if (!streamed || streamed.positions.length !== data.positions.length) return data;
  return { ...data, positions: streamed.positions };
}

/** Starts a loader worker while the page is idle. */
export function prepareLoader(): void {
  idleWorker ??= startWorker();
}

/**
 * Loads a galaxy by name: fetching and decoding run in a Web Worker and the typed arrays come back
 * as transferables; a tiled version is answered as soon as the manifest says so. Aborting the
 * signal ends the worker at once with 'Cancelled download of {url}'; after a finished download the
 * worker waits for the next one.
 */
export function loadGalaxy(name: string, options: LoadOptions): Promise<LoadResult> {
  const dataRoot = new URL(options.dataRoot, globalThis.location?.href).href;
  const early = options.early?.takeManifest(name, dataRoot, options.version);
  return early ? loadWithEarlyManifest(name, dataRoot, options, early) : loadInWorker(name, dataRoot, options, undefined, undefined);
}

/** With the manifest asked for before the viewer started (src/boot/earlyRequests.ts). */
async function loadWithEarlyManifest(name: string, dataRoot: string, options: LoadOptions, early: Promise<Manifest | undefined>): Promise<LoadResult> {
  options.onProgress?.({ message: `${name}: downloading manifest`, completed: '0%' });
  const manifest = await untilAborted(early, options.signal, () => cancelledManifest(name, dataRoot));
  if (!manifest) return loadInWorker(name, dataRoot, options, undefined, undefined);
  const version = chooseVersion(manifest, options.version);
  // A tiled version needs nothing of the loader worker: its tiles have their own.
  const tiled = tiledVersion(dataRoot, name, manifest, version, options.tiles);
  if (tiled) return tiled;
  const positions = await options.early?.takePositions(versionFileUrl(dataRoot, manifest, name, version, 'positions.bin'));
  const positionsBin = positions && (await earlyPositionsBytes(name, positions, options));
  return loadInWorker(name, dataRoot, options, manifest, positionsBin);
}

function cancelledManifest(name: string, dataRoot: string): GalaxyLoadError {
  return new GalaxyLoadError(`Cancelled download of ${dataRoot}${name}/manifest.json`, 'cancelled');
}

/**
 * Downloads and decodes in the loader worker, from the manifest on (or from the files, given the
 * manifest; without positions.bin, given its bytes, which move to the worker).
 */
function loadInWorker(name: string, dataRoot: string, options: LoadOptions, manifest: Manifest | undefined, positionsBin: ArrayBuffer | undefined): Promise<LoadResult> {
  const request: LoaderRequest = {
    type: 'load',
    request: { name, dataRoot, version: options.version, scale: options.scale, tiles: options.tiles, ...(manifest && { manifest }), ...(positionsBin && { positionsBin }) },
    streamParts: options.onStreamed !== undefined,
  };
  let streamed: StreamedGalaxy | undefined;
  const waitingFor = new Set<StreamedFile>(['links', 'labels']);
  const announce = (next: StreamedGalaxy) => {
    streamed = next;
    options.onStreamed?.(next);
  };
  return new Promise<LoadResult>((resolve, reject) => {
    const worker = takeWorker();
    let currentUrl = `${dataRoot}${name}/manifest.json`;
    const stallLimit = options.stallLimitMs ?? STALL_LIMIT_MS;
    let watchdog: StallWatchdog | undefined;
    const onStall = () => {
      finish('end');
      reject(new GalaxyLoadError(stalledMessage(name, stallLimit), 'stalled'));
    };
    const finish = (then: 'keep' | 'replace' | 'end') => {
      watchdog?.stop();
      worker.onmessage = null;
      worker.onerror = null;
      if (then === 'keep') release(worker);
      else if (then === 'replace') replace(worker);
      else worker.terminate();
      options.signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish('end');
      reject(new GalaxyLoadError(`Cancelled download of ${currentUrl}`, 'cancelled'));
    };
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort);

    worker.onmessage = (event: MessageEvent<LoaderReply>) => {
      const message = event.data;
      watchdog?.progressed();
      if (message.type === 'progress') {
        currentUrl = message.url;
        options.onProgress?.(message.progress);
      } else if (message.type === 'positions') {
        const { positions, nodeCount, version } = message;
        announce({ name, version, starCount: nodeCount, positions, waitingFor: [...waitingFor] });
      } else if (message.type === 'arrived') {
        waitingFor.delete(message.file);
        if (streamed) announce({ ...streamed, waitingFor: [...waitingFor] });
      } else if (message.type === 'tiled') {
        finish('keep');
        resolve({ manifest: message.manifest, version: message.version, tilesUrl: message.tilesUrl });
      } else if (message.type === 'done') {
        finish('replace');
        resolve({ graph: new Graph(sharingStreamed(message.data, streamed)), manifest: message.manifest, version: message.version });
      } else {
        finish('replace');
        reject(new GalaxyLoadError(message.message, message.kind));
      }
    };
    worker.onerror = (event) => {
      finish('end');
      reject(new GalaxyLoadError(`The galaxy loader failed: ${event.message || 'worker error'}`, 'data'));
    };
    worker.postMessage(request, positionsBin ? [positionsBin] : []);
    watchdog = stallWatchdog(stallLimit, onStall);
  });
}
