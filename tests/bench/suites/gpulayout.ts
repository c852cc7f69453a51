/**
 * The GPU layout (WebGPU compute in headless Chromium) against the CLI's CPU layout, in one run on
 * the same real graphs: seconds per iteration on the full graph, wall time to convergence, and
 * quality (mean link length / mean random-pair distance, neighbourhood preservation) for both.
 * npm runs on the CPU layout only. Without a GPU, Chromium's WebGPU is SwiftShader (the CPU): the
 * GPU figures then say what this machine does, not what a GPU does; `adapter` tells which.
 */
import os from 'node:os';
import { forceLayoutRaw } from '../../../src/layout/forceLayout';
import { gpuLayoutInChromium } from '../../../src/layout/gpu/chromium/gpuLayoutInChromium';
import { edgeLengthRatio, linkedNodes, neighbourhoodPreservation } from '../../../src/layout/quality';
import { readSharedGalaxy } from '../../support/readSharedGalaxy';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';
import type { BenchSuite } from '../run';

/** Graphs for both layouts (about 10k and 150k links) and for the CPU layout alone (474k links). */
const BOTH = (process.env.BENCH_GPULAYOUT_GRAPHS ?? 'cran,crates').split(',').filter(Boolean);
const CPU_ONLY = (process.env.BENCH_GPULAYOUT_CPU_ONLY ?? 'npm').split(',').filter(Boolean);
const SEED = 42;
const round = (value: number, digits = 4) => Number(value.toFixed(digits));

type Graph = ReturnType<typeof readSharedGalaxy>;

function quality(graph: Graph, positions: ArrayLike<number>) {
  const linked = linkedNodes(graph.nodeCount, graph.sources, graph.targets);
  return {
    edgeLengthRatio: round(edgeLengthRatio(positions, graph.sources, graph.targets)),
    edgeLengthRatioLinkedOnly: round(edgeLengthRatio(positions, graph.sources, graph.targets, 200_000, 7, linked)),
    neighbourhoodPreservation: round(neighbourhoodPreservation(positions, graph.sources, graph.targets, 1000)),
  };
}

async function cpuRun(graph: Graph) {
  const threads = os.availableParallelism();
  let finestNodes = 0;
  let finestMs = 0;
  let finestIterations = 0;
  let last = performance.now();
  const start = last;
  const positions = await forceLayoutRaw(graph, {
    seed: SEED,
    threads: graph.nodeCount > 20_000 ? threads : 1,
    onIteration: (_done, _total, levelNodes) => {
      const now = performance.now();
      if (levelNodes > finestNodes) {
        finestNodes = levelNodes;
        finestMs = 0;
        finestIterations = 0;
      }
      if (levelNodes === finestNodes) {
        finestMs += now - last;
        finestIterations++;
      }
      last = now;
    },
  });
  return {
    threads: graph.nodeCount > 20_000 ? threads : 1,
    secondsPerIteration: round(finestMs / 1000 / finestIterations),
    finestIterations,
    wallSecondsToConvergence: round((performance.now() - start) / 1000, 2),
    stoppingRule: 'fixed: 200 iterations per level on a cooling schedule',
    quality: quality(graph, positions),
  };
}

async function gpuRun(graph: Graph) {
  const start = performance.now();
  const { positions, stats, backend } = await gpuLayoutInChromium(graph, { seed: SEED, batch: 25 });
  return {
    adapter: stats.adapter,
    chromiumBackend: backend,
    converged: stats.converged,
    secondsPerIteration: round(stats.finestSeconds / stats.finestIterations),
    finestIterations: stats.finestIterations,
    iterationsAllLevels: stats.iterations,
    wallSecondsToConvergence: round(stats.wallSeconds, 2),
    wallSecondsWithChromium: round((performance.now() - start) / 1000, 2),
    stoppingRule: 'a level ends when its nodes move less than 0.2% of their spacing per iteration, or after 200 iterations',
    quality: quality(graph, positions),
  };
}

const suite: BenchSuite = {
  name: 'gpulayout',
  async run() {
    if (!haveSharedGalaxies) return { skipped: sharedGalaxiesMissingReason };
    const results: Record<string, unknown> = {};
    for (const name of [...BOTH, ...CPU_ONLY]) {
      const graph = readSharedGalaxy(name);
      process.stderr.write(`bench gpulayout: ${name} (${graph.nodeCount} nodes, ${graph.sources.length} links)\n`);
      const cpu = await cpuRun(graph);
      const entry: Record<string, unknown> = { nodes: graph.nodeCount, links: graph.sources.length, cpu };
      if (BOTH.includes(name)) {
        const gpu = await gpuRun(graph);
        entry.gpu = gpu;
        entry.gpuOverCpu = {
          secondsPerIteration: round(gpu.secondsPerIteration / cpu.secondsPerIteration, 2),
          wallSecondsToConvergence: round(gpu.wallSecondsToConvergence / cpu.wallSecondsToConvergence, 2),
          edgeLengthRatio: round(gpu.quality.edgeLengthRatio / cpu.quality.edgeLengthRatio, 3),
          neighbourhoodPreservation: round(gpu.quality.neighbourhoodPreservation / cpu.quality.neighbourhoodPreservation, 3),
          target: 'edgeLengthRatio <= 1 and neighbourhoodPreservation >= 1 (GPU no worse); speed: see adapter',
        };
      }
      results[name] = entry;
      // Each graph's figures as soon as they exist: the whole suite takes long without a GPU.
      process.stderr.write(`bench gpulayout: ${name} ${JSON.stringify(entry)}\n`);
    }
    return results;
  },
};

export default suite;
