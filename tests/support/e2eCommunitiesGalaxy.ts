import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { COMMUNITIES_JSON } from '../../src/communities/format';
import { DEFAULT_COMMUNITY_SEED } from '../../src/communities/leiden';
import { addCommunities } from '../../src/communities/writeCommunities';
import { readManifest, updateManifest } from '../../src/publish/galaxyFolder';
import { sharedGalaxiesDir } from './sharedGalaxies';

/** A classic copy of the shared npm galaxy with its communities (docs/communities.md), beside the tiled e2e galaxies. */
export const NPM_WITH_COMMUNITIES = 'npm-communities';

/** Writes the copy once (a few seconds of CPU): npm's classic files, then `galaxy communities` on them. */
export function ensureNpmWithCommunities(root: string): string {
  const galaxyDir = path.join(root, NPM_WITH_COMMUNITIES);
  const manifest = () => readManifest(root, NPM_WITH_COMMUNITIES);
  const last = () => manifest()?.last ?? '';
  if (existsSync(path.join(galaxyDir, last(), COMMUNITIES_JSON))) return galaxyDir;
  cpSync(path.join(sharedGalaxiesDir, 'npm'), galaxyDir, { recursive: true });
  // Its own name is not an ecosystem: the manifest says it is npm's (degree labels, constellation words).
  updateManifest(galaxyDir, (m) => ({ ...m, meta: { ...m.meta, kind: 'npm' } }));
  const read = manifest();
  if (!read) throw new Error(`${galaxyDir} has no manifest after copying`);
  addCommunities(galaxyDir, read.last, read, DEFAULT_COMMUNITY_SEED);
  return galaxyDir;
}
