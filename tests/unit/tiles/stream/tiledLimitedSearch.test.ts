import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeCommunityStars } from '../../../../src/communities/format';
import { splitLabels } from '../../../../src/data/labelIndex';
import { matchLabels } from '../../../../src/search/regexSearch';
import { TiledStarSearch } from '../../../../src/search/tiledStarSearch';
import { rangeOfStar, tileFirstStars } from '../../../../src/tiles/format/hierarchyCodec';
import type { StreamedTiledGalaxy } from '../../../../src/tiles/stream/openTiledGalaxy';
import { TileCommunityLookup } from '../../../../src/tiles/stream/tileCommunityLookup';
import { writeTiles } from '../../../../src/tiles/write/writeTiles';
import { classicData, openTiles, removeTempFolders, syntheticVersion } from '../../../support/tiledFixtures';
import { classicIdsByStar, openTestGalaxy } from '../../../support/tiledStream';

const STARS = 3000;
const FINEST = 23;
const communityOfClassic = (id: number) => (id * 7) % FINEST;
/** Finest communities 0 to 4 make up the constellation searched in. */
const limit = { finestMembers: Uint8Array.from({ length: FINEST }, (_, c) => (c < 5 ? 1 : 0)) };

const opened: StreamedTiledGalaxy[] = [];
afterEach(() => {
  for (const galaxy of opened.splice(0)) galaxy.dispose();
});
afterAll(removeTempFolders);

describe('a tiled galaxy’s search limited to a constellation (docs/rules.md#search)', () => {
  let versionDir: string;
  let names: string[];
  let classicOf: Uint32Array;
  let starOf: Uint32Array;
  beforeAll(async () => {
    versionDir = syntheticVersion(STARS);
    writeFileSync(path.join(versionDir, 'communities.bin'), encodeCommunityStars(Uint32Array.from({ length: STARS }, (_, id) => communityOfClassic(id))));
    writeTiles(versionDir, { capacity: 200, shardBytes: 8192 });
    names = splitLabels(classicData(versionDir));
    classicOf = await classicIdsByStar(versionDir);
    starOf = new Uint32Array(STARS);
    classicOf.forEach((classic, star) => (starOf[classic] = star));
  });

  async function open(onRead?: (file: string) => void): Promise<StreamedTiledGalaxy> {
    const galaxy = await openTestGalaxy(versionDir, { stars: 1_000_000, bytes: 1e9 }, 1, onRead);
    opened.push(galaxy);
    return galaxy;
  }

  it('finds only the matches inside the constellation, reading their tiles’ communities without drawing them', async () => {
    const read: string[] = [];
    const galaxy = await open((file) => read.push(file));
    const search = new TiledStarSearch(galaxy);
    search.limitTo(limit);
    const progress: number[] = [];
    for (const pattern of ['a', '^k.*[aeiou]$']) {
      const outcome = await search.search(pattern, (p) => progress.push(p.ids.length));
      const expected = Array.from(matchLabels(pattern, names))
        .filter((classic) => communityOfClassic(classic) < 5)
        .map((classic) => starOf[classic])
        .sort((a, b) => a - b);
      expect(outcome.status).toBe('done');
      if (outcome.status !== 'done') return;
      expect(expected.length).toBeGreaterThan(10);
      expect(Array.from(outcome.ids)).toEqual(expected);
    }
    // Progress grows shard by shard, as an unlimited search's does.
    expect(progress.length).toBeGreaterThan(1);
    expect(read.some((file) => file.includes('communities/'))).toBe(true);
    // Each tile's file was read once for both searches: kept between them.
    const communityFiles = read.filter((file) => file.includes('communities/'));
    expect(new Set(communityFiles).size).toBe(communityFiles.length);
    search.limitTo(undefined);
    const all = await search.search('a');
    expect(all.status === 'done' && all.ids.length).toBe(matchLabels('a', names).length);
  });

  it('is limitable only where the tiles carry communities', async () => {
    const galaxy = await open();
    expect(galaxy.stars.communities).toBeDefined();
    const plain = syntheticVersion(500);
    writeTiles(plain, { capacity: 200, shardBytes: 8192 });
    const without = await openTestGalaxy(plain, { stars: 1_000_000, bytes: 1e9 }, 1);
    opened.push(without);
    expect(without.stars.communities).toBeUndefined();
    // Limited anyway, it finds nothing: no star can be shown to be inside.
    const result = await without.search('a', () => {}, new AbortController().signal, limit);
    expect(result.ids.length).toBe(0);
  });

  it('leaves out the matches of a tile whose communities cannot be read, and warns of it', async () => {
    const reader = await openTiles(versionDir);
    const broken = reader.hierarchy.tileCount - 1;
    const file = path.join(versionDir, 'tiles', 'communities', `${broken}.bin.gz`);
    rmSync(file);
    try {
      const galaxy = await open();
      const result = await galaxy.search('.', () => {}, new AbortController().signal, limit);
      const first = tileFirstStars(reader.hierarchy);
      expect(result.ids.length).toBeGreaterThan(0);
      expect(Array.from(result.ids).some((star) => rangeOfStar(first, star) === broken)).toBe(false);
      const expected = Array.from({ length: STARS }, (_, star) => star).filter(
        (star) => rangeOfStar(first, star) !== broken && communityOfClassic(classicOf[star]) < 5,
      );
      expect(Array.from(result.ids)).toEqual(expected);
      expect(galaxy.missingRegions.join('\n')).toMatch(/communities/);
    } finally {
      writeTiles(versionDir, { capacity: 200, shardBytes: 8192 });
    }
  });
});

describe('TileCommunityLookup', () => {
  const firstStars = Uint32Array.from([0, 4, 8, 12]);
  /** Star s is in finest community s % 3; communities 0 and 2 are inside. */
  const tileFile = (tile: number) => Uint32Array.from({ length: 4 }, (_, k) => (tile * 4 + k) % 3);
  const inside = { finestMembers: Uint8Array.from([1, 0, 1]) };

  it('reads residents from their slots, fetches other tiles once, and keeps the most recent tiles only', async () => {
    const fetched: number[] = [];
    const lookup = new TileCommunityLookup({
      tileFirstStars: firstStars,
      resident: (star) => (star < 4 ? star % 3 : undefined),
      fetch: async (tile) => {
        fetched.push(tile);
        return tileFile(tile);
      },
      onFailed: () => {},
      maxTiles: 1,
    });
    const signal = new AbortController().signal;
    const all = Uint32Array.from({ length: 12 }, (_, s) => s);
    expect(Array.from(await lookup.keepInside(all, inside, signal))).toEqual([0, 2, 3, 5, 6, 8, 9, 11]);
    expect(fetched.sort()).toEqual([1, 2]);
    expect(lookup.keptTiles).toBe(1);
    fetched.length = 0;
    await lookup.keepInside(Uint32Array.from([9, 10]), inside, signal);
    expect(fetched).toEqual([]);
  });

  it('rejects when the search is cancelled', async () => {
    const controller = new AbortController();
    const lookup = new TileCommunityLookup({
      tileFirstStars: firstStars,
      resident: () => undefined,
      fetch: (_tile, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')))),
      onFailed: () => {
        throw new Error('a cancelled fetch is no failure');
      },
    });
    const running = lookup.keepInside(Uint32Array.from([1, 5]), inside, controller.signal);
    controller.abort();
    await expect(running).rejects.toThrow();
  });
});
