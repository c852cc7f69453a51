import type { Browser } from 'playwright';
import { FIRST_STARS_MARK } from '../../../src/boot/firstStarsMark';
import { haveSharedGalaxies, sharedGalaxiesDir, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';
import type { BenchSuite } from '../run';
import { openOriginalNpm, serveOriginalViewer, type OriginalOpening, type OriginalViewerServer } from '../baseline/originalViewer';
import { ORIGINAL_VIEWER_LAST_MEASURED } from '../baseline/originalViewerMeasured';
import { median, openBenchBrowser } from '../support/benchBrowser';
import { FIRST_STARS_GPU_DONE } from '../support/firstStarsGpuDone';
import { plainRendererMemory, type RendererMemory } from '../support/plainRendererMemory';

/** FIRSTFRAME_BENCH_ROUNDS=n opens npm n times per backend and per path. */
const ROUNDS = Number(process.env.FIRSTFRAME_BENCH_ROUNDS ?? 3);
const round = (value: number, digits = 0) => Number(value.toFixed(digits));
/** A build of the original viewer (scripts/build-original-viewer.sh); without it the original is not opened. */
const ORIGINAL_VIEWER_DIR = process.env.ORIGINAL_VIEWER_DIR;

interface Opening {
  /** Navigation start to the first frame with stars in it submitted: the entry's painting of positions.bin where it drew one, else the scene's. */
  firstStarFrameMs: number;
  /** Navigation start to the whole graph in (stats line shown: degrees, windows and search work). */
  interactiveMs: number;
  /** Navigation start to the entry's first star frame done on the GPU (undefined when the entry drew none). */
  firstStarFrameGpuDoneMs: number | undefined;
}

interface Network {
  name: string;
  /** Chromium's network emulation (shared by the page and its workers); none: loopback as is. */
  link?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}

/** Loopback, and a 40 Mbit/s link with 40 ms latency, as a visitor on ordinary broadband gets. */
const ALL_NETWORKS: Network[] = [
  { name: 'loopback' },
  { name: 'broadband40Mbit', link: { latency: 40, downloadThroughput: (40e6 / 8), uploadThroughput: (10e6 / 8) } },
];
/** FIRSTFRAME_BENCH_NETWORKS=loopback (comma-separated names) runs only those links. */
const NETWORKS = process.env.FIRSTFRAME_BENCH_NETWORKS
  ? ALL_NETWORKS.filter((network) => process.env.FIRSTFRAME_BENCH_NETWORKS?.split(',').includes(network.name))
  : ALL_NETWORKS;

/** FIRSTFRAME_BENCH_BACKENDS=webgpu (comma-separated) opens only those backends; FIRSTFRAME_BENCH_MEMORY=0 skips the memory openings. */
const BACKENDS = (['webgl2', 'webgpu'] as const).filter((backend) => !process.env.FIRSTFRAME_BENCH_BACKENDS || process.env.FIRSTFRAME_BENCH_BACKENDS.split(',').includes(backend));
const MEASURE_MEMORY = process.env.FIRSTFRAME_BENCH_MEMORY !== '0';

const summarise = (values: number[]) => ({ medianMs: round(median(values)), rangeMs: [round(Math.min(...values)), round(Math.max(...values))] });

/** The original's first star frame in the same rounds as ours, and ours / the original's (below 1: ours first). */
function againstOriginal(ours: Opening[], original: OriginalOpening[]) {
  const oursMs = median(ours.map((o) => o.firstStarFrameMs));
  const oursGpuDone = ours.map((o) => o.firstStarFrameGpuDoneMs).filter((ms): ms is number => ms !== undefined);
  const drawn = summarise(original.map((o) => o.firstPointsDrawMs));
  const finished = summarise(original.map((o) => o.firstPointsFinishedMs));
  return {
    originalFirstPointsDraw: drawn,
    originalFirstPointsGpuDone: finished,
    oursOverOriginalDraw: round(oursMs / drawn.medianMs, 2),
    // Both done on the GPU, over the openings where the entry drew the first stars (all, normally).
    oursGpuDone: oursGpuDone.length > 0 ? { ...summarise(oursGpuDone), openings: oursGpuDone.length } : undefined,
    oursOverOriginalGpuDone: oursGpuDone.length > 0 ? round(median(oursGpuDone) / finished.medianMs, 2) : undefined,
    // Per opening, done minus submitted: what the GPU (and the page's main thread, which hears of it) added to ours.
    oursDoneAfterSubmitted: oursGpuDone.length > 0 ? summarise(ours.flatMap((o) => (o.firstStarFrameGpuDoneMs === undefined ? [] : [o.firstStarFrameGpuDoneMs - o.firstStarFrameMs]))) : undefined,
  };
}

/**
 * Opens the real viewer on npm in a fresh browser context (cold HTTP cache) and reads, on the page's
 * own clock (0 = navigation start), when the first star frame was submitted and when the whole
 * graph was in.
 */
async function openNpm(browser: Browser, origin: string, backend: 'webgpu' | 'webgl2', streaming: boolean, network: Network): Promise<Opening> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    if (network.link) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network.link });
    }
    // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
    // The whole graph is in: the stats line without anything streaming (a galaxy drawn within its
    // star budget keeps the line that says how many of its stars are drawn, ending with its links).
    await page.addInitScript(`
      new MutationObserver(() => {
        if (window.interactiveAt !== undefined) return;
        const within = document.querySelector('[data-testid="galaxy-stats-streaming"]');
        if (document.querySelector('[data-testid="galaxy-stats"]') || / links?$/.test(within?.textContent ?? '')) window.interactiveAt = performance.now();
      }).observe(document, { subtree: true, childList: true, characterData: true });
    `);
    await page.addInitScript(FIRST_STARS_GPU_DONE);
    await page.goto(`${origin}/index.html?renderer=${backend}${streaming ? '' : '&stream=0'}#/galaxy/npm`);
    const handle = await page.waitForFunction(
      (firstStarsMark) => {
        const w = window as unknown as { interactiveAt?: number; galaxyScene?: { firstStarFrameAt?: number } };
        const scene = w.galaxyScene?.firstStarFrameAt;
        const first = performance.getEntriesByName(firstStarsMark)[0]?.startTime ?? scene;
        return scene !== undefined && first !== undefined && w.interactiveAt !== undefined ? { first, interactive: w.interactiveAt } : false;
      },
      FIRST_STARS_MARK,
      { timeout: 180_000 },
    );
    const { first, interactive } = (await handle.jsonValue()) as { first: number; interactive: number };
    const gpuDone = await page.evaluate(() => (window as unknown as { firstStarsGpuDoneAt?: number }).firstStarsGpuDoneAt);
    return { firstStarFrameMs: first, interactiveMs: interactive, firstStarFrameGpuDoneMs: gpuDone };
  } finally {
    await context.close();
  }
}

/**
 * npm (196k stars) from navigation to its first star frame and to interactive, drawing stars as
 * soon as positions.bin is decoded (ours) against the whole-file path that waits for positions,
 * links and labels (`stream=0`, the viewer's behaviour before), alternating the two in one run;
 * then the renderer process's memory once npm opened each way.
 *
 * With ORIGINAL_VIEWER_DIR naming a build of the original viewer (anvaka/pm, made by
 * `scripts/build-original-viewer.sh <pm> <unrender> <dir>`), each round also opens the original on
 * the same npm over the same link, in a fresh context like ours; its first star frame is its first
 * WebGL1 draw of points (time at the call, and after gl.finish()), ours the first frame with stars
 * submitted and that frame done on the GPU (FIRST_STARS_GPU_DONE); the ratios ours / original are
 * given per backend (our WebGL2 and WebGPU, its WebGL1), submitted against its draw call and GPU-done
 * against GPU-done.
 * Without it the report says the original was not run and shows its last measured figure.
 */
const suite: BenchSuite = {
  name: 'firstframe',
  async run() {
    if (!haveSharedGalaxies) return { skipped: sharedGalaxiesMissingReason };
    const bench = await openBenchBrowser(['index.html'], { webgpu: true });
    let original: OriginalViewerServer | undefined;
    try {
      if (ORIGINAL_VIEWER_DIR) original = await serveOriginalViewer(ORIGINAL_VIEWER_DIR, sharedGalaxiesDir);
      const { browser } = bench;
      const results: Record<string, unknown> = {
        note:
          'Production build on Vite preview over loopback, headless Chromium on SwiftShader, fresh context (cold HTTP cache) per ' +
          'opening. ms from navigation start on the page clock; speedup = whole-file ms / streaming ms.',
        rounds: ROUNDS,
      };
      for (const network of NETWORKS) {
        const byBackend: Record<string, unknown> = {};
        for (const backend of BACKENDS) {
          await openNpm(browser, bench.origin, backend, true, network); // warm the server, the disk cache and the compiler
          if (original) await openOriginalNpm(browser, original.origin, network.link);
          const ours: Opening[] = [];
          const whole: Opening[] = [];
          const originals: OriginalOpening[] = [];
          for (let i = 0; i < ROUNDS; i++) {
            ours.push(await openNpm(browser, bench.origin, backend, true, network));
            whole.push(await openNpm(browser, bench.origin, backend, false, network));
            if (original) originals.push(await openOriginalNpm(browser, original.origin, network.link));
          }
          const summary = (key: 'firstStarFrameMs' | 'interactiveMs') => {
            const streamingMs = median(ours.map((o) => o[key]));
            const wholeFileMs = median(whole.map((o) => o[key]));
            return {
              streamingMs: round(streamingMs),
              wholeFileMs: round(wholeFileMs),
              speedup: round(wholeFileMs / streamingMs, 2),
              streamingRangeMs: [round(Math.min(...ours.map((o) => o[key]))), round(Math.max(...ours.map((o) => o[key])))],
              wholeFileRangeMs: [round(Math.min(...whole.map((o) => o[key]))), round(Math.max(...whole.map((o) => o[key])))],
            };
          };
          byBackend[backend] = {
            firstStarFrame: summary('firstStarFrameMs'),
            interactive: summary('interactiveMs'),
            ...(original ? { originalViewer: againstOriginal(ours, originals) } : {}),
          };
        }
        results[network.name] = byBackend;
      }
      // What classic npm costs the renderer process once open, streamed and whole-file, as a visitor pays it (no Playwright).
      const memory: Record<string, RendererMemory> = {};
      for (const backend of MEASURE_MEMORY ? BACKENDS : []) {
        for (const streaming of [true, false]) {
          memory[`${backend}${streaming ? 'Streaming' : 'WholeFile'}`] = await plainRendererMemory(`${bench.origin}/index.html?renderer=${backend}${streaming ? '' : '&stream=0'}#/galaxy/npm`, { webgpu: true });
        }
      }
      results.classicRendererMemory = memory;
      if (!original) {
        results.originalViewer = {
          notRun: 'ORIGINAL_VIEWER_DIR is not set: the original viewer was not opened in this run (build it with scripts/build-original-viewer.sh)',
          lastMeasured: ORIGINAL_VIEWER_LAST_MEASURED,
        };
      }
      results.targets = { note: "issue 10's 5x first-frame target is for tiled npm; classic npm can only gain the time links and labels take" };
      return results;
    } finally {
      await original?.close();
      await bench.close();
    }
  },
};

export default suite;
