import { chooseLayoutEngine, layoutEngineInAddress, type LayoutEngine } from './chooseLayoutEngine';
import { CpuLiveLayout } from './cpuLiveLayout';
import type { LayoutGraph, LiveLayoutFactory } from './liveLayout';
import { webGpuAdapterKind } from './webGpuAdapterKind';

const createCpuLayout: LiveLayoutFactory = async (graph, options) => new CpuLiveLayout(graph, options);

/** The WebGPU compute layout (src/layout/gpu), loaded only when chosen. */
const createGpuLayout: LiveLayoutFactory = async (graph, options) =>
  (await import('../gpu/gpuLiveLayout')).createWebGpuLayout(graph, options);

/** The engine this page runs (docs/rules.md#layout): the address's choice, else by the WebGPU adapter. */
export async function pickLayoutEngine(search: string = globalThis.location?.search ?? ''): Promise<LayoutEngine> {
  const inAddress = layoutEngineInAddress(search);
  return chooseLayoutEngine(inAddress, inAddress ? 'none' : await webGpuAdapterKind());
}

/**
 * Starts the chosen live layout. A WebGPU layout that fails to start (no adapter after all, a device
 * refused) hands over to the CPU workers, which run wherever there are Web Workers.
 */
export const createLiveLayout: LiveLayoutFactory = async (graph: LayoutGraph, options) => {
  if ((await pickLayoutEngine()) === 'webgpu') {
    try {
      return await createGpuLayout(graph, options);
    } catch {
      // The CPU workers below.
    }
  }
  if (typeof Worker === 'undefined') throw new Error('No layout engine runs in this browser: it has no Web Workers');
  return createCpuLayout(graph, options);
};
