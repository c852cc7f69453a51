import { calibrateEngines } from './calibrateEngines';
import { chooseLayoutEngine, describeEngineChoice, layoutEngineInAddress, type EngineChoice } from './chooseLayoutEngine';
import { CpuLiveLayout } from './cpuLiveLayout';
import type { LayoutGraph, LiveLayout, LiveLayoutFactory } from './liveLayout';
import { webGpuAdapterKind } from './webGpuAdapterKind';

const createCpuLayout: LiveLayoutFactory = async (graph, options) => new CpuLiveLayout(graph, options);

/** The WebGPU compute layout (src/layout/gpu), loaded only when chosen. */
const createGpuLayout: LiveLayoutFactory = async (graph, options) =>
  (await import('../gpu/gpuLiveLayout')).createWebGpuLayout(graph, options);

/**
 * The engine this page runs on `graph` (docs/rules.md#layout): the address's choice; the CPU workers
 * where WebGPU has no adapter; else the faster of the two in a short calibration on a sample of the graph.
 */
export async function pickLayoutEngine(graph: LayoutGraph, seed: number, search: string = globalThis.location?.search ?? ''): Promise<EngineChoice> {
  const inAddress = layoutEngineInAddress(search);
  if (inAddress) return chooseLayoutEngine(inAddress, 'none');
  const adapter = await webGpuAdapterKind();
  if (adapter === 'none') return chooseLayoutEngine(undefined, 'none');
  return chooseLayoutEngine(undefined, adapter, await calibrateEngines(graph, seed));
}

export interface ChosenLiveLayout {
  readonly layout: LiveLayout;
  readonly choice: EngineChoice;
}

/**
 * Starts the chosen live layout. A WebGPU layout that fails to start (no adapter after all, a device
 * refused) hands over to the CPU workers, which run wherever there are Web Workers.
 */
export async function createLiveLayout(graph: LayoutGraph, options: { readonly seed: number }): Promise<ChosenLiveLayout> {
  const choice = await pickLayoutEngine(graph, options.seed);
  console.info(`Layout engine: ${describeEngineChoice(choice)}`);
  if (choice.engine === 'webgpu') {
    try {
      return { layout: await createGpuLayout(graph, options), choice };
    } catch {
      // The CPU workers below.
    }
  }
  if (typeof Worker === 'undefined') throw new Error('No layout engine runs in this browser: it has no Web Workers');
  return { layout: await createCpuLayout(graph, options), choice };
}
