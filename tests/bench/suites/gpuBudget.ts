import { runInDawn } from '../../support/dawnChild';
import type { BenchSuite } from '../run';

/**
 * The star budget fed by the GPU's frame times in Node through Dawn (SwiftShader here, a real GPU
 * where there is one): tests/bench/gpurender/measureGpuBudget.ts in a process of its own.
 * BENCH_GPUBUDGET_STARS, _FPS, _SIZES and _MS (per phase) choose what it draws.
 */
const suite: BenchSuite = {
  name: 'gpu-budget',
  async run() {
    try {
      return runInDawn<Record<string, unknown>>('tests/bench/gpurender/measureGpuBudget.ts', {}, 20 * 60_000);
    } catch (error) {
      return { skipped: `no WebGPU adapter through Dawn here: ${error instanceof Error ? error.message.slice(0, 500) : String(error)}` };
    }
  },
};

export default suite;
