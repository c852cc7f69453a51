import type { EarlyGalaxyFiles } from '../../data/earlyFiles';
import { untilAborted } from '../../data/fetch/untilAborted';
import { decodedTileBuffer, type DecodedTile } from '../format/tileCodec';
import { TileDataError } from '../format/tileError';
import type { TileSource } from './tileSource';
import { abortError, openWorkerTileSource } from './tileWorkerClient';
import { tileStallLimitMs } from './stallLimit';

/** Never settles: what a page's read gives the race below when only the worker can say how the opening ends. */
const undecided = new Promise<never>(() => {});

/**
 * Rejects when the page's own read of the first files failed on the files themselves (a stall, an
 * HTTP error, bad data: a TileDataError), which the worker's read would only repeat, a stall for as
 * long again; any other failure (its script not loading) leaves the answer to the worker.
 */
function failureOfPageRead(read: Promise<unknown>): Promise<never> {
  return read.then(
    () => undecided,
    (error: unknown) => (error instanceof TileDataError ? Promise.reject(error) : undecided),
  );
}

/**
 * Opens the tiles at `tilesUrl` in a tile worker: the one the page started before the viewer loaded
 * (`early`, src/boot/earlyRequests.ts), with the root tile the page read meanwhile, when it is this
 * galaxy's; else a new one. Files of which nothing arrives for `stallLimitMs` are given up.
 */
export async function openEarlyOrWorkerTileSource(
  tilesUrl: string,
  signal?: AbortSignal,
  stallLimitMs = tileStallLimitMs(),
  files?: EarlyGalaxyFiles,
): Promise<TileSource> {
  const early = await files?.takeTiles(tilesUrl);
  if (!early) return openWorkerTileSource(tilesUrl, signal, { stallLimitMs });
  let source: TileSource;
  try {
    source = await untilAborted(Promise.race([early.source, failureOfPageRead(early.index)]), signal, abortError, (late) => late.dispose());
  } catch (error) {
    early.stop();
    throw error;
  }
  let root: Promise<DecodedTile> | undefined = early.root;
  return {
    index: source.index,
    hierarchy: source.hierarchy,
    tile(tile, tileSignal) {
      if (tile !== 0 || !root) return source.tile(tile, tileSignal);
      // The page's read can fail where the worker's would not (its script not loading): the worker
      // then reads it. A tile that failed on its own (damaged, stalled) fails with the page's message.
      const answer = root.catch((error: unknown) => (error instanceof TileDataError ? Promise.reject(error) : source.tile(0, tileSignal)));
      root = undefined;
      return untilAborted(answer, tileSignal, abortError, (late) => source.recycle(decodedTileBuffer(late)));
    },
    tileAdjacency: (tile, tileSignal) => source.tileAdjacency(tile, tileSignal),
    tileOutLinks: (tile, tileSignal) => source.tileOutLinks(tile, tileSignal),
    labels: (shard, shardSignal) => source.labels(shard, shardSignal),
    searchLabels: (shard, shardSignal) => source.searchLabels(shard, shardSignal),
    communities: (tile, tileSignal) => source.communities(tile, tileSignal),
    recycle: (buffer) => source.recycle(buffer),
    dispose: () => source.dispose(),
  };
}
