import type { Page } from 'playwright';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';
import type { BenchSuite } from '../run';
import { median, openBenchBrowser } from '../support/benchBrowser';

const ROUNDS = 3;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

declare global {
  interface Window {
    frameGaps?: { longest: number; frames: number; running: boolean };
  }
}

/**
 * Starts recording the longest gap between animation frames in the page. A string, not a function:
 * tsx names inner functions with a helper the page does not have.
 */
const START_GAPS = `(() => {
  const gaps = { longest: 0, frames: 0, running: true };
  window.frameGaps = gaps;
  let last = performance.now();
  const tick = (now) => {
    gaps.longest = Math.max(gaps.longest, now - last);
    gaps.frames++;
    last = now;
    if (gaps.running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

async function startGaps(page: Page): Promise<void> {
  await page.evaluate(START_GAPS);
}

async function stopGaps(page: Page): Promise<{ longest: number; frames: number }> {
  return page.evaluate(() => {
    window.frameGaps!.running = false;
    return { longest: window.frameGaps!.longest, frames: window.frameGaps!.frames };
  });
}

/**
 * Search responsiveness on both backends: the longest gap between animation frames while the search
 * box matches "." against npm's 195,689 names (the worker must keep the page drawing, and the
 * highlight of every star must reach the GPU without stalling it), next to the longest gap of the
 * same page sitting idle for as long, measured in the same run. The targets: a frame at least every
 * 100 ms, and WebGPU's gap no more than 1.5x WebGL2's.
 */
const suite: BenchSuite = {
  name: 'search',
  async run() {
    if (!haveSharedGalaxies) return { skipped: sharedGalaxiesMissingReason };
    const browser = await openBenchBrowser(['index.html'], { webgpu: true });
    try {
      const webgl2 = await searchGaps(browser.page, browser.origin, 'webgl2');
      const webgpu = await searchGaps(browser.page, browser.origin, 'webgpu');
      return {
        note: 'Longest gap between animation frames (ms) while "." is searched on npm, and idle for as long, on SwiftShader, median of rounds; ratio = search / idle.',
        rounds: ROUNDS,
        webgl2,
        webgpu,
        webgpuSearchGapOverWebgl2: round(webgpu.searchLongestGapMs / Math.max(webgl2.searchLongestGapMs, 1), 2),
        targets: { searchLongestGapUnderMs: 100, webgpuSearchGapAtMostTimesWebgl2: 1.5 },
      };
    } finally {
      await browser.close();
    }
  },
};

/** The longest frame gaps of one backend, searching and idle. */
async function searchGaps(page: Page, origin: string, backend: 'webgl2' | 'webgpu') {
  await page.goto(`${origin}/index.html?renderer=${backend}#/galaxy/npm`);
  await page.getByTestId('galaxy-stats').filter({ hasText: '195,689 stars' }).waitFor({ timeout: 240_000 });
  await page.keyboard.press('KeyK');
  // The scene finishes its own work after loading (links, spatial index): measure once it is quiet.
  await page.waitForFunction(() => window.galaxyScene?.spatialIndexReady === true, null, { timeout: 120_000 });
  const box = page.getByPlaceholder('enter a search term');
  await box.focus();
  const searchGaps: number[] = [];
  const idleGaps: number[] = [];
  let frames = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = Date.now();
    await startGaps(page);
    await page.keyboard.type('.');
    const results = page.locator('[data-window-key="search-results"]');
    await results.getByRole('listitem').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(300);
    const search = await stopGaps(page);
    const searchDuration = Date.now() - started;
    searchGaps.push(search.longest);
    frames += search.frames;
    // A pattern that matches nothing closes the results, so the next round starts as the first.
    await box.fill('no such name anywhere');
    await results.waitFor({ state: 'detached', timeout: 60_000 });
    await box.fill('');
    await page.waitForTimeout(500);

    // The baseline: the same page, idle for as long as the search took.
    await startGaps(page);
    await page.waitForTimeout(searchDuration);
    idleGaps.push((await stopGaps(page)).longest);
  }
  const searchMs = median(searchGaps);
  const idleMs = median(idleGaps);
  return {
    searchLongestGapMs: round(searchMs),
    searchGapsMs: searchGaps.map((gap) => round(gap)),
    idleLongestGapMs: round(idleMs),
    ratio: round(searchMs / Math.max(idleMs, 1), 2),
    framesWhileSearching: frames,
  };
}

export default suite;
