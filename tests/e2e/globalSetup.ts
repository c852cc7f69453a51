import { ensureConstellationGalaxy } from '../support/e2eConstellations';
import { ensureE2eTiledGalaxies } from '../support/e2eTiledGalaxies';
import { haveSharedGalaxies } from '../support/sharedGalaxies';

/** Tiled galaxies and a galaxy with communities are generated at test time, never committed. */
export default async function globalSetup(): Promise<void> {
  await ensureE2eTiledGalaxies();
  if (haveSharedGalaxies) ensureConstellationGalaxy();
}
