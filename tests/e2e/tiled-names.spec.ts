import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { PlacedLabel } from '../../src/labels/starLabels';
import { TiledGalaxyReader } from '../../src/tiles/format/tiledGalaxyReader';
import { E2E_TILED_DIR, npmLastVersion, TILED_NPM } from '../support/e2eTiledGalaxies';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';
import { expectNamesBesideTheirStars, settledNames } from './namesSupport';
import { canvasLocator, canvasPixels, hidePanels, predictScreen, type BackendName } from './renderSupport';

test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);

const BACKENDS: BackendName[] = ['webgl2', 'webgpu'];

/** Every name of the tiled npm galaxy by star number, and the root tile's stars (the galaxy's biggest), read in Node. */
async function readTiledNpm() {
  const dir = path.join(E2E_TILED_DIR, TILED_NPM, npmLastVersion(), 'tiles');
  const reader = await TiledGalaxyReader.open(async (file) => new Uint8Array(readFileSync(path.join(dir, file))));
  const names: string[] = [];
  for (let shard = 0; shard < reader.labelShardCount; shard++) {
    const { firstStar, names: shardNames } = await reader.labels(shard);
    shardNames.forEach((name, k) => (names[firstStar + k] = name));
  }
  const root = await reader.tile(0);
  return { names, root };
}

/** Waits until the stream is idle and names are shown with no fade running, then returns them. */
async function streamedNames(page: Page): Promise<PlacedLabel[]> {
  // Every star of npm fits budget=250k: the classic stats line says the streaming is over.
  await expect(page.getByTestId('galaxy-stats')).toBeAttached({ timeout: 90_000 });
  return settledNames(page);
}

for (const backend of BACKENDS) {
  test(`a tiled galaxy's biggest stars in view are named by star number beside their pixels, no two names overlap, N hides them (${backend})`, async ({ page }) => {
    test.setTimeout(300_000);
    const galaxy = await readTiledNpm();
    await page.goto(`/?renderer=${backend}#/galaxy/${TILED_NPM}?l=0&budget=250k`);
    await hidePanels(page);
    await page.waitForFunction(() => Number(window.galaxyScene?.canvas?.dataset.stars ?? 0) > 0, null, { timeout: 90_000 });
    // This is about star names: tiled npm's constellation names (constellation-names.spec.ts), which
    // take precedence from outside the galaxy, are left out.
    await page.waitForFunction(() => window.galaxyScene!.namedConstellations().length > 0, null, { timeout: 30_000 }).catch(() => undefined);
    await page.evaluate(() => window.galaxyScene!.setConstellations(undefined, 1.75));
    // Halfway in from the whole view, where the stream has finer tiles to bring and more stars are named.
    await page.evaluate(() => {
      const scene = window.galaxyScene!;
      const { position, orientation } = scene.getCamera();
      scene.setCamera({ position: [position[0] / 2, position[1] / 2, position[2] / 2], orientation });
    });
    await streamedNames(page);
    const pose = await page.evaluate(() => window.galaxyScene!.getCamera());
    const box = (await canvasLocator(page).boundingBox())!;

    // The picture without names, then with them.
    await canvasLocator(page).focus();
    await page.keyboard.press('n');
    await page.waitForFunction(() => window.galaxyScene!.namedStars().length === 0 && window.galaxyScene!.namesSettled());
    const without = await canvasPixels(page);
    await page.keyboard.press('n');
    const names = await streamedNames(page);
    const withNames = await canvasPixels(page);
    await canvasLocator(page).screenshot({ path: test.info().outputPath(`tiled-names-${backend}.png`) });
    expect(await page.evaluate(() => window.galaxyScene!.getCamera()), 'the camera stayed put').toEqual(pose);

    // Each name is its star's, by star number (never a slot of the pool).
    for (const label of names) expect(label.name, `star ${label.id}`).toBe(galaxy.names[label.id]);

    // The root tile's three biggest stars in view (the galaxy's most linked) are named.
    const positions = await page.evaluate(
      ({ first, count }) => Array.from({ length: count }, (_, k) => window.galaxyScene!.starPosition(first + k) ?? null),
      { first: galaxy.root.firstStar, count: galaxy.root.count },
    );
    const biggest = positions
      .map((position, k) => ({ star: galaxy.root.firstStar + k, inDegree: galaxy.root.inDegree[k], at: position && predictScreen(pose, position, box.width, box.height) }))
      .filter(({ at }) => at && at.x > 0 && at.y > 0 && at.x < box.width && at.y < box.height)
      .sort((a, b) => b.inDegree - a.inDegree)
      .slice(0, 3);
    expect(biggest.length).toBe(3);
    const namedBiggest = biggest.filter(({ star }) => names.some((n) => n.id === star));
    console.log(`${backend}: ${names.length} names (${names.slice(0, 12).map((n) => n.name).join(', ')}); biggest in view ${biggest.map(({ star }) => galaxy.names[star]).join(', ')}`);
    // The biggest is named; of the next, one may sit where a bigger star's name already is.
    expect(namedBiggest.map(({ star }) => star)).toContain(biggest[0].star);
    expect(namedBiggest.length).toBeGreaterThanOrEqual(2);

    const starsAt = new Map<number, { x: number; y: number }>();
    for (const label of names) {
      const position = (await page.evaluate((id) => window.galaxyScene!.starPosition(id), label.id))!;
      starsAt.set(label.id, predictScreen(pose, position, box.width, box.height)!);
    }
    expectNamesBesideTheirStars(names, (label) => starsAt.get(label.id)!, without, withNames);

    // N hides them again and the address keeps n=0.
    await page.keyboard.press('n');
    await page.waitForFunction(() => window.galaxyScene!.namedStars().length === 0);
    await expect.poll(() => page.url()).toContain('n=0');

    // Shown again, the accessible list names the same stars by star number.
    await page.keyboard.press('n');
    const again = await streamedNames(page);
    const button = page.getByTestId('named-stars').locator(`button[data-star-id="${again[0].id}"]`);
    await expect(button).toHaveText(galaxy.names[again[0].id]);
  });
}
