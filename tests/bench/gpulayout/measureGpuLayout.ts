/**
 * The GPU layout measured in Node through Dawn, on whatever Vulkan adapter this process finds:
 * `npm run bench -- gpulayout` starts it with this machine's Vulkan environment
 * (src/layout/gpu/node/vulkanEnvironment.ts); scripts/gpu-measure.sh runs it on a machine with a GPU.
 * Prints one JSON document on stdout, progress on stderr.
 *
 * Per graph, on its stars' positions (generated ones, or a shared galaxy's published layout):
 * repulsion interactions per star per iteration, counted on the GPU (node-node and node-cell; the
 * same figure on any machine), seconds per iteration and the time of each pass (timestamp queries,
 * where the adapter has them), against the CPU layout's force pass on the same positions and the
 * same machine. For the graphs in CONVERGE, both layouts run to the end from scratch: wall time
 * and both quality measures.
 */
import os from 'node:os';
import { forceLayoutRaw } from '../../../src/layout/forceLayout';
import { createGpuLiveLayout } from '../../../src/layout/gpu/gpuLiveLayout';
import { GpuForceEngine, type RepulsionMethod } from '../../../src/layout/gpu/gpuForceEngine';
import { openDawnDevice } from '../../../src/layout/gpu/node/dawnDevice';
import { fineLevel } from '../../../src/layout/levels';
import { allocateOctree, buildOctree, depthFirstBodies } from '../../../src/layout/octree';
import { RepulsionPool } from '../../../src/layout/repulsionPool';
import { edgeLengthRatio, linkedNodes, neighbourhoodPreservation } from '../../../src/layout/quality';
import { readSharedGalaxy } from '../../support/readSharedGalaxy';
import { haveSharedGalaxies } from '../../support/sharedGalaxies';
import { generatedLayout, type GeneratedShape } from '../support/generatedLayouts';

const list = (value: string | undefined, fallback: string) => (value ?? fallback).split(',').filter(Boolean);
const SIZES = list(process.env.BENCH_GPULAYOUT_SIZES, '10000,100000,1000000').map(Number);
const SHARED = list(process.env.BENCH_GPULAYOUT_SHARED, 'crates,npm');
/** Run from scratch to convergence by both layouts: generated graphs as `uniform-10000`, shared ones by name. */
const CONVERGE = list(process.env.BENCH_GPULAYOUT_CONVERGE, 'uniform-10000,clustered-10000,elm');
/** Iterations timed and counted per graph (after one to warm up). */
const ITERATIONS = Number(process.env.BENCH_GPULAYOUT_ITERATIONS ?? 3);
/** Repulsion methods measured per graph: the tree (after) and the cell pyramid (before). */
const METHODS = list(process.env.BENCH_GPULAYOUT_METHODS, 'tree,octree') as RepulsionMethod[];
/** The method the convergence runs use. */
const CONVERGE_METHOD = (process.env.BENCH_GPULAYOUT_CONVERGE_METHOD ?? 'tree') as RepulsionMethod;
/** Skip the CPU's force pass above this many stars (it takes minutes on a few cores). */
const CPU_UP_TO = Number(process.env.BENCH_GPULAYOUT_CPU_UP_TO ?? Infinity);
const THETA = 1.2;
const SEED = 42;
const round = (value: number, digits = 4) => Number(value.toFixed(digits));
const log = (line: string) => process.stderr.write(`gpulayout: ${line}\n`);

interface Graph {
  nodeCount: number;
  sources: Uint32Array;
  targets: Uint32Array;
  positions: Float32Array;
}

function graphNamed(name: string): Graph {
  const generated = /^(uniform|clustered)-(\d+)$/.exec(name);
  if (generated) return generatedLayout(Number(generated[2]), generated[1] as GeneratedShape);
  return readSharedGalaxy(name);
}

function quality(graph: Graph, positions: ArrayLike<number>) {
  const linked = linkedNodes(graph.nodeCount, graph.sources, graph.targets);
  return {
    edgeLengthRatio: round(edgeLengthRatio(positions, graph.sources, graph.targets, 200_000, 7, linked)),
    neighbourhoodPreservation: round(neighbourhoodPreservation(positions, graph.sources, graph.targets, 1000)),
  };
}

async function gpuIterations(device: GPUDevice, graph: Graph, timestamps: boolean, method: RepulsionMethod) {
  const level = fineLevel(graph);
  const engine = await GpuForceEngine.create(device, { nodes: graph.nodeCount, adjacency: 2 * graph.sources.length }, { theta: THETA, gravity: 0.001, repulsion: 1, method });
  try {
    // A tiny step: the stars stay where the layout left them while they are counted.
    engine.load(level, graph.positions, { initialStep: 1e-4, iterations: 200 });
    engine.run(1);
    await engine.read();
    const start = performance.now();
    engine.run(ITERATIONS);
    await engine.read();
    const secondsPerIteration = (performance.now() - start) / 1000 / ITERATIONS;
    const interactions = await engine.interactions();
    const passes = timestamps ? await engine.profile() : undefined;
    return {
      interactionsPerStarPerIteration: { nodeNode: round(interactions.nodeNode, 1), nodeCell: round(interactions.nodeCell, 1), total: round(interactions.nodeNode + interactions.nodeCell, 1) },
      secondsPerIteration: round(secondsPerIteration),
      secondsPerIterationIs: `measured over ${ITERATIONS} iterations on the full graph, read-back included`,
      passMilliseconds: passes ?? 'no timestamp-query on this adapter',
    };
  } finally {
    engine.dispose();
  }
}

/** The CPU layout's force pass (octree build and repulsion on every thread) on the same positions. */
async function cpuIteration(graph: Graph) {
  const n = graph.nodeCount;
  const level = fineLevel(graph);
  const shared = (length: number) => new Float64Array(new SharedArrayBuffer(8 * Math.max(1, length)));
  const positions = shared(3 * n);
  positions.set(graph.positions);
  const masses = shared(n);
  masses.set(level.masses);
  const out = shared(3 * n);
  const order = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, n)));
  const threads = os.availableParallelism();
  const pool = new RepulsionPool(threads);
  try {
    let tree = allocateOctree(n, 2 * n + 64, true);
    const stack = new Int32Array(8 * 64);
    const times: number[] = [];
    for (let k = 0; k < 1 + ITERATIONS; k++) {
      const start = performance.now();
      while (!buildOctree(tree, positions, masses)) tree = allocateOctree(n, tree.firstBody.length * 2, true);
      depthFirstBodies(tree, order, stack);
      await pool.compute({ tree, positions, masses, out, order, theta: THETA, strength: 1 }, n);
      if (k > 0) times.push((performance.now() - start) / 1000);
    }
    times.sort((a, b) => a - b);
    return { threads, repulsionSecondsPerIteration: round(times[Math.floor(times.length / 2)]), is: 'median of the octree build and repulsion pass, springs left out (cheap on the CPU)' };
  } finally {
    await pool.dispose();
  }
}

async function converge(device: GPUDevice, graph: Graph) {
  const gpuStart = performance.now();
  const layout = await createGpuLiveLayout({ nodeCount: graph.nodeCount, links: interleave(graph) }, { seed: SEED, device, batch: 25, method: CONVERGE_METHOD });
  let frame;
  try {
    do frame = await layout.step();
    while (!frame.converged);
  } finally {
    layout.dispose();
  }
  const gpuSeconds = (performance.now() - gpuStart) / 1000;
  const cpuStart = performance.now();
  const cpu = await forceLayoutRaw(graph, { seed: SEED, threads: graph.nodeCount > 20_000 ? os.availableParallelism() : 1 });
  const cpuSeconds = (performance.now() - cpuStart) / 1000;
  const gpuQuality = quality(graph, frame.positions);
  const cpuQuality = quality(graph, cpu);
  return {
    gpu: { method: CONVERGE_METHOD, wallSecondsToConvergence: round(gpuSeconds, 2), iterations: frame.iteration, quality: gpuQuality },
    cpu: { wallSecondsToConvergence: round(cpuSeconds, 2), stoppingRule: '200 iterations per level', quality: cpuQuality },
    gpuOverCpu: {
      wallSecondsToConvergence: round(gpuSeconds / cpuSeconds, 2),
      edgeLengthRatio: round(gpuQuality.edgeLengthRatio / cpuQuality.edgeLengthRatio, 3),
      neighbourhoodPreservation: round(gpuQuality.neighbourhoodPreservation / cpuQuality.neighbourhoodPreservation, 3),
    },
  };
}

function interleave(graph: Graph): Uint32Array {
  const links = new Uint32Array(2 * graph.sources.length);
  for (let k = 0; k < graph.sources.length; k++) {
    links[2 * k] = graph.sources[k];
    links[2 * k + 1] = graph.targets[k];
  }
  return links;
}

const dawn = await openDawnDevice({ allowSoftware: true });
log(`adapter: ${dawn.adapter}${dawn.software ? ' (software)' : ''}`);
const names = [
  ...SIZES.flatMap((size) => [`uniform-${size}`, `clustered-${size}`]),
  ...(haveSharedGalaxies ? SHARED : []),
];
const perIteration: Record<string, unknown> = {};
for (const name of names) {
  const graph = graphNamed(name);
  log(`${name}: ${graph.nodeCount} stars, ${graph.sources.length} links`);
  const gpu: Record<string, Awaited<ReturnType<typeof gpuIterations>>> = {};
  for (const method of METHODS) {
    gpu[method] = await gpuIterations(dawn.device, graph, dawn.timestamps, method);
    log(`${name} ${method}: ${JSON.stringify(gpu[method])}`);
  }
  const cpu = graph.nodeCount <= CPU_UP_TO ? await cpuIteration(graph) : undefined;
  const gpuOverCpuSecondsPerIteration = cpu ? Object.fromEntries(METHODS.map((method) => [method, round(gpu[method].secondsPerIteration / cpu.repulsionSecondsPerIteration, 2)])) : 'CPU not measured at this size';
  perIteration[name] = { stars: graph.nodeCount, links: graph.sources.length, gpu, cpu, gpuOverCpuSecondsPerIteration };
  log(`${name}: ${JSON.stringify(perIteration[name])}`);
}
const convergence: Record<string, unknown> = {};
for (const name of CONVERGE) {
  if (!/^(uniform|clustered)-/.test(name) && !haveSharedGalaxies) continue;
  const graph = graphNamed(name);
  log(`${name}: to convergence`);
  convergence[name] = { stars: graph.nodeCount, links: graph.sources.length, ...(await converge(dawn.device, graph)) };
  log(`${name}: ${JSON.stringify(convergence[name])}`);
}
dawn.device.destroy();
process.stdout.write(`${JSON.stringify({ adapter: dawn.adapter, software: dawn.software, timestampQuery: dawn.timestamps, cpuThreads: os.availableParallelism(), perIteration, convergence })}\n`);
