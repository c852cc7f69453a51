import { existsSync } from 'node:fs';
import path from 'node:path';
import { updateManifest } from '../../publish/galaxyFolder';
import { writeTiles, type WriteTilesOptions, type WriteTilesResult } from './writeTiles';

/**
 * Adds the tiled form to one version of a galaxy folder and lists the version under the manifest's
 * "tiles" key, which readers of the original format ignore.
 */
export function tileGalaxyVersion(galaxyDir: string, version: string, options: WriteTilesOptions = {}): WriteTilesResult {
  const versionDir = path.join(galaxyDir, version);
  if (!existsSync(path.join(versionDir, 'positions.bin'))) throw new Error(`${versionDir} holds no positions.bin`);
  const result = writeTiles(versionDir, options);
  updateManifest(galaxyDir, (manifest) => {
    const tiles = (manifest.tiles ?? []).filter((known) => known !== version);
    tiles.push(version);
    return { ...manifest, tiles };
  });
  return result;
}
