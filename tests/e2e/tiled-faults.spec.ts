import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { describeTileRegion } from '../../src/tiles/format/region';
import { TiledGalaxyReader } from '../../src/tiles/format/tiledGalaxyReader';
import { E2E_TILED_DIR, TWO_VERSIONS } from '../support/e2eTiledGalaxies';
import { serveFaultyTiledGalaxy, type FaultyTiledGalaxy } from '../support/faultyTileServer';
import { canvasLocator } from './renderSupport';

/**
 * Issue "Hostile input, round three", items 3-5: a tiled galaxy whose files stall (headers sent,
 * then nothing), come damaged or miss names, served by a fault server of its own (the galaxy's
 * manifest names it as the endpoint). The galaxy is tiled-two-versions' v2: 30,000 stars, 33 tiles,
 * 2 label shards and 4 adjacency shards, every star within a software rasteriser's budget.
 */

const SOURCE = path.join(E2E_TILED_DIR, TWO_VERSIONS);
const VERSION = 'v2';
/** The tile worker runs on the real clock (page.clock does not reach workers): `stallLimit=` shortens its limit (docs/rules.md#routes). */
const SHORT_STALL_MS = 2000;

let galaxy: FaultyTiledGalaxy | undefined;
test.afterEach(async () => {
  await galaxy?.close();
  galaxy = undefined;
});

async function openReader(): Promise<TiledGalaxyReader> {
  const dir = path.join(SOURCE, VERSION, 'tiles');
  return TiledGalaxyReader.open(async (file) => new Uint8Array(readFileSync(path.join(dir, file))));
}

const warnings = (page: Page) => page.getByRole('status', { name: 'Data warnings' });

async function showWarningDetails(page: Page): Promise<void> {
  const details = warnings(page).getByRole('button', { name: 'Details' });
  if (await details.isVisible()) await details.click();
}

/** Waits until the stars are drawn by a renderer. */
async function waitForStars(page: Page): Promise<void> {
  await page.waitForFunction(() => Number(window.galaxyScene?.canvas?.dataset.stars ?? 0) > 0, null, { timeout: 60_000 });
}

test.describe('the first files of a tiled galaxy', () => {
  for (const file of ['index.json', 'hierarchy.bin.gz', 'stars/0.bin.gz']) {
    test(`${file} stalling gives the error panel after the stall limit, the name once in the label, and Try again opens it`, async ({ page, context }) => {
      const name = `tf-stall-${file.split(/[./]/)[0]}`;
      galaxy = await serveFaultyTiledGalaxy(context, name, SOURCE);
      galaxy.fault(`tiles/${file}`, { kind: 'stall' });
      await page.clock.install();
      await page.goto(`/?renderer=webgl2#/galaxy/${name}`);
      const progress = page.getByTestId('progress');
      await expect(progress).toContainText(`${name}: downloading`);
      await expect(progress).not.toContainText(`${name}: ${name}`);
      await expect.poll(() => galaxy!.requests(`tiles/${file}`)).toBeGreaterThan(0);

      await page.clock.fastForward(31_000);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(`The download of the galaxy “${name}” stalled: nothing arrived for 30 seconds`);
      await expect(alert.getByRole('link', { name: 'Go home' })).toBeVisible();
      await expect(progress).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`stalled-${name}.png`) });

      galaxy.fault(`tiles/${file}`, undefined);
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await waitForStars(page);
    });
  }

  for (const [label, fault, says] of [
    ['cut short', { kind: 'truncate', keep: 200 }, 'hierarchy.bin'],
    ['garbage', { kind: 'garbage', bytes: 5000 }, 'hierarchy.bin'],
    // Unpacked whole, 512 MiB would hold the tab for seconds; capped, it stops past what 33 tiles' hierarchy may hold.
    ['a gzip bomb', { kind: 'bomb', unpackedBytes: 512 * 2 ** 20 }, 'a gzip bomb'],
  ] as const) {
    test(`a hierarchy ${label} gives the error panel naming it, with Try again and Go home`, async ({ page, context }) => {
      const name = `tf-hierarchy-${label.replaceAll(' ', '-')}`;
      galaxy = await serveFaultyTiledGalaxy(context, name, SOURCE);
      galaxy.fault('tiles/hierarchy.bin.gz', fault);
      await page.goto(`/?renderer=webgl2#/galaxy/${name}`);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('hierarchy.bin', { timeout: 60_000 });
      await expect(alert).toContainText(says);
      await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expect(alert.getByRole('link', { name: 'Go home' })).toBeVisible();
      await expect(page.getByTestId('progress')).toHaveCount(0);
    });
  }
});

test.describe('stalled tiles and shards', () => {
  test('a stalled star tile becomes a data warning naming its region, is asked for again, and the warning goes once it arrives', async ({ page, context }) => {
    test.setTimeout(180_000);
    const reader = await openReader();
    const stalledTile = 5;
    const region = describeTileRegion(reader.hierarchy, stalledTile);
    galaxy = await serveFaultyTiledGalaxy(context, 'tf-stall-tile', SOURCE);
    galaxy.fault(`tiles/stars/${stalledTile}.bin.gz`, { kind: 'stall' });
    await page.goto(`/?renderer=webgl2&stallLimit=${SHORT_STALL_MS}#/galaxy/tf-stall-tile?l=0`);
    await waitForStars(page);
    await expect(warnings(page)).toContainText('1 problem in this galaxy’s files', { timeout: 60_000 });
    await showWarningDetails(page);
    await expect(warnings(page)).toContainText(`Could not be loaded: ${region}: stars/${stalledTile}.bin.gz could not be read (nothing arrived for 2 seconds)`);
    const asked = galaxy.requests(`tiles/stars/${stalledTile}.bin.gz`);

    galaxy.fault(`tiles/stars/${stalledTile}.bin.gz`, undefined);
    await expect.poll(() => galaxy!.requests(`tiles/stars/${stalledTile}.bin.gz`), { timeout: 60_000 }).toBeGreaterThan(asked);
    await expect(page.getByTestId('galaxy-stats')).toContainText(`tf-stall-tile · ${reader.index.stars.toLocaleString('en-US')} stars`, { timeout: 60_000 });
    await expect(warnings(page)).toHaveCount(0);
  });

  test('a stalled label shard becomes a data warning naming it, and the names come when it is asked for again', async ({ page, context }) => {
    test.setTimeout(180_000);
    galaxy = await serveFaultyTiledGalaxy(context, 'tf-stall-labels', SOURCE);
    galaxy.fault('tiles/labels/0.json.gz', { kind: 'stall' });
    await page.goto(`/?renderer=webgl2&stallLimit=${SHORT_STALL_MS}#/galaxy/tf-stall-labels?l=0`);
    await waitForStars(page);
    // The help overlay covers the middle of the sky, where names keep clear of it: put it away.
    await canvasLocator(page).focus();
    await page.keyboard.press('h');
    await expect(page.getByTestId('help-overlay')).toHaveCount(0);
    await expect(warnings(page)).toBeVisible({ timeout: 60_000 });
    await showWarningDetails(page);
    await expect(warnings(page)).toContainText('Could not be loaded: labels shard 0 (labels/0.json.gz) could not be read: nothing arrived for 2 seconds');
    const asked = galaxy.requests('tiles/labels/0.json.gz');

    galaxy.fault('tiles/labels/0.json.gz', undefined);
    await expect.poll(() => galaxy!.requests('tiles/labels/0.json.gz'), { timeout: 60_000 }).toBeGreaterThan(asked);
    await expect(warnings(page)).toHaveCount(0, { timeout: 60_000 });
    const reader = await openReader();
    const { names } = await reader.labels(0);
    // Stars of that shard are named again (which ones, the density of names decides).
    const inShard = new Set(names);
    await expect
      .poll(async () => (await page.evaluate(() => window.galaxyScene!.namedStars().map((star) => star.name))).some((name) => inShard.has(name)), { timeout: 60_000 })
      .toBe(true);
  });

  test('a stalled adjacency shard becomes a data warning naming it, and the links come when it is asked for again', async ({ page, context }) => {
    test.setTimeout(180_000);
    galaxy = await serveFaultyTiledGalaxy(context, 'tf-stall-links', SOURCE);
    galaxy.fault('tiles/adjacency/0.bin.gz', { kind: 'stall' });
    await page.goto(`/?renderer=webgl2&stallLimit=${SHORT_STALL_MS}#/galaxy/tf-stall-links?l=1`);
    await waitForStars(page);
    await expect(warnings(page)).toBeVisible({ timeout: 60_000 });
    await showWarningDetails(page);
    await expect(warnings(page)).toContainText('Could not be loaded: adjacency shard 0 (adjacency/0.bin.gz) could not be read: nothing arrived for 2 seconds');
    const asked = galaxy.requests('tiles/adjacency/0.bin.gz');

    galaxy.fault('tiles/adjacency/0.bin.gz', undefined);
    await expect.poll(() => galaxy!.requests('tiles/adjacency/0.bin.gz'), { timeout: 60_000 }).toBeGreaterThan(asked);
    await expect(warnings(page)).toHaveCount(0, { timeout: 60_000 });
  });
});

test('a label shard holding fewer names than index.json says is a data warning naming it once a search reads it', async ({ page, context }) => {
  test.setTimeout(180_000);
  const reader = await openReader();
  const [first, end] = [reader.index.labels.starBoundaries[1], reader.index.labels.starBoundaries[2]];
  galaxy = await serveFaultyTiledGalaxy(context, 'tf-short-names', SOURCE);
  galaxy.fault('tiles/labels/1.json.gz', { kind: 'short-names', keep: 10 });
  await page.goto(`/?renderer=webgl2#/galaxy/tf-short-names?l=0`);
  await waitForStars(page);
  await page.getByPlaceholder('enter a search term').fill('grunt');
  await expect(page.locator('[data-window-key="search-results"]')).toContainText(/\d+ match/, { timeout: 60_000 });
  await expect(warnings(page)).toBeVisible({ timeout: 60_000 });
  await showWarningDetails(page);
  await expect(warnings(page)).toContainText(`labels shard 1 (stars ${first}..${end - 1}) holds 10 names, expected ${end - first}`);
});
