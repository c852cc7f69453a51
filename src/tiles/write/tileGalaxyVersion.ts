import { existsSync, realpathSync } from 'node:fs';
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
  // Version names are checked by the manifest parser; a version folder that is a link may still lead elsewhere.
  const inside = path.relative(realpathSync(galaxyDir), realpathSync(versionDir));
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) {
    throw new Error(`${versionDir} leads outside ${galaxyDir} (to ${realpathSync(versionDir)}): galaxy tile writes only inside the galaxy folder`);
  }
  const result = writeTiles(versionDir, options);
  const manifest = updateManifest(galaxyDir, (current) => {
    const tiles = (current.tiles ?? []).filter((known) => known !== version);
    tiles.push(version);
    return { ...current, tiles };
  });
  return { ...result, manifest };
}
