import { existsSync } from 'node:fs';
import path from 'node:path';

/** ../shared/galaxies (or GALAXY_SHARED_DIR): real published galaxies, absent on some clones. */
export const sharedGalaxiesDir = path.resolve(process.env.GALAXY_SHARED_DIR ?? '../shared/galaxies');
export const haveSharedGalaxies = existsSync(path.join(sharedGalaxiesDir, 'npm', 'manifest.json'));
export const sharedGalaxiesMissingReason = `real galaxies not found at ${sharedGalaxiesDir} (set GALAXY_SHARED_DIR)`;

if (!haveSharedGalaxies) console.warn(`Skipping tests on real galaxies: ${sharedGalaxiesMissingReason}`);
