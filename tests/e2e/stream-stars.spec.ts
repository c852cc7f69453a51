import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, type Route, test } from '@playwright/test';
import { Graph } from '../../src/data/graph';
import { decodeGalaxy } from '../../src/data/wire/decodeGalaxy';
import { PNG } from 'pngjs';
import { FIRST_STARS_MARK } from '../../src/boot/firstStarsMark';
import { haveSharedGalaxies, sharedGalaxiesDir, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';
import { SOFTWARE_STAR_BUDGET } from '../../src/tiles/planner/budgets';
import { canvasLocator, litCanvasPixels, litPixels } from './renderSupport';

function loadNpm(): Graph {
  const folder = path.join(sharedGalaxiesDir, 'npm');
  const { last } = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as { last: string };
  const read = (file: string) => {
    const bytes = readFileSync(path.join(folder, last, file));
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  };
  return new Graph(
    decodeGalaxy({
      name: 'npm',
      version: last,
      positions: read('positions.bin'),
      links: read('links.bin'),
      labels: readFileSync(path.join(folder, last, 'labels.json'), 'utf8'),
      scale: 1.75,
    }),
  );
}

/** Holds every request for links.bin and labels.json of npm until release() lets them through. */
async function holdLinksAndLabels(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/npm\/[^/]+\/(links\.bin|labels\.json)$/, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    held: () => held.map((route) => path.basename(new URL(route.request().url()).pathname)).sort(),
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}


/** Moves the pointer onto a point and keeps it still there, as a visitor hovering a star does. */
async function hoverAt(page: Page, point: { x: number; y: number }): Promise<void> {
  await page.mouse.move(point.x - 30, point.y - 30);
  await page.mouse.move(point.x, point.y, { steps: 4 });
}

for (const backend of ['webgpu', 'webgl2'] as const) {
  test.describe(`npm streams its stars (${backend})`, () => {
    test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);

    test("positions.bin is asked for once, before the viewer's code has arrived, and the page's entry draws its stars; the viewer takes over without thinning them", async ({ page }) => {
      test.setTimeout(240_000);
      const positionsAsked: string[] = [];
      page.on('request', (request) => {
        if (/\/npm\/[^/]+\/positions\.bin$/.test(request.url())) positionsAsked.push(request.url());
      });
      // The viewer's chunk is held back: only the page's entry runs until it is let through.
      let releaseViewer = () => {};
      const viewerHeld = new Promise<void>((resolve) => (releaseViewer = resolve));
      await page.route(/\/assets\/main-[^/]*\.js$/, async (route) => {
        await viewerHeld;
        await route.continue();
      });
      await page.goto(`/?renderer=${backend}#/galaxy/npm`);
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FIRST_STARS_MARK, { timeout: 90_000 });
      expect(positionsAsked).toHaveLength(1);
      expect(await page.evaluate(() => window.galaxyScene === undefined)).toBe(true);
      const shot = PNG.sync.read(await page.screenshot({ path: test.info().outputPath(`entry-stars-${backend}.png`) }));
      const entryLit = litPixels({ width: shot.width, height: shot.height, data: shot.data }, 60);
      expect(entryLit, 'lit pixels drawn by the entry').toBeGreaterThan(5_000);

      releaseViewer();
      // The viewer draws npm within the star budget it opens with, as the entry did: every star on a
      // GPU, SOFTWARE_STAR_BUDGET's worth of them on this machine's software rasteriser.
      await page.waitForFunction(() => window.galaxyScene?.softwareRasteriser !== undefined && Number(window.galaxyScene.canvas?.dataset.stars ?? 0) > 0, null, { timeout: 120_000 });
      const software = await page.evaluate(() => window.galaxyScene!.softwareRasteriser!);
      const stats = software ? page.getByTestId('galaxy-stats-streaming') : page.getByTestId('galaxy-stats');
      await expect(stats).toContainText(software ? 'of 195,689 stars drawn · 473,907 links' : '195,689 stars · 473,907 links', { timeout: 120_000 });
      const drawn = Number(await canvasLocator(page).getAttribute('data-stars'));
      if (software) expect(drawn).toBeLessThanOrEqual(SOFTWARE_STAR_BUDGET);
      else expect(drawn).toBe(195_689);
      await expect(canvasLocator(page)).toHaveCount(1);
      // No thinning when the viewer takes over: its picture (panels hidden) holds at least the entry's light.
      const panelsHidden = await page.addStyleTag({ content: 'body * { visibility: hidden !important } .galaxy-canvas, .galaxy-canvas * { visibility: visible !important }' });
      const viewerShot = PNG.sync.read(await page.screenshot({ path: test.info().outputPath(`viewer-stars-${backend}.png`) }));
      await panelsHidden.evaluate((element) => (element as Element).remove());
      const viewerLit = litPixels({ width: viewerShot.width, height: viewerShot.height, data: viewerShot.data }, 60);
      console.log(`${backend}: lit pixels ${entryLit} drawn by the entry, ${viewerLit} by the viewer (${drawn} stars)`);
      expect(viewerLit, 'the viewer\'s picture against the entry\'s').toBeGreaterThan(0.8 * entryLit);
      expect(positionsAsked, 'positions.bin asked for once: the loader took the early download').toHaveLength(1);
    });

    test('stars are drawn before links.bin and labels.json arrive; the graph completes once they do', async ({ page }) => {
      test.setTimeout(240_000);
      const npm = loadNpm();
      const files = await holdLinksAndLabels(page);
      // A budget that holds every star: this test counts npm's stars as they stream in (the budget
      // that thins them on a software rasteriser is star-budget.spec.ts's).
      await page.goto(`/?renderer=${backend}#/galaxy/npm?budget=200k`);

      // Only positions.bin is in: the stars are drawn and counted, the rest is named as streaming.
      const streaming = page.getByTestId('galaxy-stats-streaming');
      await expect(streaming).toHaveText('npm · 195,689 of 195,689 stars drawn · streaming links, labels', { timeout: 90_000 });
      await page.waitForFunction(() => Number(window.galaxyScene?.canvas?.dataset.stars ?? 0) === 195_689, null, { timeout: 60_000 });
      expect(files.held()).toEqual(['labels.json', 'links.bin']);
      await expect(page.getByTestId('galaxy-stats')).toHaveCount(0);
      await expect(page.getByTestId('progress')).toBeVisible();
      await page.keyboard.press('KeyK'); // hides the help
      const litWhileStreaming = await litCanvasPixels(page, `stream-stars-${backend}-streaming.png`);
      expect(litWhileStreaming, 'lit pixels before links and labels').toBeGreaterThan(5_000);

      // Hover works on the drawn stars; without links and labels the tooltip names the star by its id, degrees '?'.
      const hub = npm.data.inOffsets.reduce((best, _, id) => (id < npm.starCount && npm.inDegree(id) > npm.inDegree(best) ? id : best), 0);
      const spot = (await (await page.waitForFunction((id) => window.galaxyScene?.projectToClient(id), hub)).jsonValue()) as { x: number; y: number };
      await hoverAt(page, spot);
      const tooltip = page.getByTestId('hover-tooltip');
      await expect(tooltip.getByTestId('hover-in')).toHaveText('?');
      await expect(tooltip.getByTestId('hover-out')).toHaveText('?');
      const pickedName = (await tooltip.textContent()) ?? '';
      const picked = Number(/^(\d+)/.exec(pickedName.trim())?.[1]);
      expect(Number.isInteger(picked), `tooltip names the star by its id: "${pickedName}"`).toBe(true);
      await page.mouse.move(5, 5);
      await expect(tooltip).toHaveCount(0);

      // The rest arrives: the whole graph, with degrees, names and search.
      await files.release();
      await expect(page.getByTestId('galaxy-stats')).toHaveText('npm · 195,689 stars · 473,907 links', { timeout: 90_000 });
      await expect(streaming).toHaveCount(0);
      await expect(page.getByTestId('progress')).toHaveCount(0);
      expect(await litCanvasPixels(page, `stream-stars-${backend}-complete.png`), 'lit pixels with the whole graph').toBeGreaterThan(5_000);

      // The star under the cursor may now be another: the links bring sizes by in-degree, and the hub
      // grows over the stars crowding its spot. Whichever it is, it is named with its degrees.
      await hoverAt(page, spot);
      const pickedNow = (await page.evaluate(({ x, y }) => window.galaxyScene!.pick(x, y), spot))!;
      expect(pickedNow === picked || npm.inDegree(pickedNow) >= npm.inDegree(picked), 'the same star, or a bigger one grown over it').toBe(true);
      await expect(tooltip).toContainText(npm.label(pickedNow));
      await expect(tooltip.getByTestId('hover-in')).toHaveText(npm.inDegree(pickedNow).toLocaleString('en-US'));
      await expect(tooltip.getByTestId('hover-out')).toHaveText(npm.outDegree(pickedNow).toLocaleString('en-US'));

      await page.getByPlaceholder('enter a search term').fill('^express$');
      const results = page.locator('[data-window-key="search-results"]');
      const matches = npm.labels.filter((label) => /^express$/i.test(label)).length;
      await expect(results).toContainText(`${matches} ${matches === 1 ? 'match' : 'matches'}`);
      await expect(results.getByRole('listitem').first()).toContainText(/express/i);
    });
  });
}
