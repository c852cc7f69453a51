import { runInDawn } from '../../support/dawnChild';
import type { BenchSuite } from '../run';

/**
 * The WebGPU renderer in Node through Dawn, on this machine's Vulkan adapter (SwiftShader here, a
 * real GPU where there is one): tests/bench/gpurender/measureGpuRender.ts in a process of its own,
 * started with the Vulkan environment. BENCH_GPURENDER_GALAXIES, _SIZES, _FRAMES choose what it draws; _PASSES=1 times each pass.
 */
const suite: BenchSuite = {
  name: 'gpu-render',
  async run() {
    try {
      return runInDawn<Record<string, unknown>>('tests/bench/gpurender/measureGpuRender.ts', {}, 60 * 60_000);
    } catch (error) {
      return { skipped: `no WebGPU adapter through Dawn here: ${error instanceof Error ? error.message.slice(0, 500) : String(error)}` };
    }
  },
};

export default suite;
