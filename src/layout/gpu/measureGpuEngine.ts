import type { EngineTiming } from '../live/chooseLayoutEngine';
import type { LayoutGraph } from '../live/liveLayout';
import { fineLevel, linkedSubgraph, meanMass } from '../levels';
import { seededRandom } from '../random';
import { GpuForceEngine } from './gpuForceEngine';
import { DEFAULT_THETA, GRAVITY, REPULSION, requestLayoutDevice } from './gpuLiveLayout';

/** Iterations per submission while timing, each read back as the live layout reads its batches. */
const TIMED_BATCH = 2;

/**
 * Times the WebGPU layout's iterations (the default tree method) on `sample`'s linked nodes, laid out
 * from a random cloud, for about `budgetMs`; the first batch, which compiles the pipelines and uploads
 * the level, is not timed. On a device of its own, destroyed after; `signal` stops it between two
 * pipeline compiles or two batches (before any compile when it comes while the device is requested).
 */
export async function measureGpuEngine(sample: LayoutGraph, seed: number, budgetMs: number, signal?: AbortSignal): Promise<EngineTiming> {
  const sources = new Uint32Array(sample.links.length / 2);
  const targets = new Uint32Array(sample.links.length / 2);
  for (let k = 0; k < sources.length; k++) {
    sources[k] = sample.links[2 * k];
    targets[k] = sample.links[2 * k + 1];
  }
  const level = fineLevel(linkedSubgraph({ nodeCount: sample.nodeCount, sources, targets }).subgraph);
  if (level.nodeCount < 2) return { stars: level.nodeCount, iterations: 0, milliseconds: 0 };
  const device = await requestLayoutDevice();
  let engine: GpuForceEngine;
  try {
    // Past the deadline the compiles stop (before the first when it passed while the device was
    // requested): on SwiftShader each holds the GPU process's main thread, and so every frame of
    // the page, for a timing nobody waits for.
    engine = await GpuForceEngine.create(
      device,
      { nodes: level.nodeCount, adjacency: 2 * level.sources.length },
      { theta: DEFAULT_THETA, gravity: GRAVITY, repulsion: REPULSION, method: 'tree' },
      signal,
    );
  } catch (error) {
    device.destroy();
    throw error;
  }
  try {
    const random = seededRandom(seed);
    const spread = 8 * Math.cbrt(level.nodeCount) * Math.sqrt(meanMass(level));
    const positions = Float32Array.from({ length: 3 * level.nodeCount }, () => (random() - 0.5) * spread);
    engine.load(level, positions, { initialStep: spread / 20, iterations: 200 });
    engine.run(TIMED_BATCH);
    await engine.read();
    signal?.throwIfAborted();
    const start = performance.now();
    let iterations = 0;
    do {
      engine.run(TIMED_BATCH);
      await engine.read();
      iterations += TIMED_BATCH;
      signal?.throwIfAborted();
    } while (performance.now() - start < budgetMs && iterations + TIMED_BATCH < 200 - TIMED_BATCH);
    return { stars: level.nodeCount, iterations, milliseconds: performance.now() - start };
  } finally {
    engine.dispose();
    device.destroy();
  }
}
