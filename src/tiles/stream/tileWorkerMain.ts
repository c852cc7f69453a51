/// <reference lib="webworker" />
import { DownloadPool } from '../format/downloadPool';
import { earlyFilesOf, withEarlyFiles } from '../format/earlyFiles';
import { fetchTileFiles } from '../format/loadTileFile';
import { loadingUnpacker } from '../format/loadingUnpacker';
import { TiledGalaxyReader } from '../format/tiledGalaxyReader';
import { readerTileSource } from './tileSource';
import { tileWorkerHost, type PostTileReply } from './tileWorkerHost';
import type { TileWorkerRequest } from './tileWorkerProtocol';

/**
 * The tile worker's code (tile.worker.ts loads it once asked to open a galaxy): fetches, unpacks and
 * decodes one tiled galaxy's files off the main thread (tileWorkerHost.ts).
 */
export function tileWorkerReceiver(post: PostTileReply): (message: TileWorkerRequest) => void {
  return tileWorkerHost(post, async (tilesUrl, files, stallLimitMs) => {
    const pool = new DownloadPool();
    // Opening reads index.json and the hierarchy (DecompressionStream); pako's inflate is asked for
    // only now, once the page's first files are in, so that it never shares a slow link with them.
    const unpacker = loadingUnpacker(import('../format/scratchUnpacker').then(({ ScratchUnpacker }) => new ScratchUnpacker()));
    return readerTileSource(await TiledGalaxyReader.open(withEarlyFiles(fetchTileFiles(tilesUrl, stallLimitMs, pool), earlyFilesOf(files)), pool, unpacker));
  });
}
