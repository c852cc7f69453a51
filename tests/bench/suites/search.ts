import type { Page } from 'playwright';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';
import type { BenchSuite } from '../run';
import { median, openBenchBrowser } from '../support/benchBrowser';

const ROUNDS = 3;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

declare global {
  interface Window {
    frameGaps?: { longest: number; frames: number; running: boolean; last: number };
    gpuCalls?: Record<string, number>;
  }
}

/**
 * Starts recording the longest gap between animation frames in the page. A string, not a function:
 * tsx names inner functions with a helper the page does not have.
 */
const START_GAPS = `(() => {
  const gaps = { longest: 0, frames: 0, running: true, last: performance.now() };
  window.frameGaps = gaps;
  const tick = (now) => {
    gaps.longest = Math.max(gaps.longest, now - gaps.last);
    gaps.frames++;
    gaps.last = now;
    if (gaps.running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

/**
 * Counts what the page gives the GPU, by call (WebGPU's queue writes and submits, pipelines,
 * textures and bind groups made; WebGL2's buffer and texture uploads): what a search hands the GPU,
 * a figure the machine's load does not move.
 */
const COUNT_GPU_CALLS = `(() => {
  window.gpuCalls = {};
  const count = (proto, names, prefix) => {
    for (const name of names) {
      const original = proto?.[name];
      if (!original) continue;
      proto[name] = function (...args) {
        window.gpuCalls[prefix + name] = (window.gpuCalls[prefix + name] ?? 0) + 1;
        return original.apply(this, args);
      };
    }
  };
  count(globalThis.GPUQueue?.prototype, ['writeBuffer', 'writeTexture', 'copyExternalImageToTexture', 'submit'], 'queue.');
  count(globalThis.GPUDevice?.prototype, ['createRenderPipeline', 'createComputePipeline', 'createShaderModule', 'createTexture', 'createBuffer', 'createBindGroup'], 'device.');
  count(globalThis.WebGL2RenderingContext?.prototype, ['bufferSubData', 'bufferData', 'texImage2D', 'texSubImage2D', 'linkProgram', 'drawArrays', 'drawArraysInstanced'], 'gl.');
})()`;

async function startGaps(page: Page): Promise<void> {
  await page.evaluate(START_GAPS);
}

async function stopGaps(page: Page): Promise<{ longest: number; frames: number }> {
  // The gap still open when the recording stops counts too: a page that drew no frame at all had one gap.
  return page.evaluate(() => {
    const gaps = window.frameGaps!;
    gaps.running = false;
    return { longest: Math.max(gaps.longest, performance.now() - gaps.last), frames: gaps.frames };
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
  await page.addInitScript(COUNT_GPU_CALLS);
  await page.goto(`${origin}/index.html?renderer=${backend}#/galaxy/npm`);
  // The whole graph in, every star drawn or within the star budget.
  await page
    .locator('[data-testid="galaxy-stats"], [data-testid="galaxy-stats-streaming"]')
    .filter({ hasText: /195,689 stars( drawn)? · 473,907 links$/ })
    .waitFor({ timeout: 240_000 });
  await page.keyboard.press('KeyK');
  // The scene finishes its own work after loading (links, spatial index): measure once it is quiet.
  await page.waitForFunction(() => window.galaxyScene?.spatialIndexReady === true, null, { timeout: 120_000 });
  const box = page.getByPlaceholder('enter a search term');
  await box.focus();
  const searchGaps: number[] = [];
  const idleGaps: number[] = [];
  let gpuCalls: Record<string, number> = {};
  let frames = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = Date.now();
    await page.evaluate(() => (window.gpuCalls = {}));
    await startGaps(page);
    await page.keyboard.type('.');
    const results = page.locator('[data-window-key="search-results"]');
    await results.getByRole('listitem').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(300);
    const search = await stopGaps(page);
    const searchDuration = Date.now() - started;
    gpuCalls = await page.evaluate(() => window.gpuCalls ?? {});
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
    gpuCallsInLastSearch: gpuCalls,
  };
}

export default suite;
