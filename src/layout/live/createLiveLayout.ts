import { CpuLiveLayout } from './cpuLiveLayout';
import type { LayoutGraph, LiveLayout, LiveLayoutFactory } from './liveLayout';

/** One way to lay out in the browser, tried in order by `createLiveLayout`. */
export interface LiveLayoutEngine {
  readonly engine: LiveLayout['engine'];
  /** Whether this browser can run it (e.g. `navigator.gpu` for WebGPU). */
  available(): boolean;
  create: LiveLayoutFactory;
}

const cpuEngine: LiveLayoutEngine = {
  engine: 'cpu-workers',
  available: () => typeof Worker !== 'undefined',
  create: async (graph, options) => new CpuLiveLayout(graph, options),
};

/**
 * The WebGPU compute layout (src/layout/gpu). Opt-in with `?layout=webgpu` until it is measured to
 * pay on visitors' GPUs against the CPU workers (docs/decisions.md); loaded only when chosen.
 */
const webGpuEngine: LiveLayoutEngine = {
  engine: 'webgpu',
  available: () => typeof navigator !== 'undefined' && 'gpu' in navigator && forcedLayoutEngine() === 'webgpu',
  create: async (graph, options) => (await import('../gpu/gpuLiveLayout')).createWebGpuLayout(graph, options),
};

/**
 * Engines best first. The WebGPU compute layout (src/layout/gpu) registers itself ahead of the CPU
 * one with `registerLiveLayoutEngine`; the CPU workers stay the fallback.
 */
const engines: LiveLayoutEngine[] = [webGpuEngine, cpuEngine];

export function registerLiveLayoutEngine(engine: LiveLayoutEngine): void {
  engines.unshift(engine);
}

/** `?layout=cpu-workers` or `?layout=webgpu` in the page address forces one engine. */
export function forcedLayoutEngine(search: string = globalThis.location?.search ?? ''): LiveLayout['engine'] | undefined {
  const value = new URLSearchParams(search).get('layout');
  return value === 'cpu-workers' || value === 'webgpu' ? value : undefined;
}

/** The first available engine that starts; one that fails to start hands over to the next. */
export const createLiveLayout: LiveLayoutFactory = async (graph: LayoutGraph, options) => {
  const forced = forcedLayoutEngine();
  const candidates = engines.filter((engine) => (forced ? engine.engine === forced : true) && engine.available());
  let lastError: unknown = new Error('No layout engine runs in this browser');
  for (const engine of candidates) {
    try {
      return await engine.create(graph, options);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
};
