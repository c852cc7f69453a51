import { expect, test } from '@playwright/test';
import type { PlacedConstellation } from '../../src/labels/constellationLabels';
import type { PlacedLabel } from '../../src/labels/starLabels';
import { NPM_WITH_COMMUNITIES, TILED_NPM } from '../support/e2eTiledGalaxies';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';
import { canvasLocator, NPM_WHOLE_GRAPH, settle, statsLine, type BackendName } from './renderSupport';

test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);

const BACKENDS: BackendName[] = ['webgl2', 'webgpu'];

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** npm classic and tiled, both with their communities. */
const GALAXIES = [NPM_WITH_COMMUNITIES, TILED_NPM];

for (const backend of BACKENDS) for (const galaxy of GALAXIES) {
  test(`constellation names are drawn from the whole-galaxy camera, larger than star names and never over one (${galaxy}, ${backend})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto(`/?renderer=${backend}#/galaxy/${galaxy}?l=0`);
    // The stats line: a whole galaxy's once every file is in (the help overlay comes back when the
    // download ends, docs/rules.md#panels; drawn whole or within the star budget), a tiled one's once its first files are.
    const statsLocator = statsLine(page);
    if (galaxy === TILED_NPM) await expect(page.getByTestId('galaxy-stats-streaming')).toBeAttached({ timeout: 90_000 });
    else await expect(statsLocator).toHaveText(NPM_WHOLE_GRAPH, { timeout: 90_000 });
    await canvasLocator(page).focus();
    await page.keyboard.press('h');
    await expect(page.getByTestId('help-overlay')).toHaveCount(0);
    await page.waitForFunction(() => {
      const scene = window.galaxyScene!;
      return scene.namesSettled() && scene.namedConstellations().length > 0;
    }, null, { timeout: 60_000 });
    await settle(page);
    const { constellations, stars } = await page.evaluate(() => ({
      constellations: [...window.galaxyScene!.namedConstellations()] as PlacedConstellation[],
      stars: [...window.galaxyScene!.namedStars()] as PlacedLabel[],
    }));
    await page.screenshot({ path: test.info().outputPath(`constellations-${galaxy}-${backend}.png`) });
    console.log(`${galaxy} ${backend}: ${constellations.length} constellation names (${constellations.map((c) => `${c.text} [level ${c.level}]`).join('; ')}), ${stars.length} star names`);

    // From afar npm's top-level constellations crowd into its small linked core (the unlinked stars
    // make the shell the camera frames): their names stack over it, so that the view is a map of them.
    expect(constellations.length).toBeGreaterThanOrEqual(3);
    const canvas = (await canvasLocator(page).boundingBox())!;
    const search = (await page.getByRole('search').boundingBox())!;
    const statsBox = (await statsLocator.boundingBox())!;
    // Star names are 13 px text (docs/names.md#look): their boxes are about 17 px high.
    const starHeight = Math.max(18, ...stars.map((s) => s.height));
    for (const constellation of constellations) {
      expect(constellation.text).not.toBe('');
      expect(constellation.opacity, `${constellation.text} has faded in`).toBeGreaterThan(0);
      expect(constellation.height, `${constellation.text} is larger than star names`).toBeGreaterThan(starHeight);
      for (const star of stars) expect(intersects(constellation, star), `${constellation.text} is not over ${star.text}`).toBe(false);
      for (const other of constellations) if (other !== constellation) expect(intersects(constellation, other)).toBe(false);
      const onPage = { ...constellation, x: constellation.x + canvas.x, y: constellation.y + canvas.y };
      expect(intersects(onPage, search), `${constellation.text} is not under the search box`).toBe(false);
      expect(intersects(onPage, statsBox), `${constellation.text} is not over the stats line`).toBe(false);
    }

    // N hides them with the star names.
    await canvasLocator(page).focus();
    await page.keyboard.press('n');
    await page.waitForFunction(() => window.galaxyScene!.namedConstellations().length === 0 && window.galaxyScene!.namesSettled());
  });
}
