import type { LayoutFrame, LayoutGraph, LiveLayout } from './liveLayout';
import type { CpuLayoutReply, CpuLayoutRequest } from './cpuProtocol';

/** Time the worker iterates before it sends places to draw: a few frames a second while it settles. */
const STEP_BUDGET_MS = 120;

/** The CLI's force layout (src/layout/multilevel.ts) in a Web Worker, for browsers without WebGPU. */
export class CpuLiveLayout implements LiveLayout {
  readonly engine = 'cpu-workers' as const;
  private readonly worker: Worker;
  private pending: { resolve: (frame: LayoutFrame) => void; reject: (error: Error) => void } | undefined;
  private disposed = false;

  constructor(graph: LayoutGraph, options: { readonly seed: number; readonly iterations?: number }) {
    this.worker = new Worker(new URL('./cpuLayout.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event: MessageEvent<CpuLayoutReply>) => {
      const pending = this.pending;
      this.pending = undefined;
      if (!pending) return;
      const message = event.data;
      if (message.type === 'frame') pending.resolve({ positions: message.positions, iteration: message.iteration, converged: message.converged });
      else if (message.type === 'error') pending.reject(new Error(`The layout stopped: ${message.message}`));
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      const pending = this.pending;
      this.pending = undefined;
      pending?.reject(new Error(`The layout stopped: ${event.message || 'the worker failed (out of memory?)'}`));
    };
    const links = graph.links.slice();
    this.post({ type: 'start', nodeCount: graph.nodeCount, links, seed: options.seed, iterations: options.iterations }, [links.buffer]);
  }

  step(): Promise<LayoutFrame> {
    if (this.disposed) return Promise.reject(new Error('The layout was stopped'));
    if (this.pending) return Promise.reject(new Error('A layout step is already running'));
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.post({ type: 'step', budgetMs: STEP_BUDGET_MS });
    });
  }

  dispose(): void {
    this.disposed = true;
    this.worker.terminate();
    this.pending?.reject(new Error('The layout was stopped'));
    this.pending = undefined;
  }

  private post(message: CpuLayoutRequest, transfer: Transferable[] = []): void {
    this.worker.postMessage(message, transfer);
  }
}
