import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { LabelIndex } from '../../data/labelIndex';
import { LabelsScanner } from '../../data/wire/labelsScanner';
import { COMMUNITIES_BIN, decodeCommunityStars } from '../../communities/format';
import { TILES_FOLDER } from '../format/layout';
import { buildTiles, type BuildTilesOptions, type BuiltTiles } from './buildTiles';

export { DEFAULT_TILE_CAPACITY, SHARD_TARGET_BYTES } from './buildTiles';

/** On npm level 4 packs within 2% of level 9 in a quarter of the time (docs/decisions.md). */
export const GZIP_LEVEL = 4;

export type WriteTilesOptions = Omit<BuildTilesOptions, 'gzip'>;

export interface WriteTilesResult extends BuiltTiles {
  folder: string;
}

function wholeFile(file: string): ArrayBuffer {
  const bytes = readFileSync(file);
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength) return bytes.buffer as ArrayBuffer;
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** labels.json through the viewer's own scanner, read in 8 MB pieces. */
export function readLabels(file: string, starCount: number): LabelIndex {
  const scanner = new LabelsScanner();
  const fd = openSync(file, 'r');
  const piece = Buffer.alloc(8 << 20);
  try {
    for (;;) {
      const read = readSync(fd, piece, 0, piece.length, null);
      if (read === 0) break;
      scanner.push(piece.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
  return scanner.finish(starCount);
}

/** The version's communities.bin (docs/communities.md), undefined when it has none. */
export function readCommunityStars(versionDir: string): Uint32Array | undefined {
  const file = path.join(versionDir, COMMUNITIES_BIN);
  return existsSync(file) ? decodeCommunityStars(readFileSync(file)) : undefined;
}

/**
 * Writes the tiled form of the classic files in `versionDir` into `versionDir/tiles/` (replacing any
 * tiles there): written into a hidden folder first and renamed into place.
 */
export function writeTiles(versionDir: string, options: WriteTilesOptions = {}): WriteTilesResult {
  const staging = path.join(versionDir, `.${TILES_FOLDER}.partial-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  for (const folder of ['stars', 'adjacency', 'labels', 'communities']) mkdirSync(path.join(staging, folder), { recursive: true });
  try {
    const built = buildTiles(
      {
        positions: () => wholeFile(path.join(versionDir, 'positions.bin')),
        links: () => wholeFile(path.join(versionDir, 'links.bin')),
        labels: (starCount) => readLabels(path.join(versionDir, 'labels.json'), starCount),
        communities: () => readCommunityStars(versionDir),
      },
      (relativePath, data) => writeFileSync(path.join(staging, relativePath), data),
      { ...options, gzip: (bytes) => gzipSync(bytes, { level: GZIP_LEVEL }) },
    );
    if (!built.index.communities) rmSync(path.join(staging, 'communities'), { recursive: true, force: true });
    const finalDir = path.join(versionDir, TILES_FOLDER);
    if (existsSync(finalDir)) rmSync(finalDir, { recursive: true, force: true });
    renameSync(staging, finalDir);
    return { ...built, folder: finalDir };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}
