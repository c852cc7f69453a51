import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeCommunityStars } from '../../../src/communities/format';
import { NO_COMMUNITY } from '../../../src/constellations/constellations';
import { decodeTileCommunities, encodeTileCommunities } from '../../../src/tiles/format/tileCommunitiesCodec';
import { parseTileIndex } from '../../../src/tiles/format/tileIndex';
import { TileDataError } from '../../../src/tiles/format/tileError';
import type { StreamedTiledGalaxy } from '../../../src/tiles/stream/openTiledGalaxy';
import { addTileCommunities } from '../../../src/tiles/write/addTileCommunities';
import { writeTiles } from '../../../src/tiles/write/writeTiles';
import { openTiles, removeTempFolders, syntheticVersion } from '../../support/tiledFixtures';
import { cameraLookingAt, classicIdsByStar, openTestGalaxy } from '../../support/tiledStream';

const STARS = 3000;
/** A made-up finest community per classic id: the format does not care how they were found. */
const communityOfClassic = (id: number) => (id * 7) % 23;

function communityStars(): Uint32Array {
  return Uint32Array.from({ length: STARS }, (_, id) => communityOfClassic(id));
}

function withCommunitiesBin(versionDir: string): string {
  writeFileSync(path.join(versionDir, 'communities.bin'), encodeCommunityStars(communityStars()));
  return versionDir;
}

const opened: StreamedTiledGalaxy[] = [];
afterEach(() => {
  for (const galaxy of opened.splice(0)) galaxy.dispose();
});
afterAll(removeTempFolders);

async function streamEverything(versionDir: string): Promise<StreamedTiledGalaxy> {
  const galaxy = await openTestGalaxy(versionDir, { stars: 1_000_000, bytes: 1e9 }, 1);
  opened.push(galaxy);
  const reader = await openTiles(versionDir);
  const b = reader.hierarchy.boxes;
  const centre: [number, number, number] = [(b[0] + b[3]) / 2, (b[1] + b[4]) / 2, (b[2] + b[5]) / 2];
  galaxy.stars.setCamera(cameraLookingAt([centre[0], centre[1], centre[2] + 40000], centre));
  await galaxy.whenIdle();
  return galaxy;
}

describe('a tile\'s communities file', () => {
  const hierarchy = { starCount: Uint32Array.from([3]), boxes: new Float32Array([0, 0, 0, 4, 4, 4]), level: Uint8Array.from([0]), parent: Int32Array.from([-1]) };
  const asHierarchy = hierarchy as unknown as Parameters<typeof decodeTileCommunities>[1];

  it('round-trips each star\'s community, header checked against the hierarchy', () => {
    const bytes = encodeTileCommunities(0, 0, [5, NO_COMMUNITY, 0]);
    expect(bytes.byteLength).toBe(16 + 3 * 4);
    expect(Array.from(decodeTileCommunities(bytes, asHierarchy, 0, 0, new Uint32Array(3)))).toEqual([5, NO_COMMUNITY, 0]);
  });

  it('refuses another tile\'s file, a wrong magic and a short file with a TileDataError naming the region', () => {
    const other = encodeTileCommunities(1, 0, [1, 2, 3]);
    expect(() => decodeTileCommunities(other, asHierarchy, 0, 0, new Uint32Array(3))).toThrow(/tile.*communities: the file is for tile #1, not #0/);
    const magic = encodeTileCommunities(0, 0, [1, 2, 3]);
    magic[0] = 0;
    expect(() => decodeTileCommunities(magic, asHierarchy, 0, 0, new Uint32Array(3))).toThrow(TileDataError);
    const short = encodeTileCommunities(0, 0, [1, 2, 3]).subarray(0, 20);
    expect(() => decodeTileCommunities(short, asHierarchy, 0, 0, new Uint32Array(3))).toThrow(/expected 28 \(truncated\?\)/);
  });
});

describe('tiles of a version with communities.bin', () => {
  let versionDir: string;
  beforeAll(() => {
    versionDir = withCommunitiesBin(syntheticVersion(STARS));
    writeTiles(versionDir, { capacity: 200, shardBytes: 8192 });
  });

  it('carry every star\'s finest community, in each tile\'s star order, named by index.json', async () => {
    const reader = await openTiles(versionDir);
    expect(reader.index.communities).toBe('communities/{index}.bin.gz');
    expect(reader.index.format).toBe(1);
    let wrong = 0;
    let checked = 0;
    for (let t = 0; t < reader.hierarchy.tileCount; t++) {
      const tile = await reader.tile(t);
      const strict = await reader.tileCommunities(t);
      for (let k = 0; k < tile.count; k++) {
        if (tile.communities?.[k] !== communityOfClassic(tile.classicIds[k]) || strict[k] !== tile.communities[k]) wrong++;
        checked++;
      }
    }
    expect(checked).toBe(STARS);
    expect(wrong).toBe(0);
  });

  it('fill the stream\'s communities per slot, NO_COMMUNITY in empty slots, and the catalog answers communityOf', async () => {
    const galaxy = await streamEverything(versionDir);
    const { stars } = galaxy;
    const communities = stars.communities;
    expect(communities).toBeInstanceOf(Uint32Array);
    const classicOf = await classicIdsByStar(versionDir);
    let wrong = 0;
    let empty = 0;
    for (let slot = 0; slot < stars.capacity; slot++) {
      const star = stars.starOfSlot(slot);
      if (star < 0) {
        if (communities?.[slot] !== NO_COMMUNITY) wrong++;
        empty++;
        continue;
      }
      if (communities?.[slot] !== communityOfClassic(classicOf[star])) wrong++;
      if (galaxy.communityOf(star) !== communityOfClassic(classicOf[star])) wrong++;
    }
    expect(stars.drawnStars).toBe(STARS);
    expect(wrong).toBe(0);
    expect(empty).toBe(stars.capacity - STARS);
    expect(galaxy.communityOf(STARS)).toBeUndefined();
  });

  it('draws a tile whose communities file is damaged, its stars without a community', async () => {
    const copy = withCommunitiesBin(syntheticVersion(STARS));
    writeTiles(copy, { capacity: 200, shardBytes: 8192 });
    writeFileSync(path.join(copy, 'tiles', 'communities', '0.bin.gz'), gzipSync(new Uint8Array(10)));
    const reader = await openTiles(copy);
    const missing: string[] = [];
    const root = await reader.tile(0, undefined, undefined, (error) => missing.push(error.message));
    expect(root.count).toBe(reader.hierarchy.starCount[0]);
    expect(Array.from(root.communities ?? []).every((c) => c === NO_COMMUNITY)).toBe(true);
    expect(missing).toEqual([expect.stringMatching(/communities: the file is 10 bytes, shorter than its header/)]);
    await expect(reader.tileCommunities(0)).rejects.toThrow(TileDataError);
  });
});

describe('a tiled galaxy written before communities (or without them)', () => {
  let versionDir: string;
  beforeAll(() => {
    versionDir = syntheticVersion(STARS);
    writeTiles(versionDir, { capacity: 200, shardBytes: 8192 });
  });

  it('opens exactly as before: no communities key, no communities folder, no star source communities', async () => {
    const index = JSON.parse(readFileSync(path.join(versionDir, 'tiles', 'index.json'), 'utf8')) as Record<string, unknown>;
    expect(index).not.toHaveProperty('communities');
    expect(readdirSync(path.join(versionDir, 'tiles')).sort()).toEqual(['adjacency', 'hierarchy.bin.gz', 'index.json', 'labels', 'stars']);
    const read: string[] = [];
    const galaxy = await openTestGalaxy(versionDir, { stars: 1_000_000, bytes: 1e9 }, 1, (file) => read.push(file));
    opened.push(galaxy);
    await galaxy.whenIdle();
    expect(galaxy.stars.communities).toBeUndefined();
    expect(galaxy.communityOf(0)).toBeUndefined();
    expect(read.some((file) => file.startsWith('communities/'))).toBe(false);
  });

  it('gets communities from addTileCommunities without its tiles being written again', async () => {
    const copy = syntheticVersion(STARS);
    writeTiles(copy, { capacity: 200, shardBytes: 8192 });
    const starsDir = path.join(copy, 'tiles', 'stars');
    const before = readdirSync(starsDir).map((file) => [file, statSync(path.join(starsDir, file)).mtimeMs, readFileSync(path.join(starsDir, file)).byteLength]);
    const hierarchyBefore = readFileSync(path.join(copy, 'tiles', 'hierarchy.bin.gz'));
    const written = await addTileCommunities(copy, communityStars());
    const after = readdirSync(starsDir).map((file) => [file, statSync(path.join(starsDir, file)).mtimeMs, readFileSync(path.join(starsDir, file)).byteLength]);
    expect(after).toEqual(before);
    expect(readFileSync(path.join(copy, 'tiles', 'hierarchy.bin.gz')).equals(hierarchyBefore)).toBe(true);
    const reader = await openTiles(copy);
    expect(written.tiles).toBe(reader.hierarchy.tileCount);
    expect(readdirSync(path.join(copy, 'tiles', 'communities'))).toHaveLength(reader.hierarchy.tileCount);
    let wrong = 0;
    for (let t = 0; t < reader.hierarchy.tileCount; t++) {
      const tile = await reader.tile(t);
      for (let k = 0; k < tile.count; k++) if (tile.communities?.[k] !== communityOfClassic(tile.classicIds[k])) wrong++;
    }
    expect(wrong).toBe(0);
  });

  it('is read by a format-1 reader whatever unknown keys index.json gains', () => {
    const index = JSON.parse(readFileSync(path.join(versionDir, 'tiles', 'index.json'), 'utf8')) as Record<string, unknown>;
    expect(parseTileIndex({ ...index, somethingNew: 1 }).communities).toBeUndefined();
    expect(() => parseTileIndex({ ...index, communities: '../x/{index}' })).toThrow(/"communities" is not a file path/);
  });
});
