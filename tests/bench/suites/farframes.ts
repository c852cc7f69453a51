import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright';
import { haveSharedGalaxies, sharedGalaxiesDir, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';
import type { BenchSuite } from '../run';
import { orbitAndTime, originalFarFrames, serveOriginalViewer, type FarFrames, type FarOrbit } from '../baseline/originalViewer';
import { median, openBenchBrowser } from '../support/benchBrowser';
import { percentile } from '../support/frameWork';

/** FAR_FRAMES_BENCH_ROUNDS=n: n interleaved rounds (ours on WebGL2, ours on WebGPU, the original). */
const ROUNDS = Number(process.env.FAR_FRAMES_BENCH_ROUNDS ?? 3);
/** A build of the original viewer (scripts/build-original-viewer.sh); without it the suite does not run. */
const ORIGINAL_VIEWER_DIR = process.env.ORIGINAL_VIEWER_DIR;
/** FAR_FRAMES_SCREENSHOTS=<folder>: one screenshot per viewer at the far camera (the first round's, at the orbit's end). */
const SCREENSHOTS = process.env.FAR_FRAMES_SCREENSHOTS;
/** Both viewers rest this long after everything is in before the camera moves. */
const SETTLE_MS = 2000;
/**
 * The far camera's distance from the galaxy's centre, on both. Our whole-galaxy view stands back far
 * enough for npm's bounding sphere (radius about 28000, its outlying stars: 76843 away), beyond the
 * original's far plane (20000), where the original draws nothing; 15000 away, 45° of view shows
 * 12400 units top to bottom at the centre (1280x800), npm's bulk whole, in both, with the original's far plane 5000
 * behind the centre (its outliers beyond are not drawn; ours are, within its star budget).
 */
const FAR_DISTANCE = 15000;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

type Viewer = 'webgl2' | 'webgpu' | 'original';

/**
 * Opens ours on classic npm (as firstframe does) in a fresh context, waits until the whole graph is in
 * (the stats line), lets it settle, and orbits at `orbit` (or, without one, reads the whole-galaxy
 * view it opened at and returns that as the orbit to use).
 */
async function oursFarFrames(browser: Browser, origin: string, backend: 'webgl2' | 'webgpu', orbit: FarOrbit | undefined, screenshot?: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/index.html?renderer=${backend}#/galaxy/npm`);
    await page.waitForFunction(
      () => {
        const scene = (window as unknown as { galaxyScene?: { canvas?: HTMLCanvasElement } }).galaxyScene;
        // The whole graph is in: the stats line without anything streaming, or the one that says how many stars are drawn, ending with its links (as firstframe reads it).
        const within = document.querySelector('[data-testid="galaxy-stats-streaming"]');
        const allIn = document.querySelector('[data-testid="galaxy-stats"]') !== null || / links?$/.test(within?.textContent ?? '');
        return Number(scene?.canvas?.dataset.stars ?? 0) > 0 && allIn;
      },
      undefined,
      { timeout: 180_000 },
    );
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Escape'); // any key closes the help over the galaxy, in both viewers
    await page.waitForTimeout(SETTLE_MS);
    // The whole-galaxy view (no camera keys in the address) looks down -Z at a galaxy laid out around z = 0.
    const start = await page.evaluate(() => window.galaxyScene!.getCamera());
    const wholeGalaxy: FarOrbit = {
      centre: [start.position[0], start.position[1], 0],
      distance: FAR_DISTANCE,
      degreesPerSecond: 6,
      warmMs: 1000,
      measureMs: 8000,
    };
    const frames = await orbitAndTime(page, orbit ?? wholeGalaxy);
    if (screenshot) await page.screenshot({ path: screenshot });
    return { frames, wholeGalaxy, startOrientation: start.orientation };
  } finally {
    await context.close();
  }
}

const figures = (intervals: number[]) => ({
  frames: intervals.length,
  medianMs: round(median(intervals)),
  p95Ms: round(percentile(intervals, 0.95)),
});

/**
 * Frame intervals at a far camera (issue 27): ours on WebGL2 and WebGPU against the original viewer
 * (anvaka/pm, WebGL1) on classic npm over loopback. Each viewer opens in a fresh context at the
 * same pose, looking at the centre of our whole-galaxy view (the original gets it through its own address keys cx..lw, the
 * same coordinates ours reads) 15000 from its centre (FAR_DISTANCE says why not further), with the same 45° field of view (both cameras' default), the same
 * 1280x800 canvas, links shown and the help closed (Escape); once everything is in and 2 s of rest, the camera orbits the
 * galaxy's centre at 6°/s for 1 s unrecorded and 8 s recorded (the original redraws every frame,
 * ours only on change: moving, both draw every frame), and requestAnimationFrame intervals are
 * kept. Rounds interleave the three viewers. Needs ORIGINAL_VIEWER_DIR; without it, not run.
 */
const suite: BenchSuite = {
  name: 'farframes',
  async run() {
    if (!haveSharedGalaxies) return { skipped: sharedGalaxiesMissingReason };
    if (!ORIGINAL_VIEWER_DIR) {
      return { notRun: 'ORIGINAL_VIEWER_DIR is not set: this comparison with the original viewer was not run (build it with scripts/build-original-viewer.sh)' };
    }
    const bench = await openBenchBrowser(['index.html'], { webgpu: true });
    const original = await serveOriginalViewer(ORIGINAL_VIEWER_DIR, sharedGalaxiesDir);
    try {
      const { browser } = bench;
      if (SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
      const shot = (viewer: Viewer, i: number) => (SCREENSHOTS && i === 0 ? path.join(SCREENSHOTS, `farframes-${viewer}.png`) : undefined);
      // Warm the server, the disk cache and the compiler; the first opening gives the pose every round uses.
      const { wholeGalaxy, startOrientation } = await oursFarFrames(browser, bench.origin, 'webgl2', undefined);
      await originalFarFrames(browser, original.origin, wholeGalaxy, SETTLE_MS);
      const byViewer: Record<Viewer, FarFrames[]> = { webgl2: [], webgpu: [], original: [] };
      const loadAverages: number[][] = [];
      for (let i = 0; i < ROUNDS; i++) {
        loadAverages.push(os.loadavg().map((l) => round(l, 1)));
        byViewer.webgl2.push((await oursFarFrames(browser, bench.origin, 'webgl2', wholeGalaxy, shot('webgl2', i))).frames);
        byViewer.webgpu.push((await oursFarFrames(browser, bench.origin, 'webgpu', wholeGalaxy, shot('webgpu', i))).frames);
        byViewer.original.push(await originalFarFrames(browser, original.origin, wholeGalaxy, SETTLE_MS, shot('original', i)));
      }
      loadAverages.push(os.loadavg().map((l) => round(l, 1)));
      const pooled = (viewer: Viewer) => byViewer[viewer].flatMap((f) => f.intervalsMs);
      const perViewer = (viewer: Viewer) => ({
        ...figures(pooled(viewer)),
        perRound: byViewer[viewer].map((f) => ({ ...figures(f.intervalsMs), framesDrawn: f.framesDrawn, starsDrawn: f.starsDrawn })),
        canvas: byViewer[viewer][0]?.canvas,
      });
      const originalFigures = figures(pooled('original'));
      const against = (viewer: 'webgl2' | 'webgpu') => {
        const ours = figures(pooled(viewer));
        const perRound = byViewer[viewer].map((f, i) => round(median(f.intervalsMs) / median(byViewer.original[i].intervalsMs), 2));
        return { median: round(ours.medianMs / originalFigures.medianMs, 2), p95: round(ours.p95Ms / originalFigures.p95Ms, 2), medianPerRound: perRound };
      };
      return {
        note:
          'Production build on Vite preview and the original served alike, loopback, headless Chromium on SwiftShader, fresh context per ' +
          'opening, 1280x800. Intervals between requestAnimationFrame timestamps while orbiting; ratio below 1: ours shorter.',
        rounds: ROUNDS,
        loadAverage1m5m15mAtEachRound: loadAverages,
        pose: { ...wholeGalaxy, startOrientation, fieldOfViewDegrees: 45 },
        webgl2: perViewer('webgl2'),
        webgpu: perViewer('webgpu'),
        original: perViewer('original'),
        oursOverOriginal: { webgl2: against('webgl2'), webgpu: against('webgpu') },
      };
    } finally {
      await original.close();
      await bench.close();
    }
  },
};

export default suite;
