import { expect, type Page, test } from '@playwright/test';
import { SYNTHETIC_1M } from '../support/e2eTiledGalaxies';
import { SOFTWARE_STAR_BUDGET } from '../../src/tiles/planner/budgets';
import { GROW_BELOW, MIN_FRAMES } from '../../src/tiles/planner/frameBudget';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';
import { canvasLocator, canvasPixels, type Pixels } from './renderSupport';
import { flightPath } from '../support/flightPath';
import { lookAtOrientation } from '../../src/renderer/camera';
import type { CameraPose } from '../../src/scene/scene';

/**
 * A frame rate SwiftShader meets with headroom at the software default of 100k stars: 5 on WebGL2;
 * WebGPU's splats cost more there (frames of 180-930 ms at 100k on the loaded 2-core machine), so 2.
 */
const TARGET_FPS = { webgl2: 5, webgpu: 2 } as const;

const searchBox = (page: Page) => page.getByPlaceholder('enter a search term');

async function open(page: Page, backend: string, query: string, galaxy = SYNTHETIC_1M): Promise<void> {
  await page.goto(`/?renderer=${backend}#/galaxy/${galaxy}?${query}`);
  await page.waitForFunction(() => Number(window.galaxyScene?.canvas?.dataset.stars ?? 0) > 0, null, { timeout: 90_000 });
  await page.keyboard.press('KeyK'); // hides the help
}

/** Orbits star 0, the hub, at 0.6 of the opening camera's distance from it (the `:around` command), until a key is pressed. */
async function orbit(page: Page): Promise<void> {
  // The scene answers star positions once the galaxy's names are in, which may come after its first stars.
  await page.waitForFunction(() => window.galaxyScene?.starPosition(0) !== undefined, null, { timeout: 90_000 });
  const distance = await page.evaluate(() => {
    const hub = window.galaxyScene!.starPosition(0)!;
    const camera = window.galaxyScene!.getCamera().position;
    return Math.hypot(camera[0] - hub[0], camera[1] - hub[1], camera[2] - hub[2]);
  });
  await searchBox(page).fill(`:around(0, ${Math.round(distance * 0.6)})`);
  await searchBox(page).press('Enter');
  await expect(page.locator('.search-box__status')).toContainText('Orbiting');
  await searchBox(page).blur();
}

const budgetOf = async (page: Page) => Number(await canvasLocator(page).getAttribute('data-star-budget'));

/** Intervals between animation frames on the page for `ms`, sorted. */
async function frameIntervals(page: Page, ms: number): Promise<number[]> {
  return page.evaluate(
    (duration) =>
      new Promise<number[]>((resolve) => {
        const times: number[] = [];
        const tick = (now: number) => {
          times.push(now);
          if (now - times[0] < duration) requestAnimationFrame(tick);
          else resolve(times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b));
        };
        requestAnimationFrame(tick);
      }),
    ms,
  );
}

/**
 * What the budget is judged on, counted rather than timed so that a loaded machine sees as many: the
 * controller changes the budget after two windows in a row of at least MIN_FRAMES measured frames ask for it.
 */
const FRAMES_FOR_A_CHANGE = 2 * MIN_FRAMES;

/**
 * Waits until the budget has held through `quietFrames` frames measured while the camera orbits
 * (the frame costs the controller was told of, SceneStarBudget.framesMeasured); returns it.
 */
async function budgetSettled(page: Page, quietFrames: number, limitMs: number): Promise<number> {
  try {
    const settled = await page.waitForFunction(
      (quiet) => {
        const scene = window.galaxyScene!;
        const watch = window as unknown as { budgetHeld?: { budget: number | undefined; since: number } };
        const budget = scene.starBudgetStars;
        const measured = scene.starBudgetFramesMeasured;
        const held = watch.budgetHeld && watch.budgetHeld.budget === budget ? watch.budgetHeld : { budget, since: measured };
        watch.budgetHeld = held;
        return measured - held.since >= quiet && budget;
      },
      quietFrames,
      { timeout: limitMs, polling: 'raf' },
    );
    return Number(await settled.jsonValue());
  } catch (error) {
    throw new Error(`the star budget did not hold through ${quietFrames} measured frames within ${limitMs} ms (last ${await budgetOf(page)})`, { cause: error });
  }
}

/** Draws `count` frames with the camera where it is (the scene is asked for each), resolving once drawn. */
async function drawFramesAtRest(page: Page, count: number): Promise<void> {
  await page.evaluate(
    (frames) =>
      new Promise<void>((resolve) => {
        const scene = window.galaxyScene!;
        const drawn = () => scene.framesDrawn;
        const until = drawn() + frames;
        const tick = () => {
          if (drawn() >= until) return resolve();
          scene.requestRender();
          requestAnimationFrame(tick);
        };
        tick();
      }),
    count,
  );
}

/** Waits until the budget has been told of `count` more measured frames. */
async function measureFrames(page: Page, count: number, timeout: number): Promise<void> {
  const until = (await page.evaluate(() => window.galaxyScene!.starBudgetFramesMeasured)) + count;
  await page.waitForFunction((n) => window.galaxyScene!.starBudgetFramesMeasured >= n, until, { timeout });
}

for (const backend of ['webgl2', 'webgpu'] as const) {
  const fps = TARGET_FPS[backend];
  const targetMs = 1000 / fps;
  test.describe(`the star budget follows the frame (${backend})`, () => {
    test(`fps=${fps} on a software rasteriser: grows past the default, settles near the target, holds still at rest`, async ({ page }) => {
      test.setTimeout(300_000);
      await open(page, backend, `fps=${fps}`);
      test.skip(!(await page.evaluate(() => window.galaxyScene!.softwareRasteriser)), 'the adapter is a GPU: its default budget is not the software one');
      expect(await budgetOf(page)).toBe(SOFTWARE_STAR_BUDGET);
      await orbit(page);
      const early = await frameIntervals(page, 3_000);
      console.log(`${backend}: frames at the default budget ${early.map((ms) => ms.toFixed(0)).join(' ')}; ${await canvasLocator(page).getAttribute('data-stars')} stars drawn`);
      await page.waitForFunction((limit) => Number(window.galaxyScene?.canvas?.dataset.starBudget ?? 0) > limit, SOFTWARE_STAR_BUDGET, { timeout: 120_000 });
      // Three changes' worth of frames without one.
      const settled = await budgetSettled(page, 3 * FRAMES_FOR_A_CHANGE, 200_000);
      // Eight seconds: a dozen frames on WebGPU's software splats would leave the quartiles to two or three frames.
      const intervals = await frameIntervals(page, 8_000);
      const median = intervals[Math.floor(intervals.length / 2)];
      console.log(`${backend}: budget settled at ${settled} (${await canvasLocator(page).getAttribute('data-stars')} stars drawn), median frame ${median.toFixed(0)} ms over ${intervals.length} frames`);
      expect(settled).toBeGreaterThan(SOFTWARE_STAR_BUDGET);
      expect(median, 'frames no slower than 1.3x the target').toBeLessThanOrEqual(targetMs * 1.3);
      // Faster than the target only by the controller's dead band: it grows while three quarters of
      // the frames take under GROW_BELOW of the target, so once settled the upper quartile is above
      // that; unless the budget can grow no further (every star drawn, or what the holding budget
      // holds: on a quiet machine WebGL2 reaches it).
      const ceiling = await page.evaluate(() => window.galaxyScene!.starBudgetCeiling);
      const upperQuartile = intervals[Math.floor(intervals.length * 0.75)];
      console.log(`${backend}: upper quartile ${upperQuartile.toFixed(0)} ms; the budget's ceiling is ${ceiling}`);
      // The controller judged its own windows of frames and grows only when two in a row ask for it,
      // so on a noisy software rasteriser it may hold where this later window reads faster (CI once
      // read 317 ms against 375 on WebGPU, where local runs read 367-633): hence the 25% of slack.
      if (ceiling === undefined || settled < ceiling) expect(upperQuartile, 'frames no faster than the dead band allows').toBeGreaterThanOrEqual(targetMs * GROW_BELOW * 0.75);
      // The stats line says the budget.
      await expect(page.getByTestId('galaxy-stats-streaming')).toHaveAttribute('data-star-budget', String(await budgetOf(page)));

      // At rest the budget stays where it is, however the frames went: through twice the frames a change takes, drawn with the camera still.
      await page.keyboard.press('KeyK');
      const atRest = await budgetOf(page);
      await drawFramesAtRest(page, 2 * FRAMES_FOR_A_CHANGE);
      expect(await budgetOf(page)).toBe(atRest);
    });

    test('budget= fixes it whatever the frames cost', async ({ page }) => {
      test.setTimeout(180_000);
      // At the default target (60 fps) a software rasteriser's frames cost many times the target: a budget that followed them would shrink at once.
      await open(page, backend, 'budget=150k');
      expect(await budgetOf(page)).toBe(150_000);
      await orbit(page);
      // Twice the measured frames the controller needs for a change.
      await measureFrames(page, 2 * FRAMES_FOR_A_CHANGE, 150_000);
      expect(await budgetOf(page)).toBe(150_000);
      expect(Number(await canvasLocator(page).getAttribute('data-stars'))).toBeLessThanOrEqual(150_000);
    });

    test('a classic galaxy over budget= draws within it as the camera flies in and turns', async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto(`/?renderer=${backend}#/galaxy/npm?budget=60k`);
      await page.waitForFunction(() => Number(window.galaxyScene?.canvas?.dataset.stars ?? 0) > 0, null, { timeout: 90_000 });
      expect(await budgetOf(page)).toBe(60_000);
      const start = await page.evaluate(() => window.galaxyScene!.getCamera().position);
      const flight = flightPath([start[0], start[1], start[2]], [start[0], start[1], 0], 12, 0.3);
      const away = { position: [start[0], start[1], start[2]] as [number, number, number], orientation: lookAtOrientation(start, [start[0], start[1], start[2] * 2]) };
      const drawnAt = (pose: CameraPose) =>
        page.evaluate(async (p) => {
          const scene = window.galaxyScene!;
          const plans = scene.plannerRuns();
          scene.setCamera(p);
          // The cells are chosen for the move at once, or at most PLAN_INTERVAL_MS later while moves come faster; then drawn in the next frame.
          while (scene.plannerRuns() <= plans) await new Promise(requestAnimationFrame);
          const frames = scene.framesDrawn;
          while (scene.framesDrawn <= frames) await new Promise(requestAnimationFrame);
          return Number(scene.canvas!.dataset.stars);
        }, pose);
      // npm's 195,689 stars never all drawn: each pose draws a share of each cell in view, within 60,000.
      for (const pose of flight) {
        const stars = await drawnAt(pose);
        expect(stars).toBeGreaterThan(50_000);
        expect(stars).toBeLessThanOrEqual(60_000);
      }
      // Turned away from the galaxy no cell is in view, and none is drawn; turned back, they are again.
      expect(await drawnAt(away)).toBe(0);
      expect(await drawnAt(flight[0])).toBeGreaterThan(50_000);
    });
  });
}

/** npm as the original tools published it: a classic galaxy, drawn whole from positions.bin (no tiles). */
const NPM_STARS = 195_689;

/** Lit pixels in the middle ninth of the picture (a third of its width and of its height). */
function litInMiddle(p: Pixels, threshold = 60): number {
  let lit = 0;
  for (let y = Math.floor(p.height / 3); y < Math.floor((2 * p.height) / 3); y++) {
    for (let x = Math.floor(p.width / 3); x < Math.floor((2 * p.width) / 3); x++) {
      const i = (y * p.width + x) * 4;
      if (p.data[i] + p.data[i + 1] + p.data[i + 2] > threshold) lit++;
    }
  }
  return lit;
}

const drawnOf = async (page: Page) => Number(await canvasLocator(page).getAttribute('data-stars'));
const linksOf = async (page: Page) => Number(await canvasLocator(page).getAttribute('data-links'));

for (const backend of ['webgl2', 'webgpu'] as const) {
  test.describe(`a whole galaxy goes through the star budget (classic npm, ${backend})`, () => {
    test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);

    test('opens at the software default, draws within it with stars in the middle of the view, and the stats line says so', async ({ page }, info) => {
      test.setTimeout(240_000);
      await open(page, backend, 'l=0&n=0', 'npm');
      test.skip(!(await page.evaluate(() => window.galaxyScene!.softwareRasteriser)), 'the adapter is a GPU: its default budget is not the software one');
      expect(SOFTWARE_STAR_BUDGET).toBeLessThan(NPM_STARS);
      await expect(canvasLocator(page)).toHaveAttribute('data-star-budget', String(SOFTWARE_STAR_BUDGET));
      // The stats line once the links are in: the stars drawn of npm's, and the budget in its title, as a tiled galaxy's.
      const stats = page.getByTestId('galaxy-stats-streaming');
      await expect(stats).toHaveText(/^npm · [\d,]+ of 195,689 stars drawn · 473,907 links$/, { timeout: 120_000 });
      await expect(stats).toHaveAttribute('data-star-budget', String(SOFTWARE_STAR_BUDGET));
      await expect(stats).toHaveAttribute('title', /star budget: 100,000 stars drawn at once/);
      const drawn = await drawnOf(page);
      expect(drawn).toBeLessThanOrEqual(SOFTWARE_STAR_BUDGET);
      // Whole cells are taken as long as they fit: most of the budget is drawn.
      expect(drawn).toBeGreaterThan(SOFTWARE_STAR_BUDGET * 0.8);
      await expect(stats).toContainText(`${drawn.toLocaleString('en-US')} of 195,689`);
      const pixels = await canvasPixels(page);
      await info.attach(`${backend}-npm-classic-at-the-software-budget.png`, { body: await canvasLocator(page).screenshot(), contentType: 'image/png' });
      const middle = litInMiddle(pixels);
      console.log(`${backend}: ${drawn} stars drawn at the budget ${SOFTWARE_STAR_BUDGET}; ${middle} lit pixels in the middle ninth of ${pixels.width}x${pixels.height}`);
      expect(middle, 'the galaxy\'s middle is drawn').toBeGreaterThan((pixels.width * pixels.height) / 9 / 20);
    });

    test('within a budget its links join only the drawn stars, as a tiled galaxy\'s do: fewer links than with every star drawn', async ({ page }) => {
      test.setTimeout(240_000);
      const linksAt = async (budget: number) => {
        await open(page, backend, `l=1&n=0&budget=${budget}`, 'npm');
        await expect(canvasLocator(page)).toHaveAttribute('data-star-budget', String(budget));
        await expect.poll(() => linksOf(page), { timeout: 120_000 }).toBeGreaterThan(0);
        return { links: await linksOf(page), stars: await drawnOf(page) };
      };
      const all = await linksAt(NPM_STARS);
      const within = await linksAt(60_000);
      console.log(`${backend}: ${within.links} link pairs drawn with ${within.stars} of ${NPM_STARS} stars, ${all.links} with every star`);
      expect(all.stars).toBe(NPM_STARS);
      expect(within.stars).toBeLessThanOrEqual(60_000);
      expect(within.links).toBeLessThan(all.links * 0.6);
    });

    test('budget= overrides the opening budget', async ({ page }) => {
      test.setTimeout(180_000);
      await open(page, backend, 'l=0&n=0&budget=150k', 'npm');
      await expect(canvasLocator(page)).toHaveAttribute('data-star-budget', '150000');
      await expect.poll(() => drawnOf(page)).toBeGreaterThan(SOFTWARE_STAR_BUDGET);
      expect(await drawnOf(page)).toBeLessThanOrEqual(150_000);
    });

    test(`fps=${TARGET_FPS[backend]}, which SwiftShader meets with headroom: the budget grows past the default`, async ({ page }) => {
      test.setTimeout(300_000);
      await open(page, backend, `l=0&n=0&fps=${TARGET_FPS[backend]}`, 'npm');
      test.skip(!(await page.evaluate(() => window.galaxyScene!.softwareRasteriser)), 'the adapter is a GPU: its default budget is not the software one');
      await expect(canvasLocator(page)).toHaveAttribute('data-star-budget', String(SOFTWARE_STAR_BUDGET));
      await orbit(page);
      await page.waitForFunction((limit) => Number(window.galaxyScene?.canvas?.dataset.starBudget ?? 0) > limit, SOFTWARE_STAR_BUDGET, { timeout: 180_000 });
      const grown = await budgetOf(page);
      console.log(`${backend}: the budget grew to ${grown} (${await drawnOf(page)} stars drawn)`);
      expect(grown).toBeLessThanOrEqual(NPM_STARS);
    });
  });
}
