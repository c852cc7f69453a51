import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TiledGalaxyReader } from '../../../../src/tiles/format/tiledGalaxyReader';
import { adjacencyOfStars, outLinksBytesHeld, outLinksOfStars } from '../../../../src/tiles/stream/adjacencyCuts';
import { AdjacencyCutter } from '../../../../src/tiles/stream/adjacencyCutter';
import { shardsHolding } from '../../../../src/tiles/stream/recentShards';
import { transferablesOf } from '../../../../src/tiles/stream/tileSource';
import { writeTiles } from '../../../../src/tiles/write/writeTiles';
import { openTiles, removeTempFolders, syntheticVersion } from '../../../support/tiledFixtures';

describe('AdjacencyCutter', () => {
  let versionDir: string;
  const loads: string[] = [];
  let reader: TiledGalaxyReader;
  /** Another reader of the same files, whose loads are not counted: the copying reference. */
  let reference: TiledGalaxyReader;

  beforeAll(async () => {
    versionDir = syntheticVersion(3000);
    writeTiles(versionDir, { capacity: 150, shardBytes: 4096 });
    reader = await TiledGalaxyReader.open(async (file) => {
      loads.push(file);
      return new Uint8Array(readFileSync(path.join(versionDir, 'tiles', file)));
    });
    reference = await openTiles(versionDir);
  });
  afterAll(removeTempFolders);

  it('cuts every tile\'s links out of its shards as the copying reader does, holding four shard buffers', async () => {
    const cutter = new AdjacencyCutter(reader);
    const tiles = reader.hierarchy.tileCount;
    const shardCount = reader.index.adjacency.starBoundaries.length - 1;
    expect(shardCount).toBeGreaterThan(8);
    loads.length = 0;
    // Tiles in an order that jumps between shards, some asked for at once.
    const order = Array.from({ length: tiles }, (_, k) => (k * 7) % tiles);
    for (let at = 0; at < order.length; at += 3) {
      const batch = order.slice(at, at + 3);
      const cuts = await Promise.all(batch.map(async (tile) => [await cutter.whole(tile), await cutter.outLinks(tile)] as const));
      for (const [i, tile] of batch.entries()) {
        const first = reader.tileFirstStars[tile];
        const count = reader.tileFirstStars[tile + 1] - first;
        const shards = await Promise.all(shardsHolding(reader.index.adjacency.starBoundaries, first, count).map((k) => reference.adjacency(k)));
        expect(cuts[i][0]).toEqual(adjacencyOfStars(shards, first, count));
        expect(cuts[i][1]).toEqual(outLinksOfStars(shards, first, count, reader.tileFirstStars));
      }
      expect(cutter.slotCount).toBeLessThanOrEqual(4);
    }
  });

  it('hands a tile\'s out-links over in one buffer, so the page holds one backing store per tile, not three', async () => {
    const cutter = new AdjacencyCutter(reader);
    for (const tile of [0, 1, reader.hierarchy.tileCount - 1]) {
      const outLinks = await cutter.outLinks(tile);
      expect(outLinks.outTargetTiles.length).toBeGreaterThan(0);
      expect(transferablesOf({ kind: 'tileOutLinks', outLinks })).toHaveLength(1);
      expect(outLinks.outOffsets.buffer.byteLength).toBe(outLinksBytesHeld(outLinks));
      // Four bytes a star and four a link: each target is its tile and its place there, two bytes each.
      expect(outLinksBytesHeld(outLinks)).toBe((outLinks.count + 1) * 4 + outLinks.outTargetTiles.length * 4);
    }
  });

  it('unpacks each shard once when tiles are asked for in star order, even where a tile spans more shards than are kept', async () => {
    const cutter = new AdjacencyCutter(reader);
    const shardCount = reader.index.adjacency.starBoundaries.length - 1;
    // The root tile holds the most linked stars, over more shards than the four kept.
    expect(shardsHolding(reader.index.adjacency.starBoundaries, 0, reader.tileFirstStars[1]).length).toBeGreaterThan(4);
    for (const cut of [(tile: number) => cutter.outLinks(tile), (tile: number) => cutter.whole(tile)]) {
      loads.length = 0;
      for (let tile = 0; tile < reader.hierarchy.tileCount; tile++) await cut(tile);
      const shardLoads = loads.filter((file) => file.startsWith('adjacency/'));
      expect(shardLoads).toHaveLength(shardCount);
      expect(new Set(shardLoads).size).toBe(shardCount);
    }
  });
});
