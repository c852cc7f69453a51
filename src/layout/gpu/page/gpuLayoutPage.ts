import { createGpuLiveLayout } from '../gpuLiveLayout';
import { decodeGraph, GRAPH_PATH, PAGE_ENTRY, POSITIONS_PATH, type GpuLayoutRequest, type GpuLayoutStats } from './protocol';

/**
 * The page `galaxy build --gpu` and the GPU layout bench drive in headless Chromium: it fetches the
 * graph, runs the GPU layout until it converges, posts the positions back and answers with timings.
 */
async function run(request: GpuLayoutRequest): Promise<GpuLayoutStats> {
  const response = await fetch(GRAPH_PATH);
  if (!response.ok) throw new Error(`${GRAPH_PATH}: HTTP ${response.status}`);
  const graph = decodeGraph(await response.arrayBuffer());
  const adapter = await navigator.gpu?.requestAdapter({ powerPreference: 'high-performance' });
  const start = performance.now();
  const layout = await createGpuLiveLayout(graph, request);
  try {
    let finestSeconds = 0;
    let finestIterations = 0;
    let frame = await layout.step();
    let last = frame.iteration;
    while (!frame.converged) {
      const onFinest = layout.level.index === 0;
      const stepStart = performance.now();
      frame = await layout.step();
      if (onFinest) {
        finestSeconds += (performance.now() - stepStart) / 1000;
        finestIterations += frame.iteration - last;
      }
      last = frame.iteration;
    }
    const wallSeconds = (performance.now() - start) / 1000;
    const posted = await fetch(POSITIONS_PATH, { method: 'POST', body: new Uint8Array(frame.positions.buffer as ArrayBuffer, frame.positions.byteOffset, frame.positions.byteLength) });
    if (!posted.ok) throw new Error(`${POSITIONS_PATH}: HTTP ${posted.status}`);
    const info = adapter?.info;
    return {
      adapter: info ? [info.vendor, info.architecture, info.description].filter(Boolean).join(' ') || 'unknown' : 'none',
      converged: frame.converged,
      iterations: frame.iteration,
      levels: layout.level.count,
      finestIterations,
      finestSeconds,
      wallSeconds,
    };
  } finally {
    layout.dispose();
  }
}

Object.assign(window, { [PAGE_ENTRY]: run });
