import { cpSync, existsSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addCommunities } from '../../src/communities/writeCommunities';
import { updateManifest } from '../../src/publish/galaxyFolder';
import { haveSharedGalaxies, sharedGalaxiesDir } from './sharedGalaxies';
import { ensureSyntheticGalaxy, ensureTiledCopy, TEST_VERSION } from './tiledGalaxies';

/** The data folder of the tiled galaxies the end-to-end tests open (outside the repository, reused between runs). */
export const E2E_TILED_DIR = process.env.GALAXY_E2E_TILED_DIR ?? path.join(os.tmpdir(), 'galaxy-e2e-tiled');

/**
 * Galaxy names in that folder: npm tiled from ../shared (with its communities, in its tiles too), a
 * generated million, a small one with two versions (the generated ones without communities: tiled
 * galaxies as written before them, and a million stars' communities would cost ~20 s of CPU more).
 */
export const TILED_NPM = 'npm-tiled';
export const SYNTHETIC_1M = 'synthetic-1m';
export const TWO_VERSIONS = 'tiled-two-versions';
/** The published npm galaxy, classic files only, with communities written by `galaxy communities`' own code (docs/communities.md). */
export const NPM_WITH_COMMUNITIES = 'npm-communities';
/** Files of that copy that are not its classic files: kept out of the copy so that they are written afresh. */
const COMMUNITY_FILES = ['communities.json', 'communities.bin'];

/**
 * The npm galaxy with communities, under another name, made once (~10 s of CPU) and reused: made again
 * when its communities.json is missing or has no palette colours (written before they were).
 */
export function ensureCommunitiesCopy(root: string): string {
  const version = npmLastVersion();
  const galaxyDir = path.join(root, NPM_WITH_COMMUNITIES);
  const json = path.join(galaxyDir, version, 'communities.json');
  if (existsSync(json) && readFileSync(json, 'utf8').includes('"colour"')) return galaxyDir;
  cpSync(path.join(sharedGalaxiesDir, 'npm'), galaxyDir, {
    recursive: true,
    filter: (source) => !COMMUNITY_FILES.includes(path.basename(source)),
  });
  const manifest = updateManifest(galaxyDir, (current) => ({ ...current, meta: { ...current.meta, kind: 'npm' } }));
  addCommunities(galaxyDir, version, manifest);
  return galaxyDir;
}

/** A small tiled galaxy with one tile deleted (tile 1) and one cut short (tile 2). */
export const DAMAGED = 'tiled-damaged';
export const DAMAGED_TILES = { missing: 1, truncated: 2 };

/** The published npm galaxy's last version (its tiled copy keeps the version names). */
export function npmLastVersion(): string {
  return (JSON.parse(readFileSync(path.join(sharedGalaxiesDir, 'npm', 'manifest.json'), 'utf8')) as { last: string }).last;
}

/** Writes what is missing of the tiled end-to-end galaxies (a million stars costs ~10 s of CPU, once). */
export async function ensureE2eTiledGalaxies(): Promise<void> {
  if (haveSharedGalaxies) {
    const npmDir = await ensureTiledCopy(E2E_TILED_DIR, 'npm', npmLastVersion(), TILED_NPM);
    // Its own name is not an ecosystem: the manifest says it is npm's (degree labels, registry links).
    updateManifest(npmDir, (manifest) => ({ ...manifest, meta: { ...manifest.meta, kind: 'npm' } }));
    ensureCommunitiesCopy(E2E_TILED_DIR);
  }
  await ensureSyntheticGalaxy(E2E_TILED_DIR, SYNTHETIC_1M, 1_000_000, 7);
  await ensureSyntheticGalaxy(E2E_TILED_DIR, TWO_VERSIONS, 20_000, 1, 'v1');
  await ensureSyntheticGalaxy(E2E_TILED_DIR, TWO_VERSIONS, 30_000, 2, 'v2');
  const damagedDir = await ensureSyntheticGalaxy(E2E_TILED_DIR, DAMAGED, 30_000, 3);
  const tile = (index: number) => path.join(damagedDir, TEST_VERSION, 'tiles', 'stars', `${index}.bin.gz`);
  if (existsSync(tile(DAMAGED_TILES.missing))) rmSync(tile(DAMAGED_TILES.missing));
  truncateSync(tile(DAMAGED_TILES.truncated), 100);
}

/** A generated galaxy of ten million stars: the huge-galaxy spec and the tiles bench open it (~3 min of CPU and ~1.5 GB to make, once). */
export const SYNTHETIC_10M = 'synthetic-10m';

export function ensureHugeGalaxy(): Promise<string> {
  return ensureSyntheticGalaxy(E2E_TILED_DIR, SYNTHETIC_10M, 10_000_000, 10);
}
