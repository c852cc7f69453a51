import { afterAll, describe, expect, it } from 'vitest';
import { loadFirstTileFiles } from '../../../src/tiles/format/earlyFiles';
import type { LoadTileFile } from '../../../src/tiles/format/loadTileFile';
import { readRootTile } from '../../../src/tiles/stream/readRootTile';
import { writeTiles } from '../../../src/tiles/write/writeTiles';
import { openTiles, removeTempFolders, syntheticVersion } from '../../support/tiledFixtures';
import { fileTileLoader } from '../../support/tiledStream';

afterAll(removeTempFolders);

/** `fetch` over a version folder's tiles, 404 for what is not there; every path asked for is listed. */
function serveTiles(versionDir: string): string[] {
  const asked: string[] = [];
  const load = fileTileLoader(versionDir);
  globalThis.fetch = async (input) => {
    const file = String(input).replace('http://galaxies.example/g/v1/tiles/', '');
    asked.push(file);
    return load(file).then(
      (bytes) => new Response(bytes as Uint8Array<ArrayBuffer>),
      () => new Response('missing', { status: 404 }),
    );
  };
  return asked;
}

describe("a tiled galaxy's first files, asked for at once", () => {
  const realFetch = globalThis.fetch;
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  it('are index.json, the hierarchy and the root tile, each read once, the root tile as the reader reads it', async () => {
    const versionDir = syntheticVersion(3000, 4);
    writeTiles(versionDir, { capacity: 200 });
    const asked = serveTiles(versionDir);
    const load: LoadTileFile = async (path) => new Uint8Array(await (await fetch(`http://galaxies.example/g/v1/tiles/${path}`)).arrayBuffer());
    const early = loadFirstTileFiles(load);
    expect([...early.keys()]).toEqual(['index.json', 'hierarchy.bin.gz', 'stars/0.bin.gz']);
    const { index, root } = await readRootTile('http://galaxies.example/g/v1/tiles/', early);
    const reader = await openTiles(versionDir);
    expect(index).toEqual(reader.index);
    expect(root).toEqual(await reader.tile(0));
    expect(asked.sort()).toEqual(['hierarchy.bin.gz', 'index.json', 'stars/0.bin.gz']);
  });

  it('miss the hierarchy and root tile of an uncompressed galaxy, which are then read by the names index.json gives', async () => {
    const versionDir = syntheticVersion(3000, 4);
    writeTiles(versionDir, { capacity: 200, compression: 'none' });
    const asked = serveTiles(versionDir);
    const early = loadFirstTileFiles(async (path) => {
      const response = await fetch(`http://galaxies.example/g/v1/tiles/${path}`);
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    });
    const { root } = await readRootTile('http://galaxies.example/g/v1/tiles/', early);
    expect(root).toEqual(await (await openTiles(versionDir)).tile(0));
    expect(asked.sort()).toEqual(['hierarchy.bin', 'hierarchy.bin.gz', 'index.json', 'stars/0.bin', 'stars/0.bin.gz']);
  });
});
