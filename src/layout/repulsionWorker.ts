import { parentPort } from 'node:worker_threads';
import { computeRepulsion, TRAVERSAL_STACK_SIZE } from './repulsion';
import type { RepulsionTask } from './repulsionPool';

const stack = new Int32Array(TRAVERSAL_STACK_SIZE);

parentPort?.on('message', (task: RepulsionTask) => {
  computeRepulsion(task.tree, task.positions, task.masses, task.out, task.order, task.start, task.end, task.theta, task.strength, stack);
  parentPort?.postMessage(task.id);
});
