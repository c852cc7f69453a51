import { cpSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { publishGalaxyVersion } from '../../src/publish/galaxyFolder';
import { SyntheticGalaxy } from '../../src/tiles/generate/syntheticGalaxy';
import { writeSyntheticGalaxy } from '../../src/tiles/generate/writeSyntheticGalaxy';
import { tileGalaxyVersion } from '../../src/tiles/write/tileGalaxyVersion';
import { sharedGalaxiesDir } from './sharedGalaxies';

/** The version every galaxy made here gets, so URLs in tests can name it. */
export const TEST_VERSION = 'v1';

/**
 * `<root>/<name>`: a tiled synthetic galaxy of `stars` stars, written once and reused while the
 * folder exists (generating 1M stars costs ~10 s of CPU, 10M ~2 min). Never inside the repository.
 */
export async function ensureSyntheticGalaxy(root: string, name: string, stars: number, seed = 1, version = TEST_VERSION): Promise<string> {
  const galaxyDir = path.join(root, name);
  if (existsSync(path.join(galaxyDir, version, 'tiles', 'index.json'))) return galaxyDir;
  mkdirSync(root, { recursive: true });
  const galaxy = new SyntheticGalaxy({ stars, seed, linksPerStar: 2.5 });
  await publishGalaxyVersion(root, name, version, (folder) => {
    writeSyntheticGalaxy(galaxy, folder);
  });
  tileGalaxyVersion(galaxyDir, version);
  return galaxyDir;
}

/** `<root>/<name>`: a copy of a published galaxy from ../shared/galaxies with its last version tiled (shared/ stays untouched). */
export function ensureTiledCopy(root: string, name: string, version: string, copyName = name): string {
  const galaxyDir = path.join(root, copyName);
  if (existsSync(path.join(galaxyDir, version, 'tiles', 'index.json'))) return galaxyDir;
  cpSync(path.join(sharedGalaxiesDir, name), galaxyDir, { recursive: true });
  tileGalaxyVersion(galaxyDir, version);
  return galaxyDir;
}
