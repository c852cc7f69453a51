import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCommunityStars } from '../../../../src/communities/format';
import { labelAt } from '../../../../src/data/labelIndex';
import { earlyFilesOf, handedFiles, loadFirstTileFiles, withEarlyFiles } from '../../../../src/tiles/format/earlyFiles';
import { TileDataError } from '../../../../src/tiles/format/tileError';
import type { TiledGalaxyReader } from '../../../../src/tiles/format/tiledGalaxyReader';
import { adjacencyOfStars, outLinksOfStars } from '../../../../src/tiles/stream/adjacencyCuts';
import { shardsHolding } from '../../../../src/tiles/stream/recentShards';
import { openDirectTileSource } from '../../../../src/tiles/stream/directTileSource';
import { openWorkerTileSource, type TileWorkerLike } from '../../../../src/tiles/stream/tileWorkerClient';
import { tileWorkerHost } from '../../../../src/tiles/stream/tileWorkerHost';
import { tilesUrlOfWorkerName, tileWorkerName, type TileWorkerReply, type TileWorkerRequest } from '../../../../src/tiles/stream/tileWorkerProtocol';
import { writeTiles } from '../../../../src/tiles/write/writeTiles';
import { openTiles, removeTempFolders, syntheticVersion } from '../../../support/tiledFixtures';
import { fileTileLoader } from '../../../support/tiledStream';

afterAll(removeTempFolders);

/** The tile worker's host behind a Worker's interface, in this thread; `delayMs` holds every file back. */
class InProcessTileWorker implements TileWorkerLike {
  onmessage: ((event: MessageEvent<TileWorkerReply>) => void) | null = null;
  terminated = false;
  sent: TileWorkerRequest[] = [];
  transferred = 0;
  replies: TileWorkerReply['type'][] = [];
  /** Paths the worker read itself. */
  loaded: string[] = [];
  private readonly receive: (message: TileWorkerRequest) => void;

  /** `name`: the worker's name, read at start as tile.worker.ts reads it. */
  constructor(versionDir: string, delayMs = 0, name: string | undefined = '') {
    const load = fileTileLoader(versionDir);
    this.receive = tileWorkerHost(
      (message, transfer) => {
        this.transferred += transfer.length;
        this.replies.push(message.type);
        queueMicrotask(() => this.onmessage?.({ data: message } as MessageEvent<TileWorkerReply>));
      },
      (_tilesUrl, files) =>
        openDirectTileSource(
          withEarlyFiles(async (file, signal) => {
            this.loaded.push(file);
            await new Promise((resolve) => setTimeout(resolve, delayMs));
            signal?.throwIfAborted();
            return load(file);
          }, earlyFilesOf(files)),
        ),
    );
    const named = tilesUrlOfWorkerName(name ?? '');
    if (named !== undefined) this.receive({ type: 'open', tilesUrl: named });
  }

  postMessage(message: TileWorkerRequest): void {
    this.sent.push(message);
    this.receive(message);
  }

  terminate(): void {
    this.terminated = true;
  }
}

describe('the tile worker and its client', () => {
  let versionDir: string;
  let reader: TiledGalaxyReader;

  beforeAll(async () => {
    versionDir = syntheticVersion(1500);
    writeTiles(versionDir, { capacity: 200, shardBytes: 4096 });
    reader = await openTiles(versionDir);
  });

  it('opens the index and hierarchy, then hands over decoded tiles, adjacency and names as transferred arrays', async () => {
    const worker = new InProcessTileWorker(versionDir);
    const source = await openWorkerTileSource('http://galaxies.example/npm/v1/tiles/', undefined, { createWorker: () => worker });
    expect(worker.sent[0]).toEqual({ type: 'open', tilesUrl: 'http://galaxies.example/npm/v1/tiles/' });
    expect(source.index).toEqual(reader.index);
    expect(source.hierarchy.tileCount).toBe(reader.hierarchy.tileCount);

    const tile = await source.tile(1);
    expect(tile).toEqual(await reader.tile(1));
    const tileStars = (k: number) => [reader.tileFirstStars[k], reader.tileFirstStars[k + 1] - reader.tileFirstStars[k]] as const;
    const wanted = shardsHolding(reader.index.adjacency.starBoundaries, ...tileStars(2));
    const shards = await Promise.all(wanted.map((k) => reader.adjacency(k)));
    expect(await source.tileAdjacency(2)).toEqual(adjacencyOfStars(shards, ...tileStars(2)));
    expect(await source.tileOutLinks(2)).toEqual(outLinksOfStars(shards, ...tileStars(2), reader.tileFirstStars));
    const labels = await source.labels(1);
    const expected = await reader.labels(1);
    expect(labels.firstStar).toBe(expected.firstStar);
    expect(labelAt(labels.names, 3)).toBe(expected.names[3]);
    expect(worker.transferred).toBeGreaterThan(4);
    source.dispose();
    expect(worker.terminated).toBe(true);
  });

  it('hands over a tile\'s communities file alone, and refuses it where the galaxy has none', async () => {
    const withCommunities = syntheticVersion(800);
    writeFileSync(path.join(withCommunities, 'communities.bin'), encodeCommunityStars(Uint32Array.from({ length: 800 }, (_, id) => id % 7)));
    writeTiles(withCommunities, { capacity: 200, shardBytes: 4096 });
    const worker = new InProcessTileWorker(withCommunities);
    const source = await openWorkerTileSource('http://galaxies.example/npm/v1/tiles/', undefined, { createWorker: () => worker });
    const tile = await (await openTiles(withCommunities)).tile(1);
    const communities = await source.communities(1);
    expect(Array.from(communities)).toEqual(Array.from(tile.classicIds, (id) => id % 7));
    expect(worker.loaded.filter((file) => file.includes('communities/'))).toEqual(['communities/1.bin.gz']);
    source.dispose();

    const plain = await openWorkerTileSource('http://galaxies.example/npm/v1/tiles/', undefined, { createWorker: () => new InProcessTileWorker(versionDir) });
    await expect(plain.communities(1)).rejects.toThrow(/names no communities files/);
    plain.dispose();
  });

  it('cancels a request when its signal aborts, and names the region of a tile it cannot read', async () => {
    const worker = new InProcessTileWorker(versionDir, 20);
    const source = await openWorkerTileSource('http://galaxies.example/npm/v1/tiles/', undefined, { createWorker: () => worker });
    const controller = new AbortController();
    const cancelled = source.tile(2, controller.signal);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker.sent.some((message) => message.type === 'cancel')).toBe(true);

    const failure = await source.tile(reader.hierarchy.tileCount + 5).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TileDataError);
    expect((failure as TileDataError).message).toMatch(/not in the hierarchy/);
    source.dispose();
    await expect(source.tile(1)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('opens the galaxy its name carries as soon as it runs, and answers the page\'s open of it once', async () => {
    const url = 'http://galaxies.example/npm/v1/tiles/';
    expect(tilesUrlOfWorkerName(tileWorkerName(url))).toBe(url);
    expect(tilesUrlOfWorkerName('label-raster')).toBeUndefined();
    let created: InProcessTileWorker | undefined;
    const source = await openWorkerTileSource(url, undefined, { createWorker: (name) => (created = new InProcessTileWorker(versionDir, 5, name)) });
    expect(source.index).toEqual(reader.index);
    expect(await source.tile(0)).toEqual(await reader.tile(0));
    expect(created?.replies.filter((type) => type === 'opened')).toHaveLength(1);
    source.dispose();
  });

  it('waits, unnamed, for the files the page has read and does not read them again', async () => {
    const load = fileTileLoader(versionDir);
    const early = loadFirstTileFiles(load);
    let created: InProcessTileWorker | undefined;
    let name: string | undefined = 'not asked';
    const source = await openWorkerTileSource('http://galaxies.example/npm/v1/tiles/', undefined, {
      files: handedFiles(early),
      createWorker: (given) => {
        name = given;
        return (created = new InProcessTileWorker(versionDir, 0, given));
      },
    });
    expect(name).toBeUndefined();
    expect(created?.sent[0]).toMatchObject({ type: 'open', files: [['index.json', expect.any(Uint8Array)], ['hierarchy.bin.gz', expect.any(Uint8Array)], ['stars/0.bin.gz', expect.any(Uint8Array)]] });
    expect(source.index).toEqual(reader.index);
    expect(await source.tile(0)).toEqual(await reader.tile(0));
    expect(await source.tile(1)).toEqual(await reader.tile(1));
    expect(created?.loaded).toEqual(['stars/1.bin.gz']);
    source.dispose();
  });

  it('rejects with the reader\'s message when the galaxy cannot be opened', async () => {
    const worker = new InProcessTileWorker(`${versionDir}-missing`);
    await expect(openWorkerTileSource('http://galaxies.example/none/v1/tiles/', undefined, { createWorker: () => worker })).rejects.toThrow(/tiles\/index.json/);
    expect(worker.terminated).toBe(true);
  });
});
