import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { addCommunities } from '../../src/communities/writeCommunities';
import { publishGalaxyVersion, readManifest, updateManifest } from '../../src/publish/galaxyFolder';
import { addTileCommunities } from '../../src/tiles/write/addTileCommunities';
import { readCommunityStars } from '../../src/tiles/write/writeTiles';
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

/**
 * `<root>/<name>`: a copy of a published galaxy from ../shared/galaxies with its last version tiled,
 * its communities found and carried by its tiles (shared/ stays untouched). A copy made by an older
 * checkout, whose index.json names no communities, gets them added in place (no tiling again): other
 * checkouts reuse the folder, and a format-1 reader ignores the new key.
 */
export async function ensureTiledCopy(root: string, name: string, version: string, copyName = name): Promise<string> {
  const galaxyDir = path.join(root, copyName);
  const index = path.join(galaxyDir, version, 'tiles', 'index.json');
  if (!existsSync(index)) {
    cpSync(path.join(sharedGalaxiesDir, name), galaxyDir, { recursive: true });
    // Under another name it is still the same ecosystem (degree words, registry links, constellation names).
    if (copyName !== name) updateManifest(galaxyDir, (manifest) => ({ ...manifest, meta: { ...manifest.meta, kind: manifest.meta?.kind ?? name } }));
    tileGalaxyVersion(galaxyDir, version);
  }
  if (!tilesCarryCommunities(index)) await addCommunitiesInPlace(galaxyDir, version);
  return galaxyDir;
}

function tilesCarryCommunities(indexFile: string): boolean {
  return (JSON.parse(readFileSync(indexFile, 'utf8')) as { communities?: unknown }).communities !== undefined;
}

/** What `galaxy communities` does to a tiled version: communities.bin/json, then the tiles' own files. */
async function addCommunitiesInPlace(galaxyDir: string, version: string): Promise<void> {
  const manifest = readManifest(path.dirname(galaxyDir), path.basename(galaxyDir));
  if (!manifest) throw new Error(`${galaxyDir} holds no manifest.json`);
  addCommunities(galaxyDir, version, manifest);
  const stars = readCommunityStars(path.join(galaxyDir, version));
  if (!stars) throw new Error(`${galaxyDir}/${version} has no communities.bin after they were found`);
  await addTileCommunities(path.join(galaxyDir, version), stars);
}
