import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Manifest } from '../../data/manifest';
import { updateManifest } from '../../publish/galaxyFolder';
import { writeTiles, type WriteTilesOptions, type WriteTilesResult } from './writeTiles';

/**
 * Adds the tiled form to one version of a galaxy folder and lists the version under the manifest's
 * "tiles" key, which readers of the original format ignore.
 */
export function tileGalaxyVersion(
  galaxyDir: string,
  version: string,
  options: WriteTilesOptions = {},
): WriteTilesResult & { manifest: Manifest } {
  const versionDir = path.join(galaxyDir, version);
  if (!existsSync(path.join(versionDir, 'positions.bin'))) throw new Error(`${versionDir} holds no positions.bin`);
  const result = writeTiles(versionDir, options);
  const manifest = updateManifest(galaxyDir, (current) => {
    const tiles = (current.tiles ?? []).filter((known) => known !== version);
    tiles.push(version);
    return { ...current, tiles };
  });
  return { ...result, manifest };
}
