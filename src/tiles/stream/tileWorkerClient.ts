import type { HandedFiles } from '../format/earlyFiles';
import { decodedTileBuffer } from '../format/tileCodec';
import { TileDataError } from '../format/tileError';
import type { TileAnswer, TileRequest, TileSource } from './tileSource';
import { tileWorkerName, type TileWorkerReply, type TileWorkerRequest } from './tileWorkerProtocol';

/** The part of a Worker the client uses (Node tests put tileWorkerHost behind it). */
export interface TileWorkerLike {
  postMessage(message: TileWorkerRequest, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<TileWorkerReply>) => void) | null;
  terminate(): void;
}

/** A tile worker; named by tileWorkerName, it opens its galaxy as soon as it runs. */
export function createBrowserTileWorker(name: string | undefined): TileWorkerLike {
  return new Worker(new URL('./tile.worker.ts', import.meta.url), { type: 'module', name }) as TileWorkerLike;
}

export interface WorkerTileSourceOptions {
  /**
   * What the page is reading of the folder itself (its first files): the worker waits for them
   * instead of reading them again, so it is not named to open at once.
   */
  files?: Promise<HandedFiles>;
  /** Node tests put tileWorkerHost behind a Worker's interface. */
  createWorker?: (name: string | undefined) => TileWorkerLike;
  /** How long a file may send nothing before the worker gives it up (default STALL_LIMIT_MS there). */
  stallLimitMs?: number;
}

interface Pending {
  resolve: (answer: TileAnswer) => void;
  reject: (error: unknown) => void;
}

/** The answer of the kind asked for (the worker answers each request with its own kind). */
function answerOf<K extends TileAnswer['kind']>(answer: TileAnswer, kind: K): Extract<TileAnswer, { kind: K }> {
  if (answer.kind !== kind) throw new TileDataError(`the tile worker answered a ${kind} request with a ${answer.kind}`);
  return answer as Extract<TileAnswer, { kind: K }>;
}

/** How a cancelled request rejects. */
export function abortError(): DOMException {
  return new DOMException('The request was cancelled', 'AbortError');
}

/**
 * Opens a tiled galaxy in a tile worker: resolves once the worker has read index.json and the
 * hierarchy. Each request is a promise; aborting its signal tells the worker to abort the fetch and
 * rejects at once with an AbortError. An opening already aborted starts no worker.
 */
export function openWorkerTileSource(tilesUrl: string, signal?: AbortSignal, options: WorkerTileSourceOptions = {}): Promise<TileSource> {
  if (signal?.aborted) return Promise.reject(abortError());
  const { files, createWorker = createBrowserTileWorker, stallLimitMs } = options;
  const page = globalThis.location?.href;
  const absoluteUrl = page ? new URL(tilesUrl, page).href : tilesUrl;
  const worker = createWorker(files ? undefined : tileWorkerName(absoluteUrl));
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let disposed = false;

  const dispose = () => {
    if (disposed) return;
    disposed = true;
    worker.onmessage = null;
    worker.terminate();
    for (const request of pending.values()) request.reject(abortError());
    pending.clear();
  };

  const recycle = (buffer: ArrayBuffer) => {
    if (!disposed && buffer.byteLength > 0) worker.postMessage({ type: 'recycle', buffer }, [buffer]);
  };

  const ask = (request: TileRequest, requestSignal?: AbortSignal): Promise<TileAnswer> =>
    new Promise<TileAnswer>((resolve, reject) => {
      if (disposed || requestSignal?.aborted) return reject(abortError());
      const id = nextId++;
      const onAbort = () => {
        if (!pending.delete(id)) return;
        worker.postMessage({ type: 'cancel', id });
        reject(abortError());
      };
      const settle = <T>(finish: (value: T) => void) => (value: T) => {
        requestSignal?.removeEventListener('abort', onAbort);
        finish(value);
      };
      pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
      requestSignal?.addEventListener('abort', onAbort);
      worker.postMessage({ type: 'request', id, request });
    });

  return new Promise<TileSource>((resolve, reject) => {
    const onAbort = () => {
      dispose();
      reject(abortError());
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === 'opened') {
        signal?.removeEventListener('abort', onAbort);
        const { index, hierarchy } = message;
        resolve({
          index,
          hierarchy,
          tile: async (tile, s) => answerOf(await ask({ kind: 'tile', index: tile }, s), 'tile').tile,
          recycle,
          tileAdjacency: async (tile, s) => answerOf(await ask({ kind: 'tileAdjacency', index: tile }, s), 'tileAdjacency').adjacency,
          tileOutLinks: async (tile, s) => answerOf(await ask({ kind: 'tileOutLinks', index: tile }, s), 'tileOutLinks').outLinks,
          labels: async (shard, s) => answerOf(await ask({ kind: 'labels', index: shard }, s), 'labels').labels,
          searchLabels: async (shard, s) => answerOf(await ask({ kind: 'searchLabels', index: shard }, s), 'searchLabels').labels,
          communities: async (tile, s) => answerOf(await ask({ kind: 'communities', index: tile }, s), 'communities').communities,
          dispose,
        });
      } else if (message.type === 'open-failed') {
        signal?.removeEventListener('abort', onAbort);
        dispose();
        reject(new TileDataError(message.message, undefined, message.stalled));
      } else {
        const request = pending.get(message.id);
        if (!request) {
          // Cancelled meanwhile: a tile's buffer goes back at once.
          if (message.type === 'answer' && message.answer.kind === 'tile') recycle(decodedTileBuffer(message.answer.tile));
          return;
        }
        pending.delete(message.id);
        if (message.type === 'answer') request.resolve(message.answer);
        else request.reject(new TileDataError(message.message, message.tile, message.stalled));
      }
    };
    if (!files) worker.postMessage({ type: 'open', tilesUrl: absoluteUrl, stallLimitMs });
    else {
      void files.then((handed) => {
        if (!disposed) worker.postMessage({ type: 'open', tilesUrl: absoluteUrl, files: handed, stallLimitMs });
      });
    }
  });
}
