/**
 * Main-thread work per drawn frame (issue 27): the real viewer flies a fixed camera path over tiled
 * npm and over classic npm, on WebGL2 and WebGPU, moving the camera every frame for FRAMES frames
 * as the controls do (in a run of the page's frame queue, drawn in the same frame callback) under a
 * Chromium trace. Per drawn frame: the CPU (thread time) of every main-thread task from one
 * frame callback to the next, median and p95, split by what ran (the galaxy's frame callback, React,
 * other script, the browser's own style/layout/paint, GC beside them), with the functions the V8
 * sampling profiler found inside the frame callback, and counted figures (label placements, planner
 * runs per frame). Target: the app's own work (`ownMsPerFrame`: every kind but Chromium's own
 * `browser` work; GC counts as the app's, see frameWork.ts) at most 1 ms median and 4 ms p95, with
 * the total beside it (`cpuMsPerFrame`) and `meetsBound` per case.
 *
 * MAIN_THREAD_BENCH_FRAMES=n frames per flight (after WARM_UP frames); MAIN_THREAD_BENCH_TRACES=<folder>
 * keeps the traces (galaxy-backend.json) to open in DevTools; MAIN_THREAD_BENCH_CASES=tiled-webgl2,...
 * picks cases; MAIN_THREAD_BENCH_PROFILE=1 flies the path a second time under the V8 sampling profiler
 * and adds its functions (names as minified) to the figures; MAIN_THREAD_BENCH_COUNT_GPU=1 flies it once more
 * counting the GPU API's calls per frame (`gpuCallsPerFrame`); MAIN_THREAD_BENCH_TIME_GPU=1 flies it once more
 * timing each GPU API call and each animation-frame callback with performance.now() (`gpuCallMsPerFrame`;
 * with GALAXY_BENCH_ISOLATED=1 the clock's step is 5 µs, else 100 µs with jitter); MAIN_THREAD_BENCH_ALLOCATIONS=1
 * flies it once more under V8's sampling heap profiler (`allocatedPerFrame`: bytes per frame by function);
 * MAIN_THREAD_BENCH_CPU_PROFILE=1 flies it once more under V8's CPU profiler sampling every 25 µs
 * (`cpuProfilePerFrame`: wall µs per frame by function, self and inclusive, idle left out; with
 * GALAXY_BENCH_NO_MINIFY=1 the names are the source's).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright';
import type { CameraPose } from '../../../src/scene/scene';
import { E2E_TILED_DIR, npmLastVersion, TILED_NPM } from '../../support/e2eTiledGalaxies';
import { flightPath } from '../../support/flightPath';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';
import { ensureTiledCopy } from '../../support/tiledGalaxies';
import type { BenchSuite } from '../run';
import { median, openBenchBrowser } from '../support/benchBrowser';
import { FRAME_WORK_CATEGORIES, frameWork, OWN_WORK_BOUND, ownWorkFigures, percentile, PROFILER_CATEGORY, type FrameWork } from '../support/frameWork';

const FRAMES = Number(process.env.MAIN_THREAD_BENCH_FRAMES ?? 150);
const WARM_UP = 10;
const BACKENDS = ['webgl2', 'webgpu'] as const;
const GALAXIES = { tiled: TILED_NPM, classic: 'npm' } as const;
const profiled = process.env.MAIN_THREAD_BENCH_PROFILE === '1';
/**
 * MAIN_THREAD_BENCH_HELP=hidden flies with the help overlay hidden, as after a key press (a keyboard
 * flight); by default it stays shown, as for a visitor who looks around with the mouse, and covers
 * the middle of the screen, where no name is placed.
 */
const helpHidden = process.env.MAIN_THREAD_BENCH_HELP === 'hidden';
const wantedCases = process.env.MAIN_THREAD_BENCH_CASES?.split(',').filter(Boolean);
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/**
 * In-page flight (a string: tsx would wrap named functions in helpers the page lacks): sets each pose
 * and waits until the scene has drawn a frame, then reads the scene's counters.
 */
const FLY_SOURCE = `async (poses) => {
  const scene = window.galaxyScene;
  const drawn = () => scene.framesDrawn;
  const stats = scene.labelWorkStats();
  const placementsBefore = stats ? stats.placement.count : 0;
  const placementMsBefore = stats ? stats.placement.totalMs : 0;
  const scanPassesBefore = stats ? stats.scanPasses ?? 0 : 0;
  const scanPassesBegunBefore = stats ? stats.scanPassesBegun ?? 0 : 0;
  const visitedBefore = stats ? stats.communitiesVisited ?? 0 : 0;
  const choicesBefore = stats ? stats.constellationChoices ?? 0 : 0;
  const placesTriedBefore = stats ? stats.constellationPlacesTried ?? 0 : 0;
  const plansBefore = scene.plannerRuns ? scene.plannerRuns() : 0;
  const linksBefore = scene.linkWorkStats ? scene.linkWorkStats() : undefined;
  const framesBefore = drawn();
  const stars = [];
  // The camera is moved as the controls move it: in a run of the page's frame queue, in the frame
  // callback that then draws it (each pose is drawn in its frame; a run whose frame drew nothing waits for the next).
  await new Promise((resolve) => {
    let next = 0;
    let drawnAt = drawn();
    const tick = () => {
      if (next > 0 && drawn() === drawnAt) return scene.atNextFrame(tick);
      if (next > 0) stars.push(scene.starCounts.drawn);
      if (next === poses.length) return resolve();
      drawnAt = drawn();
      scene.setCamera(poses[next++]);
      scene.atNextFrame(tick);
    };
    scene.atNextFrame(tick);
  });
  return {
    frames: drawn() - framesBefore,
    placements: (stats ? stats.placement.count : 0) - placementsBefore,
    placementWallMs: (stats ? stats.placement.totalMs : 0) - placementMsBefore,
    scanPasses: (stats ? stats.scanPasses ?? 0 : 0) - scanPassesBefore,
    scanPassesBegun: (stats ? stats.scanPassesBegun ?? 0 : 0) - scanPassesBegunBefore,
    communitiesVisited: (stats ? stats.communitiesVisited ?? 0 : 0) - visitedBefore,
    constellationChoices: (stats ? stats.constellationChoices ?? 0 : 0) - choicesBefore,
    constellationPlacesTried: (stats ? stats.constellationPlacesTried ?? 0 : 0) - placesTriedBefore,
    plans: (scene.plannerRuns ? scene.plannerRuns() : 0) - plansBefore,
    namedStars: scene.namedStars().length,
    stars,
    links: (() => {
      const after = scene.linkWorkStats ? scene.linkWorkStats() : undefined;
      if (!after || !linksBefore) return undefined;
      const less = {};
      for (const key of Object.keys(after)) less[key] = after[key] - linksBefore[key];
      less.pairsHeld = after.pairsHeld;
      return less;
    })(),
  };
}`;

/**
 * Page-script source that defines `wrapMethods(classes, wrap)`: every method of each class's prototype
 * replaced by `wrap(original, 'Class.method')`. The counted and the timed flights both wrap so.
 */
const WRAP_METHODS_SOURCE = `const wrapMethods = (classes, wrap) => {
    for (const name of classes) {
      const proto = window[name] && window[name].prototype;
      if (!proto) continue;
      for (const key of Object.getOwnPropertyNames(proto)) {
        const descriptor = Object.getOwnPropertyDescriptor(proto, key);
        if (!descriptor || typeof descriptor.value !== 'function' || key === 'constructor') continue;
        proto[key] = wrap(descriptor.value, name + '.' + key);
      }
    }
  };`;

/**
 * Counts every call the page makes on the GPU API's objects (WebGPU's queue, device, encoders and
 * passes, render bundle encoders, buffers, WebGL2's context), by `Class.method`, the bytes written
 * to each buffer (`writeBuffer bytes:<label>`) and texture, its timers, animation frames asked (by callback name), workers' messages and changes to the DOM (`DOM mutation:<type> <attribute>`), from now on: `window.gpuCallCounts`. For the counted
 * figure only (MAIN_THREAD_BENCH_COUNT_GPU=1), in a flight of its own: the wrappers cost time.
 */
const COUNT_GPU_CALLS_SOURCE = `(() => {
  ${WRAP_METHODS_SOURCE}
  const counts = (window.gpuCallCounts = {});
  // Changes to the page's DOM (an attribute by its name, children, text): each is style and layout work for the browser.
  new MutationObserver((records) => {
    for (const record of records) {
      const key = 'DOM mutation:' + record.type + (record.attributeName ? ' ' + record.attributeName : '');
      counts[key] = (counts[key] ?? 0) + 1;
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  for (const name of ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame']) {
    const original = window[name];
    window[name] = function (...args) {
      const named = name === 'setTimeout' || name === 'requestAnimationFrame';
      const label = named ? name + ':' + ((args[0] && args[0].name) || 'anonymous') : name;
      counts[label] = (counts[label] ?? 0) + 1;
      return original.apply(this, args);
    };
  }
  const classes = ['GPUQueue', 'GPUDevice', 'GPUCommandEncoder', 'GPUComputePassEncoder', 'GPURenderPassEncoder', 'GPURenderBundleEncoder', 'GPUCanvasContext', 'GPUTexture', 'GPUBuffer', 'WebGL2RenderingContext', 'Worker'];
  // Bytes handed to writeBuffer (by the buffer's label) and writeTexture: offset and size count elements of a typed array.
  const bytesOf = (data, offset, size) => {
    const unit = data.BYTES_PER_ELEMENT ?? 1;
    const length = data.length ?? data.byteLength;
    return (size ?? length - (offset ?? 0)) * unit;
  };
  wrapMethods(classes, (original, label) =>
      function (...args) {
        counts[label] = (counts[label] ?? 0) + 1;
        if (label === 'GPUQueue.writeBuffer') {
          const key = 'writeBuffer bytes:' + (args[0].label || 'unlabelled');
          counts[key] = (counts[key] ?? 0) + bytesOf(args[2], args[3], args[4]);
        }
        if (label === 'GPUDevice.createBuffer' && args[0] && args[0].mappedAtCreation) {
          const key = 'createBuffer mapped bytes:' + (args[0].label || 'unlabelled');
          counts[key] = (counts[key] ?? 0) + args[0].size;
        }
        // WebGL2 uploads by target (ARRAY_BUFFER 34962, ELEMENT_ARRAY_BUFFER 34963): a size argument makes no bytes.
        if ((label === 'WebGL2RenderingContext.bufferData' && args[1] && typeof args[1] === 'object') || (label === 'WebGL2RenderingContext.bufferSubData' && args[2] && typeof args[2] === 'object')) {
          const target = args[0] === 34963 ? 'element' : args[0] === 34962 ? 'array' : String(args[0]);
          // bufferData(target, data, usage, srcOffset, length); bufferSubData(target, dstByteOffset, data, srcOffset, length).
          const data = label.endsWith('SubData') ? args[2] : args[1];
          const unit = data.BYTES_PER_ELEMENT ?? 1;
          const bytes = args[4] ? args[4] * unit : data.byteLength - (args[3] ?? 0) * unit;
          const key = label.slice('WebGL2RenderingContext.'.length) + ' bytes:' + target;
          counts[key] = (counts[key] ?? 0) + bytes;
        }
        if (label === 'GPUQueue.writeTexture') counts['writeTexture bytes'] = (counts['writeTexture bytes'] ?? 0) + args[1].byteLength;
        // A typed array sent as the message itself: its buffer's bytes (a view copies its whole buffer), apart.
        if (label === 'Worker.postMessage' && ArrayBuffer.isView(args[0])) {
          counts['Worker.postMessage:array messages'] = (counts['Worker.postMessage:array messages'] ?? 0) + 1;
          counts['Worker.postMessage:array bytes'] = (counts['Worker.postMessage:array bytes'] ?? 0) + args[0].buffer.byteLength;
        }
        // The typed arrays a worker's message carries (top level and one level down): its bytes.
        else if (label === 'Worker.postMessage' && args[0] && typeof args[0] === 'object') {
          let bytes = 0;
          for (const value of Object.values(args[0])) {
            if (ArrayBuffer.isView(value)) bytes += value.byteLength;
            else if (value && typeof value === 'object') for (const inner of Object.values(value)) if (ArrayBuffer.isView(inner)) bytes += inner.byteLength;
          }
          counts['Worker.postMessage:bytes'] = (counts['Worker.postMessage:bytes'] ?? 0) + bytes;
        }
        return original.apply(this, args);
      },
  );
})()`;
/**
 * Times every call the page makes on WebGPU's objects (by `Class.method`, outermost call only) and
 * every animation-frame callback (by the callback's name), from now on: `window.gpuCallTimes`
 * holds [ms, calls] by label. The wrappers cost time: a flight of its own.
 */
const TIME_GPU_CALLS_SOURCE = `(() => {
  ${WRAP_METHODS_SOURCE}
  const times = (window.gpuCallTimes = {});
  const add = (label, ms) => {
    const entry = (times[label] ??= [0, 0]);
    entry[0] += ms;
    entry[1] += 1;
  };
  let inside = 0;
  const classes = ['GPUQueue', 'GPUDevice', 'GPUCommandEncoder', 'GPUComputePassEncoder', 'GPURenderPassEncoder', 'GPURenderBundleEncoder', 'GPUCanvasContext', 'GPUTexture', 'GPUBuffer'];
  wrapMethods(classes, (original, label) =>
      function (...args) {
        if (inside) return original.apply(this, args);
        inside++;
        const began = performance.now();
        try {
          return original.apply(this, args);
        } finally {
          add(label, performance.now() - began);
          inside--;
        }
      },
  );
  const raf = window.requestAnimationFrame;
  window.requestAnimationFrame = function (callback) {
    const label = 'frame callback:' + (callback.name || 'anonymous');
    return raf.call(window, (time) => {
      const began = performance.now();
      try {
        callback(time);
      } finally {
        add(label, performance.now() - began);
      }
    });
  };
  // The clock's step here: the smallest non-zero difference between two readings.
  let step = Infinity;
  for (let i = 0, last = performance.now(); i < 20000; i++) {
    const now = performance.now();
    if (now > last) step = Math.min(step, now - last);
    last = now;
  }
  window.gpuClock = { crossOriginIsolated: window.crossOriginIsolated, stepMs: step };
})()`;
const timeGpuCalls = process.env.MAIN_THREAD_BENCH_TIME_GPU === '1';
const countGpuCalls = process.env.MAIN_THREAD_BENCH_COUNT_GPU === '1';
/** MAIN_THREAD_BENCH_CATEGORIES=a,b: more trace categories for the first traced flight (to read the trace kept in MAIN_THREAD_BENCH_TRACES). */
const extraCategories = process.env.MAIN_THREAD_BENCH_CATEGORIES?.split(',').filter(Boolean) ?? [];

interface Flown { frames: number; placements: number; placementWallMs: number; scanPasses: number; scanPassesBegun: number; communitiesVisited: number; constellationChoices: number; constellationPlacesTried: number; plans: number; namedStars: number; stars: number[]; links?: Record<string, number> }

/** The flight's link upkeep per frame, as `links:<figure>` (pairs held: at the end); none for a galaxy without it. */
function linksPerFrame(flown: Flown): Record<string, number> {
  return Object.fromEntries(Object.entries(flown.links ?? {}).map(([key, value]) => [`links:${key}`, key === 'pairsHeld' ? value : round(value / Math.max(1, flown.frames))]));
}

async function openGalaxy(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => Number(window.galaxyScene?.canvas?.dataset.stars ?? 0) > 0, null, { timeout: 180_000 });
  // Let the first tiles (or the whole file) settle: the stars drawn unchanged for 2 s, at most 60 s.
  await page.evaluate(async () => {
    const canvas = window.galaxyScene!.canvas!;
    let last = canvas.dataset.stars, since = performance.now();
    const began = performance.now();
    while (performance.now() - since < 2000 && performance.now() - began < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (canvas.dataset.stars !== last) [last, since] = [canvas.dataset.stars, performance.now()];
    }
  });
}

/** From the whole-galaxy view towards its centre, then half a turn around it (tiles refine, new regions come into view). */
async function poses(page: Page): Promise<CameraPose[]> {
  const start = await page.evaluate(() => window.galaxyScene!.getCamera());
  // The whole-galaxy view looks down -Z at the centre of a galaxy laid out around z = 0.
  const [x, y, z] = start.position;
  return flightPath([x, y, z], [x, y, 0], WARM_UP + FRAMES, 0.3);
}

const figures = (frames: FrameWork[]) => {
  const of = (pick: (f: FrameWork) => number) => ({ median: round(median(frames.map(pick))), p95: round(percentile(frames.map(pick), 0.95)) });
  const own = ownWorkFigures(frames);
  return {
    frames: frames.length,
    // What issue 27's bound is about, the total with Chromium's own work beside it.
    ownMsPerFrame: { median: round(own.ownMs.median), p95: round(own.ownMs.p95) },
    meetsBound: own.meetsBound,
    cpuMsPerFrame: of((f) => f.totalMs),
    frameCallbackMs: of((f) => f.byKind.frameCallback),
    cameraMoveMs: of((f) => f.byKind.cameraMove),
    reactMs: of((f) => f.byKind.react),
    otherScriptMs: of((f) => f.byKind.otherScript),
    gcOutsideScriptMs: of((f) => f.byKind.gcOutsideScript),
    browserMs: of((f) => f.byKind.browser),
    gcMs: of((f) => f.gcMs),
    meanMsPerFrame: {
      own: round(frames.reduce((s, f) => s + f.ownMs, 0) / frames.length),
      total: round(frames.reduce((s, f) => s + f.totalMs, 0) / frames.length),
      frameCallback: round(frames.reduce((s, f) => s + f.byKind.frameCallback, 0) / frames.length),
      cameraMove: round(frames.reduce((s, f) => s + f.byKind.cameraMove, 0) / frames.length),
      react: round(frames.reduce((s, f) => s + f.byKind.react, 0) / frames.length),
      otherScript: round(frames.reduce((s, f) => s + f.byKind.otherScript, 0) / frames.length),
      gcOutsideScript: round(frames.reduce((s, f) => s + f.byKind.gcOutsideScript, 0) / frames.length),
      browser: round(frames.reduce((s, f) => s + f.byKind.browser, 0) / frames.length),
      gc: round(frames.reduce((s, f) => s + f.gcMs, 0) / frames.length),
    },
  };
};

/** Flies the measured poses under a trace (kept in MAIN_THREAD_BENCH_TRACES when set). */
async function tracedFlight(page: Page, poses: CameraPose[], categories: string[], label: string): Promise<{ flown: Flown; trace: Buffer }> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories });
  const flown = (await page.evaluate(`(${FLY_SOURCE})(${JSON.stringify(poses)})`)) as Flown;
  const trace = await browser.stopTracing();
  const keepIn = process.env.MAIN_THREAD_BENCH_TRACES;
  if (keepIn) {
    mkdirSync(keepIn, { recursive: true });
    writeFileSync(path.join(keepIn, `${label}.json`), trace);
  }
  return { flown, trace };
}

/** GPU API calls per drawn frame by `Class.method`, over the path flown again (after the traced flights). */
async function gpuCallsOverFlight(page: Page, poses: CameraPose[]): Promise<Record<string, number>> {
  await page.evaluate(COUNT_GPU_CALLS_SOURCE);
  const flown = (await page.evaluate(`(${FLY_SOURCE})(${JSON.stringify(poses)})`)) as Flown;
  const counts = (await page.evaluate('window.gpuCallCounts')) as Record<string, number>;
  const perFrame = Object.entries(counts).map(([call, count]) => [call, round(count / Math.max(1, flown.frames))] as const);
  return { ...Object.fromEntries(perFrame.sort((a, b) => b[1] - a[1])), ...linksPerFrame(flown) };
}

const sampleAllocations = process.env.MAIN_THREAD_BENCH_ALLOCATIONS === '1';

interface SamplingNode { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: SamplingNode[] }

/**
 * Bytes allocated per drawn frame by the function that allocated them (V8's sampling heap profiler,
 * a sample every 256 bytes on average), over the path flown again: where the minor GCs come from.
 */
async function allocationsOverFlight(page: Page, poses: CameraPose[]) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  // Objects a minor or major GC collected count too: a frame's garbage is what the GCs collect.
  await cdp.send('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMinorGC: true, includeObjectsCollectedByMajorGC: true });
  const flown = (await page.evaluate(`(${FLY_SOURCE})(${JSON.stringify(poses)})`)) as Flown;
  const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as { profile: { head: SamplingNode } };
  await cdp.detach();
  const bytes = new Map<string, number>();
  const visit = (node: SamplingNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
    if (node.selfSize) bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
    node.children.forEach(visit);
  };
  visit(profile.head);
  const frames = Math.max(1, flown.frames);
  const total = [...bytes.values()].reduce((a, b) => a + b, 0);
  const top = [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 25);
  return { bytesPerFrame: Math.round(total / frames), byFunction: Object.fromEntries(top.map(([key, b]) => [key, Math.round(b / frames)])) };
}

const cpuProfiled = process.env.MAIN_THREAD_BENCH_CPU_PROFILE === '1';

interface ProfiledNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }

/**
 * Wall µs per drawn frame by function (self: on top of the stack; total: anywhere on it), from V8's
 * CPU profiler at a 25 µs sampling interval over the path flown again: finer than the trace's
 * profiler, for what costs tens of microseconds a frame (timer calls, GPU API calls, message handling).
 */
async function cpuProfileOverFlight(page: Page, poses: CameraPose[]) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 25 });
  await cdp.send('Profiler.start');
  const flown = (await page.evaluate(`(${FLY_SOURCE})(${JSON.stringify(poses)})`)) as Flown;
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfiledNode[]; samples: number[]; timeDeltas: number[] } };
  await cdp.detach();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const nameOf = ({ callFrame: { functionName, url, lineNumber } }: ProfiledNode) => `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
  const self = new Map<string, number>(), total = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    // A sample's time is the gap to the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const top = byId.get(id)!;
    if (top.callFrame.functionName === '(idle)') return;
    self.set(nameOf(top), (self.get(nameOf(top)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const name = nameOf(byId.get(at)!);
      if (!seen.has(name)) total.set(name, (total.get(name) ?? 0) + ms);
      seen.add(name);
    }
  });
  const frames = Math.max(1, flown.frames);
  const top = (map: Map<string, number>, n: number) => Object.fromEntries([...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, ms]) => [name, Math.round((ms / frames) * 1000)]));
  return { frames: flown.frames, links: linksPerFrame(flown), selfUs: top(self, 40), totalUs: top(total, 60) };
}

/** Ms per drawn frame (and calls per frame) of each GPU API call and frame callback, over the path flown again with timing wrappers. */
async function gpuCallTimesOverFlight(page: Page, poses: CameraPose[]) {
  await page.evaluate(TIME_GPU_CALLS_SOURCE);
  const flown = (await page.evaluate(`(${FLY_SOURCE})(${JSON.stringify(poses)})`)) as Flown;
  const times = (await page.evaluate('window.gpuCallTimes')) as Record<string, [number, number]>;
  const clock = (await page.evaluate('window.gpuClock')) as { crossOriginIsolated: boolean; stepMs: number };
  const frames = Math.max(1, flown.frames);
  const rows = Object.entries(times).sort((a, b) => b[1][0] - a[1][0]);
  const gpuCalls = rows.filter(([label]) => !label.startsWith('frame callback:'));
  return {
    clock,
    frames: flown.frames,
    allGpuCallsMs: round(gpuCalls.reduce((sum, [, [ms]]) => sum + ms, 0) / frames, 3),
    byCall: Object.fromEntries(rows.map(([label, [ms, calls]]) => [label, { ms: round(ms / frames, 4), calls: round(calls / frames), usEach: round((ms / calls) * 1000, 1) }])),
  };
}

async function measure(page: Page, url: string, label: string) {
  await openGalaxy(page, url);
  if (helpHidden) {
    await page.keyboard.press('KeyK'); // hides the help (any key but its own, H)
    await page.getByTestId('help-overlay').waitFor({ state: 'detached' });
  }
  const flight = await poses(page);
  const warm = flight.slice(0, WARM_UP), measured = flight.slice(WARM_UP);
  await page.evaluate(`(${FLY_SOURCE})(${JSON.stringify(warm)})`);
  const { flown, trace } = await tracedFlight(page, measured, [...FRAME_WORK_CATEGORIES, ...extraCategories], label);
  const work = frameWork(trace);
  // The same path again under the sampling profiler (its names are rasterised by then: less label work).
  const profile = profiled ? frameWork((await tracedFlight(page, measured, [...FRAME_WORK_CATEGORIES, PROFILER_CATEGORY], `${label}-profiled`)).trace) : undefined;
  const gpuCallsPerFrame = countGpuCalls ? await gpuCallsOverFlight(page, measured) : undefined;
  const gpuCallMsPerFrame = timeGpuCalls ? await gpuCallTimesOverFlight(page, measured) : undefined;
  const allocatedPerFrame = sampleAllocations ? await allocationsOverFlight(page, measured) : undefined;
  const cpuProfilePerFrame = cpuProfiled ? await cpuProfileOverFlight(page, measured) : undefined;
  return {
    backend: await page.evaluate(() => window.galaxyScene!.backend),
    help: helpHidden ? 'hidden' : 'shown',
    ...figures(work.frames),
    counted: {
      framesDrawn: flown.frames,
      labelPlacementsPerFrame: round(flown.placements / Math.max(1, flown.frames)),
      labelPlacementWallMsPerFrame: round(flown.placementWallMs / Math.max(1, flown.frames)),
      // Passes answered (a worker's pass whose candidates stay is answered only where no newer pass follows it), and passes begun.
      labelScanPassesPerFrame: round(flown.scanPasses / Math.max(1, flown.frames)),
      labelScanPassesBegunPerFrame: round(flown.scanPassesBegun / Math.max(1, flown.frames)),
      communitiesVisitedPerFrame: round(flown.communitiesVisited / Math.max(1, flown.frames)),
      // Constellation choices made (each a walk of the communities above) and places tried for constellation names.
      constellationChoicesPerFrame: round(flown.constellationChoices / Math.max(1, flown.frames)),
      constellationPlacesTriedPerFrame: round(flown.constellationPlacesTried / Math.max(1, flown.frames)),
      plannerRunsPerFrame: round(flown.plans / Math.max(1, flown.frames)),
      namedStarsAtEnd: flown.namedStars,
      starsDrawnMedian: median(flown.stars),
      scriptTasksPerFrame: round(work.scriptTasksPerFrame.reduce((sum, [, { tasks }]) => sum + tasks, 0)),
      // Link upkeep per frame (tiled galaxies): updates, tiles unlinked, pairs visited and copied; pairs held at the end.
      links: linksPerFrame(flown),
    },
    scriptTasksByEntry: Object.fromEntries(work.scriptTasksPerFrame),
    gpuCallsPerFrame,
    gpuCallMsPerFrame,
    allocatedPerFrame,
    cpuProfilePerFrame,
    profile: profile && { frameCallbackSelfMs: profile.frameCallbackSelfMs, frameCallbackTotalMs: profile.frameCallbackTotalMs, outsideFrameCallbackSelfMs: profile.otherSelfMs },
  };
}

const suite: BenchSuite = {
  name: 'main-thread',
  async run() {
    if (!haveSharedGalaxies) return { skipped: sharedGalaxiesMissingReason };
    await ensureTiledCopy(E2E_TILED_DIR, 'npm', npmLastVersion(), TILED_NPM);
    const bench = await openBenchBrowser(['index.html'], { webgpu: true, dataDirs: [E2E_TILED_DIR] });
    try {
      const results: Record<string, unknown> = {
        note:
          'SwiftShader (CPU) rasteriser, viewport 1280x800, default settings (names on, links on as the spec\'s default). ' +
          `The camera moves every frame along a fixed path (whole-galaxy view towards the centre, then half a turn), ${WARM_UP} warm-up frames then ${FRAMES} traced. ` +
          'Per drawn frame: CPU (thread time) of all main-thread tasks from one frame callback to the next; median and p95. ' +
          'frameCallback: the page\'s one frame callback, pageFrame (the frame queue\'s runs: trailing plans and camera saves, the names\' due scan pass, tile fades, the change batcher\'s flush; then the galaxy\'s drawFrame: label placement, render commands); cameraMove: a camera move in an animation frame of its own (`tick`), none here: the flight moves the camera in a run of the frame queue, as the controls do, in frameCallback (setCamera: the planner, the label scan\'s restart, camera listeners); ' +
          'react: React\'s scheduler tasks; otherScript: other script (label scan slices, worker replies, timers); ' +
          'gcOutsideScript: V8 garbage collection outside any script call (the app\'s allocations, collected in a task of its own); ' +
          'browser: the rest of the tasks (style, layout, paint, commit: Chromium\'s own work); gc: all V8 garbage collection, inside script or not. ' +
          'ownMsPerFrame: the app\'s own work (every kind but browser), what the targets bound; cpuMsPerFrame: the total, browser included. ' +
          'profile: V8 sampling profiler, ms over all traced frames.',
        targets: { ownMsPerFrameMedianAtMost: OWN_WORK_BOUND.medianMs, ownMsPerFrameP95AtMost: OWN_WORK_BOUND.p95Ms },
      };
      for (const [galaxy, name] of Object.entries(GALAXIES)) {
        for (const backend of BACKENDS) {
          const key = `${galaxy}-${backend}`;
          if (wantedCases && !wantedCases.includes(key)) continue;
          process.stderr.write(`main-thread: ${key}\n`);
          try {
            results[key] = await measure(bench.page, `${bench.origin}/index.html?renderer=${backend}#/galaxy/${name}`, key);
          } catch (error) {
            results[key] = { error: error instanceof Error ? error.message : String(error) };
          }
        }
      }
      return results;
    } finally {
      await bench.close();
    }
  },
};

export default suite;
