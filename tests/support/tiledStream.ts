import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mat4 } from 'gl-matrix';
import type { LoadTileFile } from '../../src/tiles/format/loadTileFile';
import type { PlannerCamera } from '../../src/tiles/planner/importance';
import { apportion, MAX_PART_BYTES } from '../../src/tiles/planner/holdingBudget';
import type { StreamingBudget } from '../../src/tiles/planner/streamingPlanner';
import { openTiledGalaxy, type OpenTiledGalaxyOptions, type StreamedTiledGalaxy } from '../../src/tiles/stream/openTiledGalaxy';
import { openDirectTileSource } from '../../src/tiles/stream/directTileSource';
import { InProcessSearchWorker } from './inProcessSearchWorker';
import { openTiles } from './tiledFixtures';

/** Reads a version folder's tiles/ from the file system, in this thread; `onRead` hears every file asked for. */
export function fileTileLoader(versionDir: string, onRead?: (file: string) => void): LoadTileFile {
  return async (file) => {
    onRead?.(file);
    return new Uint8Array(readFileSync(path.join(versionDir, 'tiles', file)));
  };
}

/** A tiled galaxy opened from a version folder the way the viewer opens one, without a worker. */
export function openTestGalaxy(
  versionDir: string,
  budget: StreamingBudget,
  scale = 1,
  onRead?: (file: string) => void,
  more: Partial<OpenTiledGalaxyOptions> = {},
): Promise<StreamedTiledGalaxy> {
  return openTiledGalaxy({
    tilesUrl: 'file-system/',
    name: 'test',
    version: 'v1',
    scale,
    // Names, out-links and adjacency get what a device with a gigabyte or more to spare gives them.
    budget: apportion(budget, 4 * MAX_PART_BYTES),
    openSource: () => openDirectTileSource(fileTileLoader(versionDir, onRead)),
    createSearchWorker: () => new InProcessSearchWorker(),
    ...more,
  });
}

/** A camera at `position` looking at `target` (y up), 45° field of view, 4:3 of `viewportHeight` px. */
export function cameraLookingAt(position: [number, number, number], target: [number, number, number], viewportHeight = 1000): PlannerCamera {
  const forward = [target[0] - position[0], target[1] - position[1], target[2] - position[2]];
  const up: [number, number, number] = Math.abs(forward[1]) > 0.99 * Math.hypot(...forward) ? [0, 0, 1] : [0, 1, 0];
  const view = mat4.lookAt(mat4.create(), position, target, up);
  const fovY = Math.PI / 4;
  const projection = mat4.perspective(mat4.create(), fovY, 4 / 3, 1, 1e7);
  return { viewProjection: mat4.multiply(mat4.create(), projection, view), position, viewportHeight, fovY };
}

/** The classic id of every tiled star number (read from every tile, for checks only). */
export async function classicIdsByStar(versionDir: string): Promise<Uint32Array> {
  const reader = await openTiles(versionDir);
  const ids = new Uint32Array(reader.index.stars);
  for (let t = 0; t < reader.hierarchy.tileCount; t++) {
    const tile = await reader.tile(t);
    ids.set(tile.classicIds, tile.firstStar);
  }
  return ids;
}

/** Resolves at the galaxy's next catalog change. */
export function nextCatalogChange(galaxy: StreamedTiledGalaxy): Promise<void> {
  return new Promise((resolve) => {
    const stop = galaxy.onChange(() => {
      stop();
      resolve();
    });
  });
}
