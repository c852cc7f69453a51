import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { EarlyRequests } from '../../../../src/boot/earlyRequests';
import { loadGalaxy } from '../../../../src/data/loader';
import { earlyFilesOf, withEarlyFiles } from '../../../../src/tiles/format/earlyFiles';
import { fetchTileFiles } from '../../../../src/tiles/format/loadTileFile';
import { TiledGalaxyReader } from '../../../../src/tiles/format/tiledGalaxyReader';
import { openEarlyOrWorkerTileSource } from '../../../../src/tiles/stream/earlyTileSource';
import { readerTileSource } from '../../../../src/tiles/stream/tileSource';
import { tileWorkerHost } from '../../../../src/tiles/stream/tileWorkerHost';
import type { TileWorkerReply, TileWorkerRequest } from '../../../../src/tiles/stream/tileWorkerProtocol';
import { writeTiles } from '../../../../src/tiles/write/writeTiles';
import { openTiles, removeTempFolders, syntheticVersion } from '../../../support/tiledFixtures';
import { fileTileLoader } from '../../../support/tiledStream';

// The page's reading of the root tile fails as when its script cannot be loaded.
vi.mock('../../../../src/tiles/stream/readRootTile', () => ({
  readRootTile: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
}));

const DATA_ROOT = 'http://viewer.example/data';
const TILES_URL = `${DATA_ROOT}/g/v1/tiles/`;

/** tile.worker.ts in this thread, reading through the stubbed fetch. */
class InThreadTileWorker {
  onmessage: ((event: MessageEvent<TileWorkerReply>) => void) | null = null;
  private readonly receive = tileWorkerHost(
    (message) => queueMicrotask(() => this.onmessage?.({ data: message } as MessageEvent<TileWorkerReply>)),
    async (tilesUrl, files) => readerTileSource(await TiledGalaxyReader.open(withEarlyFiles(fetchTileFiles(tilesUrl), earlyFilesOf(files)))),
  );
  postMessage(message: TileWorkerRequest): void {
    this.receive(message);
  }
  terminate(): void {}
}

afterAll(removeTempFolders);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the root tile the page read before the viewer ran', () => {
  it('is read by the tile worker when the page could not read it (its script did not load)', async () => {
    const versionDir = syntheticVersion(2000, 5);
    writeTiles(versionDir, { capacity: 200 });
    const load = fileTileLoader(versionDir);
    vi.stubGlobal('Worker', InThreadTileWorker);
    vi.stubGlobal('fetch', async (input: string) => {
      const url = String(input);
      if (url.includes('/manifest.json')) return new Response(JSON.stringify({ all: ['v1'], last: 'v1', tiles: ['v1'] }));
      const file = url.slice(TILES_URL.length);
      return load(file).then((bytes) => new Response(bytes as Uint8Array<ArrayBuffer>), () => new Response('missing', { status: 404 }));
    });
    const early = EarlyRequests.start('http://viewer.example/#/galaxy/g', DATA_ROOT);
    const found = await loadGalaxy('g', { dataRoot: DATA_ROOT, tiles: true, early });
    expect(found).toMatchObject({ tilesUrl: TILES_URL });
    const source = await openEarlyOrWorkerTileSource(TILES_URL, undefined, undefined, early);
    expect(await source.tile(0)).toEqual(await (await openTiles(versionDir)).tile(0));
    source.dispose();
  });
});
