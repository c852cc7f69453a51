import type { Page } from 'playwright';
import type { CameraPose } from '../../../src/scene/galaxyView';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';
import type { BenchSuite } from '../run';
import { median, openBenchBrowser } from '../support/benchBrowser';

/** NAMES_BENCH_FRAMES=n frames per block; each case alternates names on and off in NAMES_BENCH_BLOCKS blocks. */
const FRAMES = Number(process.env.NAMES_BENCH_FRAMES ?? 8);
const BLOCKS = Number(process.env.NAMES_BENCH_BLOCKS ?? 3);
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

type View = 'default' | 'flying';

/**
 * In-page source (a string: tsx would wrap named functions in helpers the page does not have).
 * Moves the camera a little every frame, names on or off, and returns the ms between drawn frames.
 */
const FRAME_TIMES_SOURCE = `async ({ view, names, start, frames }) => {
  const scene = window.galaxyScene;
  const canvas = scene.canvas;
  scene.setNamesVisible(names);
  const drawn = () => Number(canvas.dataset.frames ?? 0);
  const nextFrame = (after) => new Promise((resolve) => {
    const tick = () => (drawn() > after ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  });
  const [x, y, z] = start.position;
  // default: a slow drift of the whole view; flying: forward along -Z, 40 units a frame.
  const poseAt = (i) => view === 'default'
    ? { position: [x + i * 3, y, z], orientation: start.orientation }
    : { position: [x, y, z - i * 40], orientation: start.orientation };
  // Warm up: names placed and faded in (or out) before measuring.
  for (let i = 0; i < 12; i++) {
    const before = drawn();
    scene.setCamera(poseAt(i));
    await nextFrame(before);
  }
  const times = [];
  let last = performance.now();
  for (let i = 12; i < frames + 12; i++) {
    const before = drawn();
    scene.setCamera(poseAt(i));
    await nextFrame(before);
    const now = performance.now();
    times.push(now - last);
    last = now;
  }
  return times;
}`;

async function frameTimes(page: Page, view: View, names: boolean, start: CameraPose): Promise<number[]> {
  return page.evaluate(`(${FRAME_TIMES_SOURCE})(${JSON.stringify({ view, names, start, frames: FRAMES })})`) as Promise<number[]>;
}

async function measureBackend(page: Page, origin: string, backend: 'webgpu' | 'webgl2') {
  await page.goto(`${origin}/?renderer=${backend}#/galaxy/npm?l=0`);
  await page.waitForFunction(() => {
    const scene = window.galaxyScene;
    return !!scene?.canvas?.dataset.frames && scene.starPosition(0) !== undefined;
  }, null, { timeout: 120_000 });
  const defaultPose = await page.evaluate(() => window.galaxyScene!.getCamera());
  const flyingPose: CameraPose = { position: [0, 0, 6000], orientation: [0, 0, 0, 1] };
  const result: Record<string, unknown> = { backend: await page.evaluate(() => window.galaxyScene!.backend) };
  for (const view of ['default', 'flying'] as View[]) {
    const start = view === 'default' ? defaultPose : flyingPose;
    const on: number[] = [], off: number[] = [];
    let longestSliceMs = 0, longestPlacementMs = 0, namedAtEnd = 0;
    for (let block = 0; block < BLOCKS; block++) {
      await page.evaluate(() => {
        const stats = window.galaxyScene!.labelWorkStats()!;
        stats.longestSliceMs = 0;
        stats.longestFrameMs = 0;
      });
      on.push(...(await frameTimes(page, view, true, start)));
      const stats = await page.evaluate(() => ({ ...window.galaxyScene!.labelWorkStats()!, named: window.galaxyScene!.namedStars().length }));
      longestSliceMs = Math.max(longestSliceMs, stats.longestSliceMs);
      longestPlacementMs = Math.max(longestPlacementMs, stats.longestFrameMs);
      namedAtEnd = stats.named;
      off.push(...(await frameTimes(page, view, false, start)));
    }
    const onMs = median(on), offMs = median(off);
    result[view] = {
      namesOnMs: round(onMs, 1),
      namesOffMs: round(offMs, 1),
      ratio: round(onMs / offMs),
      namesDrawn: namedAtEnd,
      // Main-thread work the names add: the longest slice between frames (scan, rasterising) and the longest in-frame placement.
      longestLabelSliceMs: round(longestSliceMs, 1),
      longestLabelPlacementMs: round(longestPlacementMs, 1),
      longestLabelTaskMs: round(Math.max(longestSliceMs, longestPlacementMs), 1),
    };
  }
  return result;
}

/**
 * Star names on npm (196k stars): frame time with names on against names off in the same page
 * (blocks alternate), at the default camera and flying through, and the longest main-thread task
 * the names' choice and placement take while flying.
 */
const suite: BenchSuite = {
  name: 'names',
  async run() {
    if (!haveSharedGalaxies) return { skipped: sharedGalaxiesMissingReason };
    const browser = await openBenchBrowser(['index.html'], { webgpu: true });
    try {
      const results: Record<string, unknown> = {
        note:
          'SwiftShader (CPU) rasteriser; compare ratios, not absolute times. Viewport 1280x800, npm, links off. ' +
          'default: the whole-galaxy start view drifting 3 units a frame; flying: from (0,0,6000) forward 40 units a frame. ' +
          `Median ms between drawn frames over ${BLOCKS} alternating blocks of ${FRAMES} frames.`,
        targets: { ratioAtMost: 1.15, longestLabelTaskMsUnder: 8 },
      };
      for (const backend of ['webgpu', 'webgl2'] as const) {
        try {
          results[backend] = await measureBackend(browser.page, browser.origin, backend);
        } catch (error) {
          results[backend] = { error: error instanceof Error ? error.message : String(error) };
        }
      }
      return results;
    } finally {
      await browser.close();
    }
  },
};

export default suite;
