import { download } from '../../data/fetch/download';
import { stallWatchdog } from '../../data/fetch/stallWatchdog';
import { nothingArrivedFor, STALL_LIMIT_MS } from '../../data/loadTypes';
import { downloadPooled, type DownloadBuffers } from './pooledDownload';
import { TileDataError } from './tileError';

/**
 * Reads one file of the tiles folder by its path relative to that folder (e.g. "stars/12.bin.gz"),
 * rejecting when it cannot be had (404, network): `fetch` in a browser or worker, the file system in Node.
 */
export type LoadTileFile = (path: string, signal?: AbortSignal) => Promise<Uint8Array>;

/**
 * A LoadTileFile over HTTP: `tilesUrl` is `{endpoint or data root}/{name}/{version}/tiles/`, i.e.
 * versionFileUrl(dataRoot, manifest, name, version, 'tiles/'); a status other than 200 rejects
 * with the viewer's usual message. A file of which nothing arrives for the stall limit (asked each
 * time: the tile worker learns it from the page) is given up: a TileDataError marked `stalled`.
 * Given a pool, files are read into its buffers, which the reader gives back once it has unpacked them.
 */
export function fetchTileFiles(tilesUrl: string, stallLimitMs: () => number = () => STALL_LIMIT_MS, pool?: DownloadBuffers): LoadTileFile {
  return async (path, signal) => {
    const url = `${tilesUrl}${path}`;
    const limit = stallLimitMs();
    const controller = new AbortController();
    const cancel = () => controller.abort();
    if (signal?.aborted) cancel();
    signal?.addEventListener('abort', cancel);
    let stalled = false;
    const watchdog = stallWatchdog(limit, () => {
      stalled = true;
      controller.abort();
    });
    const fetchWatched = async (input: string, init: { signal?: AbortSignal }) => {
      const response = await fetch(input, init);
      watchdog.progressed();
      return response;
    };
    try {
      if (pool) return await downloadPooled(url, fetchWatched, controller.signal, pool, watchdog.progressed);
      return new Uint8Array(await download(url, fetchWatched, controller.signal, watchdog.progressed));
    } catch (error) {
      if (stalled) throw new TileDataError(nothingArrivedFor(limit), undefined, true);
      throw error;
    } finally {
      watchdog.stop();
      signal?.removeEventListener('abort', cancel);
    }
  };
}
