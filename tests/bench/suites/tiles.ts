/**
 * Streaming tiled galaxies (issue 10): generated galaxies of 100k, 1M and 10M stars opened by the
 * real viewer at its default star budget on both backends, and npm tiled against its classic files.
 * Per galaxy: navigation to the first star frame and to interactive (median of ROUNDS fresh
 * openings, taken in turns across the galaxies), then one opening that streams until the drawn
 * stars settle and flies a fixed camera path, timing every frame and sampling the tab's memory
 * (main-thread JS heap and GPU buffers) throughout. Targets: first frame within 1.5x from 100k to
 * 10M, frame time flat in N (ratios to 100k), memory flat beyond the budget (ratios to 1M), tiled
 * npm's first frame 5x sooner than its whole-file load, over loopback and over two emulated links.
 *
 * The default budget here is a software rasteriser's (SwiftShader); 1M and 10M are flown again at
 * the budget a hardware adapter would get on this device, passed as `budget=` with a shorter flight
 * (TILES_BENCH_HARDWARE_FLIGHT_STEPS), so that the figure for hardware-like budgets stays measured.
 *
 * BENCH_TILES_SIZES=100k,1m,10m picks the generated galaxies (10M costs ~3 min of CPU and ~1.5 GB
 * to generate and tile, once: they stay in E2E_TILED_DIR, beside the end-to-end tests' ones);
 * TILES_BENCH_ROUNDS, TILES_BENCH_FLIGHT_STEPS and TILES_BENCH_SETTLE_S tune the run; BENCH_TILES_NPM=0 leaves
 * npm out. npm alone, on one link: BENCH_TILES_SIZES= (empty) TILES_BENCH_NETWORKS=broadband40Mbit40ms
 * (names of NETWORKS, comma-separated; all by default).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { FIRST_STARS_MARK } from '../../../src/boot/firstStarsMark';
import { budgetWithStars, defaultBudget, deviceHints, SOFTWARE_STAR_BUDGET } from '../../../src/tiles/planner/budgets';
import { E2E_TILED_DIR, ensureHugeGalaxy, npmLastVersion, SYNTHETIC_10M, SYNTHETIC_1M, TILED_NPM } from '../../support/e2eTiledGalaxies';
import { drawnStarsSettled } from '../../support/drawnStars';
import { flightPath, flyAndTime, worldCentre } from '../../support/flightPath';
import { haveSharedGalaxies } from '../../support/sharedGalaxies';
import { GPU_BUFFER_METER, sampleTabMemory, TabMeter, type MemoryPeaks } from '../../support/tabMemory';
import { ensureSyntheticGalaxy, ensureTiledCopy, TEST_VERSION } from '../../support/tiledGalaxies';
import type { BenchSuite } from '../run';
import { median, openBenchBrowser } from '../support/benchBrowser';
import { FIRST_STARS_GPU_DONE } from '../support/firstStarsGpuDone';
import { plainRendererMemory, type RendererMemory } from '../support/plainRendererMemory';

const ROUNDS = Number(process.env.TILES_BENCH_ROUNDS ?? 7);
const FLIGHT_STEPS = Number(process.env.TILES_BENCH_FLIGHT_STEPS ?? 48);
/** The drawn stars count as settled when unchanged for this long (ms), and streaming stops being awaited after SETTLE_LIMIT_MS. */
const SETTLED_FOR_MS = 5_000;
const SETTLE_LIMIT_MS = Number(process.env.TILES_BENCH_SETTLE_S ?? 180) * 1000;
const OPEN_TIMEOUT_MS = 300_000;
const BACKENDS = ['webgl2', 'webgpu'] as const;
/** `budget=` for the second pair of openings, below 1M so that 1M and 10M both exceed it. */
const HARDWARE_FLIGHT_STEPS = Number(process.env.TILES_BENCH_HARDWARE_FLIGHT_STEPS ?? 8);
type Backend = (typeof BACKENDS)[number];

interface Network {
  name: string;
  /** Openings per path (tiled, classic): the slow link's whole-file load takes tens of seconds. */
  rounds: number;
  /** Chromium's network emulation (shared by the page and its workers); none: loopback as is. */
  link?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}

/**
 * Loopback; firstframe's 40 Mbit/s link with 40 ms latency (ordinary broadband); and Lighthouse's
 * simulated mobile figures (its "Slow 4G": 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up)
 * applied as DevTools throttling, which adds the latency to every request.
 */
const NETWORKS: Network[] = [
  { name: 'loopback', rounds: ROUNDS },
  { name: 'broadband40Mbit40ms', rounds: Math.min(ROUNDS, 3), link: { latency: 40, downloadThroughput: 40e6 / 8, uploadThroughput: 10e6 / 8 } },
  { name: 'mobile1.6Mbit150ms', rounds: 1, link: { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 } },
];

interface GeneratedGalaxy {
  key: string;
  name: string;
  stars: number;
  ensure(): Promise<string>;
}

/** 1M is the end-to-end tests' galaxy and 10M the huge-galaxy end-to-end test's, so each is generated once per machine. */
const GENERATED: GeneratedGalaxy[] = [
  { key: '100k', name: 'synthetic-100k', stars: 100_000, ensure: () => ensureSyntheticGalaxy(E2E_TILED_DIR, 'synthetic-100k', 100_000, 3) },
  { key: '1m', name: SYNTHETIC_1M, stars: 1_000_000, ensure: () => ensureSyntheticGalaxy(E2E_TILED_DIR, SYNTHETIC_1M, 1_000_000, 7) },
  { key: '10m', name: SYNTHETIC_10M, stars: 10_000_000, ensure: ensureHugeGalaxy },
];
const wantedNetworks = process.env.TILES_BENCH_NETWORKS?.split(',').filter(Boolean);
const npmWanted = haveSharedGalaxies && process.env.BENCH_TILES_NPM !== '0';
const wantedSizes = (process.env.BENCH_TILES_SIZES ?? '100k,1m,10m').toLowerCase().split(',').filter(Boolean);

const round = (value: number, digits = 0) => Number(value.toFixed(digits));
const mb = (bytes: number) => round(bytes / 2 ** 20, 1);
const ratio = (value: number | undefined, base: number | undefined) => (value !== undefined && base ? round(value / base, 2) : undefined);

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

interface Opening {
  /** Navigation start to the first star frame submitted. */
  firstStarFrameMs: number;
  /** The entry's first star frame done on the GPU (firstframe's measure); undefined where the entry drew none. */
  firstStarFrameGpuDoneMs?: number;
  interactiveMs: number;
  /**
   * When the manifest was requested: what the viewer takes to start (bundle, React, workers) before
   * any galaxy data is asked for, the same for every galaxy; the rest of the first frame is data.
   */
  manifestRequestMs?: number;
  /**
   * When the root tile's last byte came (tiled openings): no painter, however fast, draws before
   * it, so the classic load over this is the most a first star frame could gain on this link.
   */
  rootTileInMs?: number;
}

/** A fresh context (cold HTTP cache) with the GPU buffer meter installed (in every opening, so that all pay for it alike). */
async function openViewer(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(GPU_BUFFER_METER);
  await page.addInitScript(FIRST_STARS_GPU_DONE);
  return { context, page };
}

/**
 * Navigation start to the first star frame (the entry's painting of the root tile, where it drew
 * one, else the scene's) and to the page's `galaxy:interactive` mark, on the page clock.
 */
async function waitForOpening(page: Page): Promise<Opening> {
  const handle = await page.waitForFunction(
    (firstStarsMark) => {
      const scene = (window as unknown as { galaxyScene?: { firstStarFrameAt?: number } }).galaxyScene?.firstStarFrameAt;
      const painted = performance.getEntriesByName(firstStarsMark)[0]?.startTime;
      const mark = performance.getEntriesByName('galaxy:interactive')[0];
      const first = painted ?? scene;
      const done = (window as unknown as { firstStarsGpuDoneAt?: number }).firstStarsGpuDoneAt;
      if (painted !== undefined && done === undefined) return false;
      return scene !== undefined && first !== undefined && mark ? { first, done, interactive: mark.startTime } : false;
    },
    FIRST_STARS_MARK,
    { timeout: OPEN_TIMEOUT_MS, polling: 50 },
  );
  const { first, done, interactive } = (await handle.jsonValue()) as { first: number; done?: number; interactive: number };
  return { firstStarFrameMs: first, firstStarFrameGpuDoneMs: done, interactiveMs: interactive };
}

async function timeOpening(browser: Browser, url: string, network: Network = NETWORKS[0]): Promise<Opening> {
  const { context, page } = await openViewer(browser);
  if (network.link) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network.link });
  }
  let manifestRequestedAt: number | undefined;
  let rootTileInAt: number | undefined;
  // Requests of the page and of its workers (the loader worker asks for the manifest).
  context.on('requestfinished', (request) => {
    const pathname = new URL(request.url()).pathname;
    const timing = request.timing();
    if (manifestRequestedAt === undefined && pathname.endsWith('/manifest.json')) manifestRequestedAt = timing.startTime;
    if (rootTileInAt === undefined && /\/tiles\/stars\/0\.bin(\.gz)?$/.test(pathname)) rootTileInAt = timing.startTime + timing.responseEnd;
  });
  try {
    await page.goto(url);
    const opening = await waitForOpening(page);
    const timeOrigin = Number(await page.evaluate('performance.timeOrigin'));
    return {
      ...opening,
      ...(manifestRequestedAt !== undefined && { manifestRequestMs: manifestRequestedAt - timeOrigin }),
      ...(rootTileInAt !== undefined && { rootTileInMs: rootTileInAt - timeOrigin }),
    };
  } finally {
    await context.close();
  }
}

interface Flight {
  opening: Opening;
  budgetStars: number;
  /** The star budget after the flight (data-star-budget): it follows the frames toward 60 a second unless `budget=` fixes it. */
  budgetAfterFlightStars: number;
  /** What the renderer said of its adapter (the default budget follows it). */
  softwareRasteriser: boolean | undefined;
  streamedStars: number;
  streamSettled: boolean;
  /** Navigation start to the last change of the drawn stars before they settled. */
  streamSettledMs: number;
  frames: { medianMs: number; p95Ms: number; timed: number; undrawn: number; medianStars: number; maxStars: number };
  /** Peaks over streaming and flight (samples every 500 ms; the GPU peak is exact, kept in the page). */
  memory: { mainHeapMB: number; workerHeapMB: number; gpuBuffersMB: number; totalMB: number; gpuBuffersExactPeakMB: number; samples: number };
  /** After the flight, garbage collected in the page and its workers: what the viewer holds. */
  retained: { mainHeapMB: number; workerHeapMB: number; gpuBuffersMB: number; totalMB: number };
}

function galaxyCentre(name: string): [number, number, number] {
  const index = JSON.parse(readFileSync(path.join(E2E_TILED_DIR, name, TEST_VERSION, 'tiles', 'index.json'), 'utf8')) as {
    bounds: { min: number[]; max: number[] };
  };
  return worldCentre(index.bounds);
}

/** One opening that streams to rest, then flies the fixed path, memory sampled throughout. */
async function streamAndFly(browser: Browser, origin: string, backend: Backend, galaxy: GeneratedGalaxy, budget?: number, flightSteps = FLIGHT_STEPS): Promise<Flight> {
  const url = `${origin}/index.html?renderer=${backend}#/galaxy/${galaxy.name}${budget === undefined ? '' : `?budget=${budget}`}`;
  const { context, page } = await openViewer(browser);
  const meter = await TabMeter.attach(page, await context.newCDPSession(page));
  const sampler = sampleTabMemory(meter);
  try {
    await page.goto(url);
    const opening = await waitForOpening(page);
    const hints = (await page.evaluate(
      `({ deviceMemory: navigator.deviceMemory, hardwareConcurrency: navigator.hardwareConcurrency, software: window.galaxyScene.softwareRasteriser })`,
    )) as { deviceMemory?: number; hardwareConcurrency?: number; software?: boolean };
    const budgetStars = budgetWithStars(defaultBudget(deviceHints(backend, hints, hints.software === true)), budget).stars;
    const streamed = await drawnStarsSettled(page, SETTLED_FOR_MS, SETTLE_LIMIT_MS);
    const start = (await page.evaluate(`window.galaxyScene.getCamera().position`)) as [number, number, number];
    const frames = await flyAndTime(page, flightPath(start, galaxyCentre(galaxy.name), flightSteps));
    const budgetAfterFlightStars = Number(await page.evaluate(`window.galaxyScene.canvas.dataset.starBudget`));
    const peaks: MemoryPeaks = await sampler.stop();
    const exactGpuPeak = await meter.gpuBufferPeak();
    const held = await meter.retained();
    return {
      opening: { firstStarFrameMs: round(opening.firstStarFrameMs), interactiveMs: round(opening.interactiveMs) },
      budgetStars,
      budgetAfterFlightStars,
      softwareRasteriser: hints.software,
      streamedStars: streamed.stars,
      streamSettled: streamed.settled,
      streamSettledMs: round(streamed.lastChangeMs),
      frames: {
        medianMs: round(median(frames.frameMs), 1),
        p95Ms: round(percentile(frames.frameMs, 0.95), 1),
        timed: frames.frameMs.length,
        undrawn: frames.undrawn,
        medianStars: median(frames.stars),
        maxStars: Math.max(0, ...frames.stars),
      },
      memory: {
        mainHeapMB: mb(peaks.mainHeapBytes),
        workerHeapMB: mb(peaks.workerHeapBytes),
        gpuBuffersMB: mb(peaks.gpuBufferBytes),
        totalMB: mb(peaks.totalBytes),
        gpuBuffersExactPeakMB: mb(Math.max(exactGpuPeak, peaks.gpuBufferBytes)),
        samples: peaks.samples,
      },
      retained: {
        mainHeapMB: mb(held.mainHeapBytes),
        workerHeapMB: mb(held.workerHeapBytes),
        gpuBuffersMB: mb(held.gpuBufferBytes),
        totalMB: mb(held.mainHeapBytes + held.workerHeapBytes + held.gpuBufferBytes),
      },
    };
  } finally {
    await sampler.stop();
    await context.close();
  }
}

function summariseOpenings(openings: Opening[]) {
  const first = openings.map((o) => o.firstStarFrameMs);
  const done = openings.flatMap((o) => (o.firstStarFrameGpuDoneMs === undefined ? [] : [o.firstStarFrameGpuDoneMs]));
  const interactive = openings.map((o) => o.interactiveMs);
  const manifest = openings.flatMap((o) => (o.manifestRequestMs === undefined ? [] : [o.manifestRequestMs]));
  const afterManifest = openings.flatMap((o) => (o.manifestRequestMs === undefined ? [] : [o.firstStarFrameMs - o.manifestRequestMs]));
  const rootTileIn = openings.flatMap((o) => (o.rootTileInMs === undefined ? [] : [o.rootTileInMs]));
  return {
    firstStarFrameMs: round(median(first)),
    firstStarFrameRangeMs: [round(Math.min(...first)), round(Math.max(...first))],
    ...(done.length > 0 && { firstStarFrameGpuDoneMs: round(median(done)), firstStarFrameGpuDoneRangeMs: [round(Math.min(...done)), round(Math.max(...done))] }),
    interactiveMs: round(median(interactive)),
    interactiveRangeMs: [round(Math.min(...interactive)), round(Math.max(...interactive))],
    ...(manifest.length > 0 && {
      manifestRequestMs: round(median(manifest)),
      firstStarFrameAfterManifestMs: round(median(afterManifest)),
    }),
    ...(rootTileIn.length > 0 && { rootTileInMs: round(median(rootTileIn)) }),
  };
}

type GalaxyFigures = { openings: ReturnType<typeof summariseOpenings>; flight: Flight };

const perStar = (figures: GalaxyFigures | undefined) => (figures ? figures.flight.frames.medianMs / Math.max(1, figures.flight.frames.medianStars) : undefined);

/** The ratios the issue's targets are stated in, per backend. */
function ratios(figures: Record<string, GalaxyFigures | undefined>) {
  const at = (key: string) => figures[key];
  return {
    firstStarFrame: {
      '1m/100k': ratio(at('1m')?.openings.firstStarFrameMs, at('100k')?.openings.firstStarFrameMs),
      '10m/100k': ratio(at('10m')?.openings.firstStarFrameMs, at('100k')?.openings.firstStarFrameMs),
      target: '10m/100k <= 1.5',
    },
    firstStarFrameAfterManifest: {
      '1m/100k': ratio(at('1m')?.openings.firstStarFrameAfterManifestMs, at('100k')?.openings.firstStarFrameAfterManifestMs),
      '10m/100k': ratio(at('10m')?.openings.firstStarFrameAfterManifestMs, at('100k')?.openings.firstStarFrameAfterManifestMs),
    },
    interactive: {
      '1m/100k': ratio(at('1m')?.openings.interactiveMs, at('100k')?.openings.interactiveMs),
      '10m/100k': ratio(at('10m')?.openings.interactiveMs, at('100k')?.openings.interactiveMs),
    },
    frameTime: {
      '1m/100k': ratio(at('1m')?.flight.frames.medianMs, at('100k')?.flight.frames.medianMs),
      '10m/100k': ratio(at('10m')?.flight.frames.medianMs, at('100k')?.flight.frames.medianMs),
      '10m/1m': ratio(at('10m')?.flight.frames.medianMs, at('1m')?.flight.frames.medianMs),
      /** Below the budget every star is drawn, so frame time follows N; this says whether the cost per drawn star stays. */
      perDrawnStar: {
        '1m/100k': ratio(perStar(at('1m')), perStar(at('100k'))),
        '10m/100k': ratio(perStar(at('10m')), perStar(at('100k'))),
      },
      target: 'flat in N (about 1) once N passes the budget; below it frame time follows the stars drawn',
    },
    memory: {
      '10m/1m': ratio(at('10m')?.flight.memory.totalMB, at('1m')?.flight.memory.totalMB),
      '10m/1m mainHeap': ratio(at('10m')?.flight.memory.mainHeapMB, at('1m')?.flight.memory.mainHeapMB),
      '10m/1m workerHeap': ratio(at('10m')?.flight.memory.workerHeapMB, at('1m')?.flight.memory.workerHeapMB),
      '10m/1m gpuBuffers': ratio(at('10m')?.flight.memory.gpuBuffersExactPeakMB, at('1m')?.flight.memory.gpuBuffersExactPeakMB),
      '10m/1m retained': ratio(at('10m')?.flight.retained.totalMB, at('1m')?.flight.retained.totalMB),
      target: 'flat beyond the budget (about 1)',
    },
  };
}

/** The star budget a hardware adapter would get on this device (the page's own hints), for `budget=`. */
async function hardwareBudget(browser: Browser, backend: Backend): Promise<number> {
  const page = await browser.newPage();
  try {
    const hints = (await page.evaluate(`({ deviceMemory: navigator.deviceMemory, hardwareConcurrency: navigator.hardwareConcurrency })`)) as {
      deviceMemory?: number;
      hardwareConcurrency?: number;
    };
    return defaultBudget(deviceHints(backend, hints, false)).stars;
  } finally {
    await page.close();
  }
}

/** Tiled npm's first star frame and interactive against the classic whole-file load of the same folder (`tiles=0&stream=0`). */
async function npmTiledAgainstClassic(browser: Browser, origin: string, backend: Backend, network: Network) {
  const tiledUrl = `${origin}/index.html?renderer=${backend}#/galaxy/${TILED_NPM}`;
  const classicUrl = `${origin}/index.html?renderer=${backend}&tiles=0&stream=0#/galaxy/${TILED_NPM}`;
  const tiled: Opening[] = [];
  const classic: Opening[] = [];
  for (let i = 0; i < network.rounds; i++) {
    tiled.push(await timeOpening(browser, tiledUrl, network));
    classic.push(await timeOpening(browser, classicUrl, network));
  }
  const t = summariseOpenings(tiled);
  const c = summariseOpenings(classic);
  return {
    rounds: network.rounds,
    tiled: t,
    classicWholeFile: c,
    firstStarFrameSpeedup: round(c.firstStarFrameMs / t.firstStarFrameMs, 2),
    /** The most any tiled first frame could gain here: the classic load over the root tile's arrival. */
    firstStarFrameSpeedupCeiling: t.rootTileInMs ? round(c.firstStarFrameMs / t.rootTileInMs, 2) : undefined,
    firstStarFrameAfterManifestSpeedup:
      c.firstStarFrameAfterManifestMs !== undefined && t.firstStarFrameAfterManifestMs ? round(c.firstStarFrameAfterManifestMs / t.firstStarFrameAfterManifestMs, 2) : undefined,
    interactiveSpeedup: round(c.interactiveMs / t.interactiveMs, 2),
    target: 'firstStarFrameSpeedup >= 5',
  };
}

const suite: BenchSuite = {
  name: 'tiles',
  async run() {
    const galaxies = GENERATED.filter((galaxy) => wantedSizes.includes(galaxy.key));
    for (const galaxy of galaxies) {
      process.stderr.write(`bench tiles: making sure ${galaxy.name} exists in ${E2E_TILED_DIR} (generated once)\n`);
      await galaxy.ensure();
    }
    if (npmWanted) await ensureTiledCopy(E2E_TILED_DIR, 'npm', npmLastVersion(), TILED_NPM);

    const bench = await openBenchBrowser(['index.html'], { webgpu: true, dataDirs: [E2E_TILED_DIR] });
    try {
      const { browser } = bench;
      const results: Record<string, unknown> = {
        note:
          'Production build on Vite preview over loopback, headless Chromium on SwiftShader (a CPU rasteriser sharing the ' +
          'machine\'s cores with the page), fresh context (cold HTTP cache) per opening, default star budget (the page\'s own ' +
          'navigator.deviceMemory and hardwareConcurrency, and the software rasteriser\'s default where the renderer reports one; ' +
          'atHardwareBudget: 1M and 10M at a hardware adapter\'s default through budget=). npm: over each network profile, ' +
          'Chromium network emulation for the page and its workers. ms from navigation start on the page clock; the first star frame ' +
          'when submitted (firstStarFrameMs) and, where the entry drew it, when done on the GPU (firstStarFrameGpuDoneMs, as ' +
          'firstframe times it). Frame time: from the ' +
          'frame\'s timestamp to its GPU work done, per pose of a fixed flight (dolly to 15% of the distance to the centre, then ' +
          'half a turn). Memory: peaks of the JS heaps of the page and of its workers (DevTools Runtime.getHeapUsage: V8, Blink and ' +
          'array buffers) and of live GPU buffers (createBuffer/bufferData wrapped in the page), sampled every 500 ms while ' +
          'streaming and flying; totalMB is the largest sum at one moment; textures are not counted; retained: the same after ' +
          'the flight once garbage is collected in the page and every worker (HeapProfiler.collectGarbage). rendererAfterOpening: ' +
          'each generated galaxy opened once more in a Chromium of its own over a DevTools pipe (Runtime and HeapProfiler only: ' +
          'Playwright\'s Network domain keeps response bodies in the renderer), drawn stars unchanged for 5 s, then the renderer ' +
          'process\'s private memory (/proc smaps_rollup) before garbage collection, after the page\'s, and after the workers\' too. npm\'s ' +
          'firstStarFrameSpeedupCeiling: the classic load over the moment the root tile\'s last byte came, the most any ' +
          'tiled first frame could gain on that link.',
        rounds: ROUNDS,
        flightSteps: FLIGHT_STEPS,
        dataDir: E2E_TILED_DIR,
      };
      for (const backend of BACKENDS) {
        // Warm the server, the disk cache and the shader compiler.
        if (galaxies[0]) await timeOpening(browser, `${bench.origin}/index.html?renderer=${backend}#/galaxy/${galaxies[0].name}`);
        // Openings in turns across the galaxies, so that the machine's load drifting over the run
        // weighs on each galaxy alike (the first-frame target is a ratio between them).
        const openings = new Map<string, Opening[]>(galaxies.map((galaxy) => [galaxy.key, []]));
        for (let i = 0; i < ROUNDS; i++) {
          for (const galaxy of galaxies) openings.get(galaxy.key)?.push(await timeOpening(browser, `${bench.origin}/index.html?renderer=${backend}#/galaxy/${galaxy.name}`));
        }
        const figures: Record<string, GalaxyFigures | undefined> = {};
        for (const galaxy of galaxies) {
          const flight = await streamAndFly(browser, bench.origin, backend, galaxy);
          figures[galaxy.key] = { openings: summariseOpenings(openings.get(galaxy.key) ?? []), flight };
          process.stderr.write(`bench tiles: ${backend} ${galaxy.name} ${JSON.stringify(figures[galaxy.key])}\n`);
        }
        const entry: Record<string, unknown> = { galaxies: figures, ratios: ratios(figures) };
        // The renderer process as a visitor's machine pays for it, in a Chromium of its own without Playwright's Network domain.
        const renderer: Record<string, RendererMemory> = {};
        for (const galaxy of galaxies) renderer[galaxy.key] = await plainRendererMemory(`${bench.origin}/index.html?renderer=${backend}#/galaxy/${galaxy.name}`, { webgpu: true });
        entry.rendererAfterOpening = {
          galaxies: renderer,
          ratios10mTo100k: {
            rendererPrivate: ratio(renderer['10m']?.rendererPrivateMB, renderer['100k']?.rendererPrivateMB),
            rendererPrivateBeforeGc: ratio(renderer['10m']?.rendererPrivateBeforeGcMB, renderer['100k']?.rendererPrivateBeforeGcMB),
            mainHeap: ratio(renderer['10m']?.mainHeapMB, renderer['100k']?.mainHeapMB),
            target: 'rendererPrivate (garbage collected) about 1: what is held does not grow with the galaxy',
          },
        };
        process.stderr.write(`bench tiles: ${backend} renderer after opening ${JSON.stringify(entry.rendererAfterOpening)}\n`);
        process.stderr.write(`bench tiles: ${backend} ratios ${JSON.stringify(entry.ratios)}\n`);
        // Both ways: 1M and 10M again at a hardware adapter's default, given as budget= (100k draws every star either way).
        const hardwareStars = await hardwareBudget(browser, backend);
        const beyond: Record<string, Flight> = {};
        for (const galaxy of galaxies.filter((g) => g.stars > SOFTWARE_STAR_BUDGET)) {
          beyond[galaxy.key] = await streamAndFly(browser, bench.origin, backend, galaxy, hardwareStars, HARDWARE_FLIGHT_STEPS);
          process.stderr.write(`bench tiles: ${backend} ${galaxy.name} budget=${hardwareStars} ${JSON.stringify(beyond[galaxy.key])}\n`);
        }
        if (beyond['1m'] && beyond['10m']) {
          entry.atHardwareBudget = {
            budgetStars: hardwareStars,
            flightSteps: HARDWARE_FLIGHT_STEPS,
            galaxies: beyond,
            ratios10mTo1m: {
              memoryTotal: ratio(beyond['10m'].memory.totalMB, beyond['1m'].memory.totalMB),
              memoryRetained: ratio(beyond['10m'].retained.totalMB, beyond['1m'].retained.totalMB),
              mainHeap: ratio(beyond['10m'].memory.mainHeapMB, beyond['1m'].memory.mainHeapMB),
              workerHeap: ratio(beyond['10m'].memory.workerHeapMB, beyond['1m'].memory.workerHeapMB),
              gpuBuffers: ratio(beyond['10m'].memory.gpuBuffersExactPeakMB, beyond['1m'].memory.gpuBuffersExactPeakMB),
              frameTime: ratio(beyond['10m'].frames.medianMs, beyond['1m'].frames.medianMs),
              target: 'memory about 1 only where 1M exceeds the budget too; frame time follows the stars drawn',
            },
          };
        }
        if (npmWanted) {
          // Warm the server, the disk cache and the compiler for npm.
          await timeOpening(browser, `${bench.origin}/index.html?renderer=${backend}#/galaxy/${TILED_NPM}`);
          const npm: Record<string, unknown> = {};
          for (const network of NETWORKS.filter((n) => !wantedNetworks || wantedNetworks.includes(n.name))) {
            npm[network.name] = await npmTiledAgainstClassic(browser, bench.origin, backend, network);
            process.stderr.write(`bench tiles: ${backend} npm ${network.name} ${JSON.stringify(npm[network.name])}\n`);
          }
          entry.npm = npm;
        }
        results[backend] = entry;
      }
      return results;
    } finally {
      await bench.close();
    }
  },
};

export default suite;
