import { takeEarlyTiles } from '../../data/earlyRequests';
import type { DecodedTile } from '../format/tileCodec';
import type { TileSource } from './tileSource';
import { abortError, openWorkerTileSource } from './tileWorkerClient';

/**
 * `promise`, or an AbortError as soon as `signal` aborts; what arrives after that goes to `onLate`
 * (a source nobody will use must still be disposed).
 */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, onLate?: (value: T) => void): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) onLate?.(value);
        else resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Opens the tiles at `tilesUrl` in a tile worker: the one started before the viewer loaded
 * (src/data/earlyRequests.ts), whose root tile is already on its way, when it is this galaxy's;
 * else a new one.
 */
export async function openEarlyOrWorkerTileSource(tilesUrl: string, signal?: AbortSignal): Promise<TileSource> {
  const early = await takeEarlyTiles(tilesUrl);
  if (!early) return openWorkerTileSource(tilesUrl, signal);
  const source = await untilAborted(early.source, signal, (late) => late.dispose());
  let root: Promise<DecodedTile> | undefined = early.root;
  return {
    index: source.index,
    hierarchy: source.hierarchy,
    tile(tile, tileSignal) {
      if (tile !== 0 || !root) return source.tile(tile, tileSignal);
      const answer = root;
      root = undefined;
      return untilAborted(answer, tileSignal);
    },
    adjacency: (shard, shardSignal) => source.adjacency(shard, shardSignal),
    labels: (shard, shardSignal) => source.labels(shard, shardSignal),
    searchLabels: (shard, shardSignal) => source.searchLabels(shard, shardSignal),
    recycle: (buffer) => source.recycle(buffer),
    dispose: () => source.dispose(),
  };
}
