import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright';
import type { CameraPose } from '../../../src/scene/scene';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';
import type { BenchSuite } from '../run';
import { LABEL_RASTER_PER_MOVING_FRAME } from '../../../src/labels/constants';
import type { LabelTaskTimes } from '../../../src/labels/labelWorkStats';
import { median, openBenchBrowser } from '../support/benchBrowser';
import { type BrowserCpu, browserCpu, cpuPerFrame } from '../support/processCpu';
import { mainThreadTasks, TRACE_CATEGORIES, type TaskTimes } from '../support/traceTasks';
import { FRAME_ENTRY } from '../support/frameWork';

/**
 * NAMES_BENCH_FRAMES=n frames per block; each case alternates names on and off in NAMES_BENCH_BLOCKS blocks.
 * NAMES_BENCH_TRACES=<folder> keeps the traces there (backend-view-on|off.json) to open in DevTools.
 */
const FRAMES = Number(process.env.NAMES_BENCH_FRAMES ?? 10);
const BLOCKS = Number(process.env.NAMES_BENCH_BLOCKS ?? 5);
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/**
 * flying holds new names back while the camera moves (LABEL_RASTER_PER_MOVING_FRAME a frame, the
 * default); flyingAllNames rasterises every new name at once, as before, over another stretch of
 * the galaxy (the same one would find its names rasterised already).
 */
type View = 'default' | 'flying' | 'flyingAllNames';

/**
 * In-page source (a string: tsx would wrap named functions in helpers the page does not have).
 * Moves the camera a little every frame, names on or off, and returns the ms between drawn frames.
 */
const FRAME_TIMES_SOURCE = `async ({ view, names, start, first, frames, rasterPerMovingFrame }) => {
  const scene = window.galaxyScene;
  const canvas = scene.canvas;
  scene.setNamesVisible(names);
  scene.setNamesRasterPerMovingFrame(rasterPerMovingFrame ?? Infinity);
  const drawn = () => scene.framesDrawn;
  const nextFrame = (after) => new Promise((resolve) => {
    const tick = () => (drawn() > after ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  });
  const [x, y, z] = start.position;
  // default: a slow drift of the whole view; flying: forward along -Z, 40 units a frame. Frame numbers
  // go on from first, so that each block flies on into stars whose names are not rasterised yet.
  const poseAt = (i) => view === 'default'
    ? { position: [x + (first + i) * 3, y, z], orientation: start.orientation }
    : { position: [x, y, z - (first + i) * 40], orientation: start.orientation };
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

/** Frames each call of frameTimes draws: the warm-up and the measured ones (CPU time covers both). */
const FRAMES_PER_CALL = FRAMES + 12;

/** Flies block `block` of the path (names on and off fly the same blocks) and returns the ms between drawn frames. */
async function frameTimes(page: Page, view: View, names: boolean, start: CameraPose, block: number): Promise<number[]> {
  // null (JSON has no Infinity): every new name at once.
  const rasterPerMovingFrame = view === 'flyingAllNames' ? null : LABEL_RASTER_PER_MOVING_FRAME;
  const args = { view, names, start, first: block * FRAMES_PER_CALL, frames: FRAMES, rasterPerMovingFrame };
  return page.evaluate(`(${FRAME_TIMES_SOURCE})(${JSON.stringify(args)})`) as Promise<number[]>;
}

/** The JavaScript entries of the tasks that do label work (method names survive minifying). */
const LABEL_TASKS = {
  slice: ['runLabelSlice'],
  reply: ['takeRasterReply'],
  /** The frame task: the page's frame callback, whose draw places the names and renders the frame. */
  frame: [FRAME_ENTRY],
  /** The list of named stars committed and laid out once the camera rests (never in a frame: longestLayoutCpuMs of the frames says). */
  list: ['listNamedStarsAtRest'],
};

const cpuFigures = (cpu: BrowserCpu) => ({
  total: round(cpu.total, 1),
  rendererMain: round(cpu.rendererMain, 1),
  rendererWorkers: round(cpu.rendererWorkers, 1),
  gpuProcess: round(cpu.gpuProcess, 1),
});

function medianCpu(list: BrowserCpu[]): BrowserCpu {
  return {
    total: median(list.map((c) => c.total)),
    rendererMain: median(list.map((c) => c.rendererMain)),
    rendererWorkers: median(list.map((c) => c.rendererWorkers)),
    gpuProcess: median(list.map((c) => c.gpuProcess)),
  };
}

async function resetLabelStats(page: Page): Promise<void> {
  await page.evaluate(() => {
    const stats = window.galaxyScene!.labelWorkStats()!;
    for (const times of [stats.slice, stats.placement, stats.reply, stats.raster]) Object.assign(times, { count: 0, totalMs: 0, longestMs: 0 });
    stats.atlasCompactions = 0;
    stats.atlasClears = 0;
    if (stats.workerPasses) Object.assign(stats.workerPasses, { count: 0, totalMs: 0, longestMs: 0 });
    stats.passesBehindRaster = 0;
  });
}

/**
 * Frame times and CPU per frame of one block; `traced` records a Chromium trace of it and returns the
 * CPU time of the main-thread tasks of label work.
 */
async function measuredBlock(page: Page, view: View, names: boolean, start: CameraPose, block: number, traced: boolean) {
  const browser = page.context().browser()!;
  if (traced) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const before = browserCpu();
  const times = await frameTimes(page, view, names, start, block);
  const after = browserCpu();
  const trace = traced ? await browser.stopTracing() : undefined;
  const keepIn = process.env.NAMES_BENCH_TRACES;
  if (trace && keepIn) {
    mkdirSync(keepIn, { recursive: true });
    writeFileSync(path.join(keepIn, `${await page.evaluate(() => window.galaxyScene!.backend)}-${view}-${names ? 'on' : 'off'}.json`), trace);
  }
  const tasks = trace ? mainThreadTasks(trace, LABEL_TASKS) : undefined;
  return { times, cpu: before && after ? cpuPerFrame(before, after, FRAMES_PER_CALL) : undefined, tasks };
}

const taskFigures = (t: TaskTimes) => ({
  count: t.count,
  longestCpuMs: round(t.longestCpuMs, 1),
  longestWallMs: round(t.longestWallMs, 1),
  cpuPerFrameMs: round(t.totalCpuMs / FRAMES_PER_CALL, 2),
  longestLayoutCpuMs: round(t.longestLayoutCpuMs, 1),
});

async function measureBackend(page: Page, origin: string, backend: 'webgpu' | 'webgl2') {
  await page.goto(`${origin}/?renderer=${backend}#/galaxy/npm?l=0`);
  await page.waitForFunction(() => {
    const scene = window.galaxyScene;
    return !!scene && scene.framesDrawn > 0 && scene.starPosition(0) !== undefined;
  }, null, { timeout: 120_000 });
  const defaultPose = await page.evaluate(() => window.galaxyScene!.getCamera());
  const flyingPose: CameraPose = { position: [0, 0, 6000], orientation: [0, 0, 0, 1] };
  const otherFlyingPose: CameraPose = { position: [0, 1500, 6000], orientation: [0, 0, 0, 1] };
  const result: Record<string, unknown> = { backend: await page.evaluate(() => window.galaxyScene!.backend) };
  for (const view of ['default', 'flying', 'flyingAllNames'] as View[]) {
    const start = view === 'default' ? defaultPose : view === 'flying' ? flyingPose : otherFlyingPose;
    const on: number[] = [], off: number[] = [];
    const cpuOn: BrowserCpu[] = [], cpuOff: BrowserCpu[] = [];
    let namedAtEnd = 0;
    let tracedOn: Record<string, TaskTimes> | undefined, tracedOff: Record<string, TaskTimes> | undefined;
    await resetLabelStats(page);
    for (let block = 0; block < BLOCKS; block++) {
      // The first block of each pair is traced: its names are new, so rasterising them is in the trace.
      const withNames = await measuredBlock(page, view, true, start, block, block === 0);
      on.push(...withNames.times);
      if (withNames.cpu) cpuOn.push(withNames.cpu);
      tracedOn ??= withNames.tasks;
      namedAtEnd = await page.evaluate(() => window.galaxyScene!.namedStars().length);
      const without = await measuredBlock(page, view, false, start, block, block === 0);
      off.push(...without.times);
      if (without.cpu) cpuOff.push(without.cpu);
      tracedOff ??= without.tasks;
    }
    const stats = await page.evaluate(() => window.galaxyScene!.labelWorkStats()!);
    const namesOnFrames = BLOCKS * FRAMES_PER_CALL;
    const wall = (t: LabelTaskTimes) => ({ count: t.count, longestMs: round(t.longestMs, 1), perFrameMs: round(t.totalMs / namesOnFrames, 2) });
    const onMs = median(on), offMs = median(off);
    const cpu = cpuOn.length > 0 && cpuOff.length > 0 ? { namesOn: medianCpu(cpuOn), namesOff: medianCpu(cpuOff) } : undefined;
    result[view] = {
      namesOnMs: round(onMs, 1),
      namesOffMs: round(offMs, 1),
      ratio: round(onMs / offMs),
      namesDrawn: namedAtEnd,
      // CPU time of the whole browser per drawn frame (all threads, /proc): what the names cost, not inflated by other processes.
      cpuMsPerFrame: cpu && {
        namesOn: cpuFigures(cpu.namesOn),
        namesOff: cpuFigures(cpu.namesOff),
        ratio: round(cpu.namesOn.total / cpu.namesOff.total),
      },
      // In-page performance.now() around the label work itself, names-on blocks (wall clock: over-states on a loaded machine).
      labelWorkWallMs: { slice: wall(stats.slice), placement: wall(stats.placement), reply: wall(stats.reply), raster: wall(stats.raster), atlasCompactions: stats.atlasCompactions, atlasClears: stats.atlasClears },
      // Passes in the names' worker, sent to answered (wall), and how many were sent while a raster batch was in the same worker.
      workerPasses: stats.workerPasses && { count: stats.workerPasses.count, longestMs: round(stats.workerPasses.longestMs, 1), meanMs: round(stats.workerPasses.totalMs / Math.max(1, stats.workerPasses.count), 1), behindRaster: stats.passesBehindRaster },
      // Chromium trace of the first block each way: CPU time (thread time) of each main-thread task of label work.
      labelTasks: tracedOn && tracedOff && {
        slice: taskFigures(tracedOn.slice),
        reply: taskFigures(tracedOn.reply),
        frameWithNames: taskFigures(tracedOn.frame),
        frameWithoutNames: taskFigures(tracedOff.frame),
        // The list's own task (at rest only, so rarely in a flying block): not placement, reported beside it.
        list: taskFigures(tracedOn.list),
        // The frame task holds the rendering and the page's style and layout too: with names on it bounds the placement's CPU from above.
        longestLabelTaskCpuMs: round(Math.max(tracedOn.slice.longestCpuMs, tracedOn.reply.longestCpuMs, tracedOn.frame.longestCpuMs), 1),
      },
    };
  }
  return result;
}

/**
 * Star names on npm (196k stars): frame time and CPU per frame with names on against names off in
 * the same page (blocks alternate), at the default camera and flying through, and the CPU time of
 * the longest main-thread task of label work (docs/names.md#cost).
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
          'default: the whole-galaxy start view drifting 3 units a frame; flying: from (0,0,6000) forward 40 units a frame, ' +
          `new names held back to ${LABEL_RASTER_PER_MOVING_FRAME} a frame (the default); flyingAllNames: the same from (0,1500,6000), every new name rasterised at once. ` +
          `Median ms between drawn frames over ${BLOCKS} alternating blocks of ${FRAMES} frames (after 12 warm-up frames). ` +
          'cpuMsPerFrame: CPU of all browser threads per frame from /proc, median of the blocks. ' +
          'labelTasks: CPU (thread) time of main-thread tasks from a Chromium trace of the first block each way, with the most style, layout and pre-paint CPU one task held.',
        targets: { ratioAtMost: 1.15, longestLabelTaskCpuMsUnder: 8 },
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
