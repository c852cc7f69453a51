import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fillPath, TILE_INDEX_FILE, TILES_FOLDER, tileFilePaths } from '../format/layout';
import { TiledGalaxyReader } from '../format/tiledGalaxyReader';
import { tileCommunitiesOf } from './tileCommunities';
import { GZIP_LEVEL } from './writeTiles';

const COMMUNITIES_FOLDER = 'communities';

/**
 * Gives an existing tiled version its stars' communities without tiling it again: one small file per
 * tile (tiles/communities/<t>.bin, docs/tiles.md) beside the tiles, then index.json names them.
 * `communities` is communities.bin's stars, by classic id; each tile's file follows the tile's own
 * star order (its classic ids). Returns the bytes written.
 */
export async function addTileCommunities(versionDir: string, communities: Uint32Array): Promise<{ tiles: number; bytes: number }> {
  const tilesDir = path.join(versionDir, TILES_FOLDER);
  const reader = await TiledGalaxyReader.open(async (file) => readFileSync(path.join(tilesDir, file)));
  const { index, hierarchy } = reader;
  if (communities.length !== index.stars) throw new Error(`communities.bin gives ${communities.length} stars a community, the tiles hold ${index.stars}`);
  const template = tileFilePaths(index.compression).communities;
  const staging = path.join(tilesDir, `.${COMMUNITIES_FOLDER}.partial-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  let bytes = 0;
  try {
    for (let tile = 0; tile < hierarchy.tileCount; tile++) {
      const { firstStar, classicIds } = await reader.tile(tile);
      const plain = tileCommunitiesOf(tile, firstStar, classicIds, communities);
      const data = index.compression === 'gzip' ? gzipSync(plain, { level: GZIP_LEVEL }) : plain;
      // The template is `communities/{index}.bin…`: its file name goes into the staging folder.
      writeFileSync(path.join(staging, path.basename(fillPath(template, tile))), data);
      bytes += data.byteLength;
    }
    const finalDir = path.join(tilesDir, COMMUNITIES_FOLDER);
    if (existsSync(finalDir)) rmSync(finalDir, { recursive: true, force: true });
    renameSync(staging, finalDir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  // index.json last, so that a reader never finds it naming files not yet there.
  const indexFile = path.join(tilesDir, TILE_INDEX_FILE);
  const raw = JSON.parse(readFileSync(indexFile, 'utf8')) as Record<string, unknown>;
  const temporary = `${indexFile}.tmp-${process.pid}`;
  writeFileSync(temporary, `${JSON.stringify({ ...raw, communities: template })}\n`);
  renameSync(temporary, indexFile);
  return { tiles: hierarchy.tileCount, bytes };
}
