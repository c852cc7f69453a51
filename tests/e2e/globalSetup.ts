import { E2E_TILED_DIR, ensureE2eTiledGalaxies } from '../support/e2eTiledGalaxies';
import { ensureNpmWithCommunities } from '../support/e2eCommunitiesGalaxy';
import { haveSharedGalaxies } from '../support/sharedGalaxies';

/** Tiled galaxies are generated at test time, never committed. */
export default async function globalSetup(): Promise<void> {
  await ensureE2eTiledGalaxies();
  // A classic npm with its communities (constellations-panel.spec.ts).
  if (haveSharedGalaxies) ensureNpmWithCommunities(E2E_TILED_DIR);
}
