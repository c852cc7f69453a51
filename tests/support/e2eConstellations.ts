import { cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { addCommunities } from '../../src/communities/writeCommunities';
import { COMMUNITIES_JSON } from '../../src/communities/format';
import type { Manifest } from '../../src/data/manifest';
import { E2E_TILED_DIR } from './e2eTiledGalaxies';
import { sharedGalaxiesDir } from './sharedGalaxies';

/**
 * A classic copy of a shared galaxy with its communities written beside it (src/communities), in
 * the end-to-end tests' generated data folder (served with the others, never in the repository).
 */
export const CONSTELLATION_GALAXY = 'npm-constellations';
const SOURCE = 'npm';

/** Writes the copy and its communities once; returns the galaxy folder and the version that has them. */
export function ensureConstellationGalaxy(): { dir: string; version: string } {
  const dir = path.join(E2E_TILED_DIR, CONSTELLATION_GALAXY);
  const manifestFile = path.join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) cpSync(path.join(sharedGalaxiesDir, SOURCE), dir, { recursive: true });
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const version = manifest.last;
  if (!existsSync(path.join(dir, version, COMMUNITIES_JSON))) addCommunities(dir, version, manifest);
  return { dir, version };
}
