import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureSyntheticGalaxy, TEST_VERSION } from '../../../support/tiledGalaxies';
import { decodedTileBuffer } from '../../../../src/tiles/format/tileCodec';
import { SHELVED_TILE_BUFFERS } from '../../../../src/tiles/stream/tileBufferShelf';
import { TILES_IN_FLIGHT } from '../../../../src/tiles/stream/tiledStarStream';
import { openDirectTileSource } from '../../../../src/tiles/stream/directTileSource';
import type { TileSource } from '../../../../src/tiles/stream/tileSource';
import { cameraLookingAt, fileTileLoader, openTestGalaxy } from '../../../support/tiledStream';

/** Kept between runs (generating and tiling 1M stars costs ~10 s of CPU); never inside the repository. */
const ROOT = path.join(os.tmpdir(), 'galaxy-tiledata-stream');
const STARS = 1_000_000;

describe('a generated galaxy of a million stars', () => {
  it('opens from its index, hierarchy and root tile, and a whole view and a close view stay within the budget', { timeout: 600_000 }, async () => {
    const galaxyDir = await ensureSyntheticGalaxy(ROOT, 'stream-1m', STARS);
    const budget = { stars: 200_000, bytes: 200_000 * 64 };
    const read: string[] = [];
    // Every tile's arrays, as the stream receives them: a handful of buffers handed back and forth, not one a tile.
    const tileBuffers = new Set<ArrayBuffer>();
    const versionDir = path.join(galaxyDir, TEST_VERSION);
    const openSource = async (): Promise<TileSource> => {
      const source = await openDirectTileSource(fileTileLoader(versionDir, (file) => read.push(file)));
      const tile = async (index: number, signal?: AbortSignal) => {
        const decoded = await source.tile(index, signal);
        tileBuffers.add(decodedTileBuffer(decoded));
        return decoded;
      };
      return { ...source, tile };
    };
    const galaxy = await openTestGalaxy(versionDir, budget, 1, undefined, { openSource });
    try {
      expect(read).toHaveLength(3); // index.json, hierarchy, root tile
      const { stars } = galaxy;
      expect(stars.starCount).toBe(STARS);
      // The pool is the budget plus one tile, whatever the galaxy's size.
      expect(stars.capacity).toBeLessThanOrEqual(budget.stars + 8192);
      expect(stars.positions.length).toBe(stars.capacity * 3);

      stars.setCamera(cameraLookingAt([0, 0, 40000], [0, 0, 0]));
      await galaxy.whenIdle();
      expect(stars.drawnStars).toBeGreaterThan(budget.stars / 2);
      expect(stars.drawnStars).toBeLessThanOrEqual(budget.stars);
      expect(stars.residentStars).toBeLessThanOrEqual(stars.capacity);

      stars.setCamera(cameraLookingAt([2000, 500, 1500], [6000, 500, 1500]));
      await galaxy.whenIdle();
      expect(stars.drawnStars).toBeGreaterThan(0);
      expect(stars.drawnStars).toBeLessThanOrEqual(budget.stars);
      expect(stars.residentStars).toBeLessThanOrEqual(stars.capacity);
      // Two views of a fifth of the galaxy each read far from every tile.
      const tilesRead = read.filter((file) => file.startsWith('stars/')).length;
      expect(tilesRead).toBeLessThan(galaxy.source.hierarchy.tileCount * 0.6);
      expect(tilesRead).toBeGreaterThan(50);
      expect(tileBuffers.size, 'buffers the tiles arrived in').toBeLessThanOrEqual(TILES_IN_FLIGHT + SHELVED_TILE_BUFFERS);
    } finally {
      galaxy.dispose();
    }
  });
});
