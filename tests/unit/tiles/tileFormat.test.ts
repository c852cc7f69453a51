import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphData } from '../../../src/data/graph';
import { encodeCommunityStars } from '../../../src/communities/format';
import { labelAt } from '../../../src/data/labelIndex';
import { decodeHierarchy, hierarchyProblem } from '../../../src/tiles/format/hierarchyCodec';
import { quantisationErrorBound } from '../../../src/tiles/format/quantise';
import { describeTileRegion } from '../../../src/tiles/format/region';
import { TileDataError } from '../../../src/tiles/format/tileError';
import { streamUnpacker } from '../../../src/tiles/format/gzip';
import { ScratchUnpacker } from '../../../src/tiles/format/scratchUnpacker';
import { DownloadPool } from '../../../src/tiles/format/downloadPool';
import { TiledGalaxyReader } from '../../../src/tiles/format/tiledGalaxyReader';
import type { DecodedTile } from '../../../src/tiles/format/tileCodec';
import { writeTiles } from '../../../src/tiles/write/writeTiles';
import { classicData, handMadeVersion, openTiles, removeTempFolders, syntheticVersion } from '../../support/tiledFixtures';

afterAll(removeTempFolders);

async function allTiles(reader: TiledGalaxyReader): Promise<DecodedTile[]> {
  const tiles: DecodedTile[] = [];
  for (let t = 0; t < reader.hierarchy.tileCount; t++) tiles.push(await reader.tile(t));
  return tiles;
}

describe('tiles of a synthetic galaxy (6000 stars, 200 per tile)', () => {
  let versionDir: string;
  let data: GraphData;
  let reader: TiledGalaxyReader;
  let tiles: DecodedTile[];

  beforeAll(async () => {
    versionDir = syntheticVersion(6000);
    writeTiles(versionDir, { capacity: 200, shardBytes: 8192 });
    data = classicData(versionDir);
    reader = await openTiles(versionDir);
    tiles = await allTiles(reader);
  });

  it('stores every star exactly once, numbered in tile order', () => {
    const seen = new Uint32Array(data.nodeCount);
    let next = 0;
    for (const tile of tiles) {
      expect(tile.firstStar).toBe(next);
      next += tile.count;
      for (const id of tile.classicIds) seen[id]++;
    }
    expect(next).toBe(data.nodeCount);
    expect(seen.every((count) => count === 1)).toBe(true);
  });

  it('keeps positions exactly (whole numbers in boxes of side up to 65536) and inside their tile box', () => {
    const { boxes } = reader.hierarchy;
    let moved = 0;
    let outside = 0;
    for (const tile of tiles) {
      for (let k = 0; k < tile.count; k++) {
        for (let axis = 0; axis < 3; axis++) {
          const value = tile.positions[k * 3 + axis];
          if (value !== data.positions[tile.classicIds[k] * 3 + axis]) moved++;
          if (value < boxes[tile.tile * 6 + axis] || value >= boxes[tile.tile * 6 + 3 + axis]) outside++;
        }
      }
    }
    expect({ moved, outside }).toEqual({ moved: 0, outside: 0 });
  });

  it('gives every star its exact in- and out-degree, and the galaxy its true maximum in-degree', () => {
    let maxIn = 0;
    for (const tile of tiles) {
      for (let k = 0; k < tile.count; k++) {
        const id = tile.classicIds[k];
        expect(tile.inDegree[k]).toBe(data.inOffsets[id + 1] - data.inOffsets[id]);
        expect(tile.outDegree[k]).toBe(data.outOffsets[id + 1] - data.outOffsets[id]);
        maxIn = Math.max(maxIn, tile.inDegree[k]);
      }
    }
    expect(reader.hierarchy.maxInDegree).toBe(maxIn);
    expect(reader.index.links).toBe(data.edgeCount);
  });

  it('builds a hierarchy with the TileHierarchy invariants: contiguous children, nested boxes, one level down', () => {
    const h = reader.hierarchy;
    expect(h.tileCount).toBeGreaterThan(20);
    expect(hierarchyProblem(h)).toBeUndefined();
    expect(h.parent[0]).toBe(-1);
    for (let t = 1; t < h.tileCount; t++) {
      const p = h.parent[t];
      expect(t).toBeGreaterThanOrEqual(h.firstChild[p]);
      expect(t).toBeLessThan(h.firstChild[p] + h.childCount[p]);
      expect(h.boxes[t * 6 + 3] - h.boxes[t * 6]).toBe((h.boxes[p * 6 + 3] - h.boxes[p * 6]) / 2);
    }
    expect(h.starCount.reduce((sum, count) => sum + count, 0)).toBe(h.totalStars);
    for (let t = 0; t < h.tileCount; t++) expect(h.starCount[t]).toBeLessThanOrEqual(200);
  });

  it('puts the most linked stars of a region in the coarsest tile over it', () => {
    const h = reader.hierarchy;
    for (let t = 1; t < h.tileCount; t++) {
      const parentTile = tiles[h.parent[t]];
      const leastInParent = Math.min(...parentTile.inDegree);
      expect(Math.max(...tiles[t].inDegree)).toBeLessThanOrEqual(leastInParent);
    }
    expect(tiles[0].inDegree[0]).toBe(h.maxInDegree);
  });

  it('shards adjacency by star ranges with the same links as links.bin, in tiled star numbers', async () => {
    const classicOf = new Uint32Array(data.nodeCount);
    for (const tile of tiles) tile.classicIds.forEach((id, k) => (classicOf[tile.firstStar + k] = id));
    const shards = reader.index.adjacency.starBoundaries.length - 1;
    expect(shards).toBeGreaterThan(1);
    for (let shard = 0; shard < shards; shard++) {
      const adjacency = await reader.adjacency(shard);
      for (let k = 0; k < adjacency.count; k++) {
        const id = classicOf[adjacency.firstStar + k];
        const out = Array.from(adjacency.outTargets.subarray(adjacency.outOffsets[k], adjacency.outOffsets[k + 1]), (s) => classicOf[s]);
        const into = Array.from(adjacency.inTargets.subarray(adjacency.inOffsets[k], adjacency.inOffsets[k + 1]), (s) => classicOf[s]);
        expect(out).toEqual(Array.from(data.outTargets.subarray(data.outOffsets[id], data.outOffsets[id + 1])));
        expect(into).toEqual(Array.from(data.inTargets.subarray(data.inOffsets[id], data.inOffsets[id + 1])));
      }
    }
    expect(reader.adjacencyShardOfStar(data.nodeCount - 1)).toBe(shards - 1);
  });

  it('shards names by star ranges, so a tooltip needs one shard', async () => {
    const classicOf = new Uint32Array(data.nodeCount);
    for (const tile of tiles) tile.classicIds.forEach((id, k) => (classicOf[tile.firstStar + k] = id));
    const star = data.nodeCount - 7;
    const { firstStar, names } = await reader.labels(reader.labelShardOfStar(star));
    expect(names[star - firstStar]).toBe(labelAt(data, classicOf[star]));
    let total = 0;
    for (let shard = 0; shard < reader.labelShardCount; shard++) {
      const shardNames = await reader.labels(shard);
      shardNames.names.forEach((name, k) => expect(name).toBe(labelAt(data, classicOf[shardNames.firstStar + k])));
      total += shardNames.names.length;
    }
    expect(total).toBe(data.nodeCount);
  });

  it('finds the tile of any star', () => {
    for (const tile of tiles) {
      expect(reader.tileOfStar(tile.firstStar)).toBe(tile.tile);
      expect(reader.tileOfStar(tile.firstStar + tile.count - 1)).toBe(tile.tile);
    }
  });
});

describe('quantisation', () => {
  it('stays within (step - 1) / 2 of whole-number positions when the galaxy is wider than 65536', async () => {
    const positions: number[][] = [];
    for (let i = 0; i < 500; i++) positions.push([(i * 7919) % 400_001 - 200_000, ((i * 104_729) % 300_001) - 150_000, (i * 31) % 1000]);
    const versionDir = handMadeVersion(positions, positions.map((_, i) => (i > 0 ? [0] : [])), positions.map((_, i) => `s${i}`));
    writeTiles(versionDir, { capacity: 64 });
    const reader = await openTiles(versionDir);
    const rootSide = reader.hierarchy.boxes[3] - reader.hierarchy.boxes[0];
    expect(rootSide).toBe(524_288);
    expect(quantisationErrorBound(rootSide)).toBe(3.5);
    let worst = 0;
    for (const tile of await allTiles(reader)) {
      const bound = quantisationErrorBound(reader.hierarchy.boxes[tile.tile * 6 + 3] - reader.hierarchy.boxes[tile.tile * 6]);
      for (let k = 0; k < tile.count; k++) {
        for (let axis = 0; axis < 3; axis++) {
          const error = Math.abs(tile.positions[k * 3 + axis] - positions[tile.classicIds[k]][axis]);
          expect(error).toBeLessThanOrEqual(bound);
          worst = Math.max(worst, error);
        }
      }
    }
    expect(worst).toBeGreaterThan(0);
  });

  it('gives a galaxy without links in-degrees of zero and a maximum of zero (size 30 for every star)', async () => {
    const versionDir = handMadeVersion([[0, 0, 0], [10, 10, 10]], [[], []], ['a', 'b']);
    writeTiles(versionDir);
    const reader = await openTiles(versionDir);
    expect(reader.hierarchy.maxInDegree).toBe(0);
    expect(reader.hierarchy.tileCount).toBe(1);
    expect(Array.from((await reader.tile(0)).inDegree)).toEqual([0, 0]);
  });
});

describe('damaged tiles', () => {
  let versionDir: string;
  let reader: TiledGalaxyReader;
  const tileFile = (tile: number) => path.join(versionDir, 'tiles', 'stars', `${tile}.bin.gz`);

  beforeAll(async () => {
    versionDir = syntheticVersion(3000, 5);
    writeTiles(versionDir, { capacity: 300 });
    reader = await openTiles(versionDir);
  });

  it('describes a tile by its octant path and box', () => {
    const h = reader.hierarchy;
    expect(describeTileRegion(h, 0)).toMatch(/^root tile \(x -?\d+\.\.-?\d+, y -?\d+\.\.-?\d+, z -?\d+\.\.-?\d+\)$/);
    const grandchild = h.firstChild[h.firstChild[0]];
    expect(h.level[grandchild]).toBe(2);
    expect(describeTileRegion(h, grandchild)).toMatch(/^tile [0-7]-[0-7] \(x /);
  });

  it('asks for the root tile beside the hierarchy, reads it once from there, and names its region when it is missing', async () => {
    const requested: string[] = [];
    const load = async (file: string) => {
      requested.push(file);
      return new Uint8Array(readFileSync(path.join(versionDir, 'tiles', file)));
    };
    const early = await TiledGalaxyReader.open(load);
    expect(requested).toEqual(['index.json', 'stars/0.bin.gz', 'hierarchy.bin.gz']);
    await expect(early.tile(0)).resolves.toMatchObject({ tile: 0 });
    expect(requested.length, 'the first tile 0 came from the early request').toBe(3);
    await expect(early.tile(0)).resolves.toMatchObject({ tile: 0 });
    expect(requested.length, 'later requests read the file again').toBe(4);

    const root = readFileSync(tileFile(0));
    rmSync(tileFile(0));
    try {
      const missing = await TiledGalaxyReader.open(load);
      const error = await missing.tile(0).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TileDataError);
      expect((error as Error).message).toContain(describeTileRegion(missing.hierarchy, 0));
    } finally {
      writeFileSync(tileFile(0), root);
    }
  });

  it('names the region of a missing tile', async () => {
    const tile = 3;
    rmSync(tileFile(tile));
    const error = await reader.tile(tile).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TileDataError);
    expect((error as TileDataError).tile).toBe(tile);
    expect((error as Error).message).toContain(describeTileRegion(reader.hierarchy, tile));
    expect((error as Error).message).toContain('could not be read');
    await expect(reader.tile(4)).resolves.toMatchObject({ tile: 4 });
  });

  it('names the region of a truncated tile, compressed or not', async () => {
    const bytes = readFileSync(tileFile(5));
    writeFileSync(tileFile(5), bytes.subarray(0, bytes.length - 20));
    await expect(reader.tile(5)).rejects.toThrow(/^tile [0-7]+.*\(x .*not valid gzip/);
    const raw = gunzipSync(bytes);
    writeFileSync(tileFile(5), gzipSync(raw.subarray(0, raw.length - 8)));
    await expect(reader.tile(5)).rejects.toThrow(/expected \d+ \(truncated\?\)/);
  });

  it('names the region of a tile with a bad header or another tile\'s content', async () => {
    const raw = gunzipSync(readFileSync(tileFile(6)));
    raw[0] = 0;
    writeFileSync(tileFile(6), gzipSync(raw));
    await expect(reader.tile(6)).rejects.toThrow(/not a tile/);
    writeFileSync(tileFile(7), readFileSync(tileFile(8)));
    await expect(reader.tile(7)).rejects.toThrow(new RegExp(`${describeTileRegion(reader.hierarchy, 7).replace(/[().]/g, '\\$&')}: the file holds tile #8, not #7`));
  });

  it('rejects a damaged hierarchy with a message naming it', () => {
    const raw = gunzipSync(readFileSync(path.join(versionDir, 'tiles', 'hierarchy.bin.gz')));
    expect(() => decodeHierarchy(raw.subarray(0, raw.length - 1))).toThrow(/^hierarchy\.bin is \d+ bytes, expected/);
    const broken = new Uint8Array(raw);
    new DataView(broken.buffer).setInt32(24, 5, true);
    expect(() => decodeHierarchy(broken)).toThrow(/hierarchy\.bin has no root at tile 0/);
  });
});

describe('hostile tiles', () => {
  let versionDir: string;
  const tilesFile = (file: string) => path.join(versionDir, 'tiles', file);
  const loadWith = (replaced: Record<string, Uint8Array>) => async (file: string) => replaced[file] ?? new Uint8Array(readFileSync(tilesFile(file)));

  beforeAll(() => {
    versionDir = syntheticVersion(2000, 9);
    writeTiles(versionDir, { capacity: 300, shardBytes: 8192 });
  });

  it('refuses non-finite numbers in index.json and in hierarchy.bin\'s boxes', async () => {
    const index = readFileSync(tilesFile('index.json'), 'utf8');
    const infinite = index.replace(/"max":\s*\[\s*(-?\d+)/, '"max":[1e999');
    expect(infinite).not.toBe(index);
    await expect(TiledGalaxyReader.open(loadWith({ 'index.json': new TextEncoder().encode(infinite) }))).rejects.toThrow(
      'tiles/index.json: "bounds" needs min and max as [x, y, z] of finite numbers',
    );
    const raw = gunzipSync(readFileSync(tilesFile('hierarchy.bin.gz')));
    const tileCount = raw.readUInt32LE(4);
    const boxesAt = 24 + tileCount * 16;
    for (const [tile, corner, value] of [[0, 0, Number.NaN], [2, 4, Number.POSITIVE_INFINITY], [1, 3, Number.NEGATIVE_INFINITY]] as const) {
      const broken = Buffer.from(raw);
      broken.writeFloatLE(value, boxesAt + (tile * 6 + corner) * 4);
      expect(() => decodeHierarchy(broken)).toThrow(new RegExp(`^hierarchy\\.bin gives tile ${tile} a box that is not finite \\(.*${value}.* on axis ${'xyz'[corner % 3]}\\)$`));
    }
  });

  it('stops unpacking a gzip bomb the viewer reads at the size index.json allows', async () => {
    const bomb = new Uint8Array(gzipSync(Buffer.alloc(24 << 20), { level: 9 }));
    await expect(TiledGalaxyReader.open(loadWith({ 'hierarchy.bin.gz': bomb }))).rejects.toThrow(/^hierarchy\.bin unpacks to more than [\d,]+ bytes/);
    const reader = await TiledGalaxyReader.open(loadWith({ 'adjacency/0.bin.gz': bomb }));
    await expect(reader.adjacency(0)).rejects.toThrow(/^adjacency\/0\.bin\.gz unpacks to more than [\d,]+ bytes, more than such a file may hold/);
    await expect(reader.adjacency(1)).resolves.toMatchObject({ shard: 1 });
  });
});

describe('coordinates the format cannot hold', () => {
  it('refuses to tile a galaxy beyond ±2^23 with a message naming the axis', () => {
    const versionDir = handMadeVersion([[0, 0, 0], [0, 9_000_000, 0]], [[], []], ['a', 'b']);
    expect(() => writeTiles(versionDir)).toThrow('coordinates beyond ±8388608 cannot be tiled (found 0 .. 9000000 on axis y)');
  });
});

describe('uncompressed tiles', () => {
  it('read the same as gzip ones, as when a host has already unpacked them', async () => {
    const packed = syntheticVersion(1500, 9);
    writeTiles(packed, { capacity: 100 });
    const plain = syntheticVersion(1500, 9);
    writeTiles(plain, { capacity: 100, compression: 'none' });
    const [a, b] = [await openTiles(packed), await openTiles(plain)];
    expect(b.index.compression).toBe('none');
    expect(b.index.tiles).toBe('stars/{index}.bin');
    expect(b.hierarchy.byteSize[0]).toBeGreaterThan(a.hierarchy.byteSize[0]);
    for (const tile of [0, a.hierarchy.tileCount - 1]) expect(await b.tile(tile)).toEqual(await a.tile(tile));
    expect(await b.labels(0)).toEqual(await a.labels(0));
    expect(await b.adjacency(0)).toEqual(await a.adjacency(0));
  });

  it('shards unpacked into one reused buffer, all asked at once, read as the unpacked ones; a shard whose gzip trailer lies is refused', async () => {
    const packed = syntheticVersion(3000, 4);
    writeTiles(packed, { capacity: 100, shardBytes: 4096 });
    const plain = syntheticVersion(3000, 4);
    writeTiles(plain, { capacity: 100, shardBytes: 4096, compression: 'none' });
    const [a, b] = [await openTiles(packed), await openTiles(plain)];
    const labelShards = [...Array(a.labelShardCount).keys()];
    const adjacencyShards = [...Array(a.index.adjacency.starBoundaries.length - 1).keys()];
    expect(labelShards.length).toBeGreaterThan(3);
    expect(adjacencyShards.length).toBeGreaterThan(3);
    const [names, files, adjacency] = await Promise.all([
      Promise.all(labelShards.map((k) => a.labelNames(k))),
      Promise.all(labelShards.map((k) => a.labelFile(k))),
      Promise.all(adjacencyShards.map((k) => a.adjacency(k))),
    ]);
    for (const k of labelShards) {
      const expected = await b.labels(k);
      expect(names[k].firstStar).toBe(expected.firstStar);
      expect(Array.from({ length: expected.names.length }, (_, i) => labelAt(names[k].names, i))).toEqual(expected.names);
      expect(files[k].bytes).toEqual((await b.labelFile(k)).bytes);
    }
    for (const k of adjacencyShards) expect(adjacency[k]).toEqual(await b.adjacency(k));

    // Downloads read into pooled buffers (the tile worker's) and given back once unpacked: all at once too.
    const pool = new DownloadPool();
    const pooledLoad = async (file: string) => {
      const bytes = readFileSync(path.join(packed, 'tiles', file));
      const into = new Uint8Array(pool.take(bytes.byteLength), 0, bytes.byteLength);
      into.set(bytes);
      return into;
    };
    const c = await TiledGalaxyReader.open(pooledLoad, pool, new ScratchUnpacker());
    const tileNumbers = [...Array(c.hierarchy.tileCount).keys()];
    const [pooledTiles, pooledNames, pooledAdjacency] = await Promise.all([
      Promise.all(tileNumbers.map((t) => c.tile(t))),
      Promise.all(labelShards.map((k) => c.labelNames(k))),
      Promise.all(adjacencyShards.map((k) => c.adjacency(k))),
    ]);
    for (const t of tileNumbers) expect(pooledTiles[t]).toEqual(await b.tile(t));
    for (const k of labelShards) expect(pooledNames[k]).toEqual(names[k]);
    for (const k of adjacencyShards) expect(pooledAdjacency[k]).toEqual(adjacency[k]);
    expect(pool.kept).toBeGreaterThan(0);

    const shardFile = path.join(packed, 'tiles', 'labels', '1.json.gz');
    const lying = Buffer.from(readFileSync(shardFile));
    lying.writeUInt32LE(lying.readUInt32LE(lying.length - 4) + 10, lying.length - 4);
    writeFileSync(shardFile, lying);
    await expect(a.labelNames(1)).rejects.toThrow(/labels\/1\.json\.gz is not valid gzip/);
  });

  it('reads the same tiles, communities and shards with the page\'s unpacker (the browser\'s DecompressionStream) as with the worker\'s', async () => {
    const version = syntheticVersion(2000, 6);
    writeFileSync(path.join(version, 'communities.bin'), encodeCommunityStars(Uint32Array.from({ length: 2000 }, (_, id) => id % 5)));
    writeTiles(version, { capacity: 100, shardBytes: 4096 });
    const [page, worker] = [await openTiles(version, streamUnpacker), await openTiles(version)];
    for (let tile = 0; tile < page.hierarchy.tileCount; tile += 3) {
      expect(await page.tile(tile)).toEqual(await worker.tile(tile));
      expect(await page.tileCommunities(tile)).toEqual(await worker.tileCommunities(tile));
    }
    expect(await page.adjacency(1)).toEqual(await worker.adjacency(1));
    expect(await page.labels(1)).toEqual(await worker.labels(1));
    const tileFile = path.join(version, 'tiles', page.tilePath(4));
    writeFileSync(tileFile, readFileSync(tileFile).subarray(0, 30));
    await expect(page.tile(4)).rejects.toThrow(/^tile [0-7]+.*\(x .*not valid gzip/);
  });
});
