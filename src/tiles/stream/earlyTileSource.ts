import { takeEarlyTiles } from '../../data/earlyRequests';
import { untilAborted } from '../../data/fetch/untilAborted';
import { decodedTileBuffer, type DecodedTile } from '../format/tileCodec';
import type { TileSource } from './tileSource';
import { abortError, openWorkerTileSource } from './tileWorkerClient';

/**
 * Opens the tiles at `tilesUrl` in a tile worker: the one started before the viewer loaded
 * (src/data/earlyRequests.ts), with the root tile the page read meanwhile, when it is this galaxy's;
 * else a new one.
 */
export async function openEarlyOrWorkerTileSource(tilesUrl: string, signal?: AbortSignal): Promise<TileSource> {
  const early = await takeEarlyTiles(tilesUrl);
  if (!early) return openWorkerTileSource(tilesUrl, signal);
  const source = await untilAborted(early.source, signal, abortError, (late) => late.dispose());
  let root: Promise<DecodedTile> | undefined = early.root;
  return {
    index: source.index,
    hierarchy: source.hierarchy,
    tile(tile, tileSignal) {
      if (tile !== 0 || !root) return source.tile(tile, tileSignal);
      // The page's read can fail where the worker's would not (its script not loading): the worker
      // then reads it, and a damaged tile fails there with the same message.
      const answer = root.catch(() => source.tile(0, tileSignal));
      root = undefined;
      return untilAborted(answer, tileSignal, abortError, (late) => source.recycle(decodedTileBuffer(late)));
    },
    adjacency: (shard, shardSignal) => source.adjacency(shard, shardSignal),
    labels: (shard, shardSignal) => source.labels(shard, shardSignal),
    searchLabels: (shard, shardSignal) => source.searchLabels(shard, shardSignal),
    recycle: (buffer) => source.recycle(buffer),
    dispose: () => source.dispose(),
  };
}
