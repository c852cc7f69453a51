/// <reference lib="webworker" />
import { DownloadPool } from '../format/downloadPool';
import { earlyFilesOf, withEarlyFiles } from '../format/earlyFiles';
import { fetchTileFiles } from '../format/loadTileFile';
import { loadingUnpacker } from '../format/loadingUnpacker';
import { TiledGalaxyReader } from '../format/tiledGalaxyReader';
import { readerTileSource } from './tileSource';
import { tileWorkerHost } from './tileWorkerHost';
import { tilesUrlOfWorkerName, type TileWorkerRequest } from './tileWorkerProtocol';

/** Fetches, unpacks and decodes one tiled galaxy's files off the main thread (tileWorkerHost.ts). */
declare const self: DedicatedWorkerGlobalScope;

const receive = tileWorkerHost(
  (message, transfer) => self.postMessage(message, transfer),
  async (tilesUrl, files, stallLimitMs) => {
    const pool = new DownloadPool();
    // Opening reads index.json and the hierarchy (DecompressionStream); pako's inflate is asked for
    // only now, once the page's first files are in, so that it never shares a slow link with them.
    const unpacker = loadingUnpacker(import('../format/scratchUnpacker').then(({ ScratchUnpacker }) => new ScratchUnpacker()));
    return readerTileSource(await TiledGalaxyReader.open(withEarlyFiles(fetchTileFiles(tilesUrl, stallLimitMs, pool), earlyFilesOf(files)), pool, unpacker));
  },
);

self.onmessage = (event: MessageEvent<TileWorkerRequest>) => receive(event.data);
const named = tilesUrlOfWorkerName(self.name);
if (named !== undefined) receive({ type: 'open', tilesUrl: named });
