import { Worker } from 'node:worker_threads';
import type { Octree } from './octree';
import type { RepulsionRunner } from './multilevel';
import { computeRepulsion, TRAVERSAL_STACK_SIZE } from './repulsion';

export interface RepulsionTask {
  id: number;
  tree: Octree;
  positions: Float64Array;
  masses: Float64Array;
  out: Float64Array;
  order: Int32Array;
  start: number;
  end: number;
  theta: number;
  strength: number;
}

/**
 * Splits the repulsion pass over worker threads sharing the tree and positions (SharedArrayBuffer);
 * the calling thread computes the first share itself. With one thread no worker is started.
 */
export class RepulsionPool implements RepulsionRunner {
  private readonly workers: Worker[] = [];
  private readonly stack = new Int32Array(TRAVERSAL_STACK_SIZE);
  private nextId = 0;

  constructor(readonly threads: number) {
    for (let t = 1; t < threads; t++) {
      const worker = new Worker(new URL('./repulsionWorkerBoot.mjs', import.meta.url));
      worker.unref();
      this.workers.push(worker);
    }
  }

  async compute(task: Omit<RepulsionTask, 'id' | 'start' | 'end'>, count: number): Promise<void> {
    const shares = this.workers.length + 1;
    // Workers take the later shares; the caller's share is a little smaller since it also waits.
    const bounds = Array.from({ length: shares + 1 }, (_, k) => Math.round((count * k) / shares));
    const pending = this.workers.map(
      (worker, w) =>
        new Promise<void>((resolve, reject) => {
          const id = this.nextId++;
          const onMessage = (done: number): void => {
            if (done !== id) return;
            worker.off('message', onMessage);
            worker.off('error', reject);
            resolve();
          };
          worker.on('message', onMessage);
          worker.once('error', reject);
          worker.postMessage({ ...task, id, start: bounds[w + 1], end: bounds[w + 2] } satisfies RepulsionTask);
        }),
    );
    computeRepulsion(task.tree, task.positions, task.masses, task.out, task.order, bounds[0], bounds[1], task.theta, task.strength, this.stack);
    await Promise.all(pending);
  }

  async dispose(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
