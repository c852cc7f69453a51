import type { EngineTiming } from './chooseLayoutEngine';
import type { CpuLayoutReply, CpuLayoutRequest } from './cpuProtocol';
import type { LayoutGraph } from './liveLayout';

/** Times the CPU workers' layout on `sample` for about `budgetMs` in a worker of its own (the one the layout runs in). */
export function measureCpuEngine(sample: LayoutGraph, seed: number, budgetMs: number): Promise<EngineTiming> {
  const worker = new Worker(new URL('./cpuLayout.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<EngineTiming>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<CpuLayoutReply>) => {
      const message = event.data;
      if (message.type === 'calibration') resolve({ stars: message.stars, iterations: message.iterations, milliseconds: message.milliseconds });
      else reject(new Error(message.type === 'error' ? message.message : 'the worker sent places, not timings'));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(event.message || 'the worker failed'));
    };
    const links = sample.links.slice();
    const request: CpuLayoutRequest = { type: 'calibrate', nodeCount: sample.nodeCount, links, seed, budgetMs };
    worker.postMessage(request, [links.buffer]);
  }).finally(() => worker.terminate());
}
