import { ensureE2eTiledGalaxies } from '../support/e2eTiledGalaxies';

/** Tiled galaxies (and the classic npm copy with communities) are generated at test time, never committed. */
export default async function globalSetup(): Promise<void> {
  await ensureE2eTiledGalaxies();
}
