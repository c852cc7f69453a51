import { createGpuLiveLayout } from '../gpuLiveLayout';
import type { LayoutFrame } from '../../live/liveLayout';
import { decodeGraph, GRAPH_PATH, PAGE_ENTRY, POSITIONS_PATH, type GpuLayoutRequest, type GpuLayoutStats, type GpuLevelTiming } from './protocol';

/**
 * The page `galaxy build --gpu` and the GPU layout bench drive in headless Chromium: it fetches the
 * graph, runs the GPU layout until it converges (or each level to `iterations`), posts the positions back and answers with timings.
 */
async function run(request: GpuLayoutRequest): Promise<GpuLayoutStats> {
  const response = await fetch(GRAPH_PATH);
  if (!response.ok) throw new Error(`${GRAPH_PATH}: HTTP ${response.status}`);
  const graph = decodeGraph(await response.arrayBuffer());
  const adapter = await navigator.gpu?.requestAdapter({ powerPreference: 'high-performance' });
  const start = performance.now();
  const layout = await createGpuLiveLayout(graph, request);
  try {
    const levels = new Map<number, GpuLevelTiming>();
    let batchesOnLevel = 0;
    let last = 0;
    let frame: LayoutFrame;
    do {
      const { index, nodeCount } = layout.level;
      const stepStart = performance.now();
      frame = await layout.step();
      const seconds = (performance.now() - stepStart) / 1000;
      const iterations = frame.iteration - last;
      last = frame.iteration;
      let timing = levels.get(index);
      if (!timing) {
        timing = { nodes: nodeCount, iterations: 0, timedIterations: 0, timedSeconds: 0 };
        levels.set(index, timing);
        batchesOnLevel = 0;
      }
      timing.iterations += iterations;
      batchesOnLevel++;
      if (batchesOnLevel === 2) {
        // The first batch is left out once a second one is timed (see GpuLevelTiming).
        timing.timedIterations = 0;
        timing.timedSeconds = 0;
      }
      timing.timedIterations += iterations;
      timing.timedSeconds += seconds;
    } while (!frame.converged);
    const levelTimings = [...levels.entries()].sort(([a], [b]) => b - a).map(([, timing]) => timing);
    const finest = levels.get(0);
    const wallSeconds = (performance.now() - start) / 1000;
    const posted = await fetch(POSITIONS_PATH, { method: 'POST', body: new Uint8Array(frame.positions.buffer as ArrayBuffer, frame.positions.byteOffset, frame.positions.byteLength) });
    if (!posted.ok) throw new Error(`${POSITIONS_PATH}: HTTP ${posted.status}`);
    const info = adapter?.info;
    return {
      adapter: info ? [info.vendor, info.architecture, info.description].filter(Boolean).join(' ') || 'unknown' : 'none',
      converged: frame.converged,
      iterations: frame.iteration,
      levels: layout.level.count,
      finestIterations: finest?.timedIterations ?? 0,
      finestSeconds: finest?.timedSeconds ?? 0,
      fallbackAdapter: info?.isFallbackAdapter ?? false,
      levelTimings,
      wallSeconds,
    };
  } finally {
    layout.dispose();
  }
}

Object.assign(window, { [PAGE_ENTRY]: run });
