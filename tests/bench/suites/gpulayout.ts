/**
 * The GPU layout (WebGPU compute in headless Chromium) against the CLI's CPU layout, in one run on
 * the same real graphs: seconds per iteration on the full graph, wall time to convergence, and
 * quality (mean link length / mean random-pair distance, neighbourhood preservation) for both.
 * npm runs on the CPU layout only. Without a GPU, Chromium's WebGPU is SwiftShader (the CPU): the
 * GPU figures then say what this machine does, not what a GPU does; `adapter` tells which.
 *
 * Graphs in FULL run both layouts to convergence. Graphs in SAMPLED run the CPU layout in full and
 * the GPU layout for SAMPLE_ITERATIONS iterations per level only (on SwiftShader crates would take
 * over 90 minutes): its seconds per iteration are measured, its wall time to convergence is
 * extrapolated, and it has no quality figures. Every figure says which it is.
 */
import os from 'node:os';
import { forceLayoutRaw } from '../../../src/layout/forceLayout';
import { gpuLayoutInChromium } from '../../../src/layout/gpu/chromium/gpuLayoutInChromium';
import type { GpuLevelTiming } from '../../../src/layout/gpu/page/protocol';
import { chooseLayoutEngine } from '../../../src/layout/live/chooseLayoutEngine';
import { edgeLengthRatio, linkedNodes, neighbourhoodPreservation } from '../../../src/layout/quality';
import { readSharedGalaxy } from '../../support/readSharedGalaxy';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';
import type { BenchSuite } from '../run';

const list = (value: string | undefined, fallback: string) => (value ?? fallback).split(',').filter(Boolean);
/** About 10k links: both layouts to convergence (elm, 12k links: about 2 minutes on SwiftShader here, cran's 14k about 5). */
const FULL = list(process.env.BENCH_GPULAYOUT_GRAPHS, 'elm');
/** About 150k links: the CPU layout in full, the GPU layout sampled. */
const SAMPLED = list(process.env.BENCH_GPULAYOUT_SAMPLED, 'crates');
/** 474k links: the CPU layout alone. */
const CPU_ONLY = list(process.env.BENCH_GPULAYOUT_CPU_ONLY, 'npm');
/**
 * Iterations per level of a sampled GPU run, in batches of SAMPLE_BATCH; the first batch is left out
 * of the timing. Few, to finish in about 20 minutes: on SwiftShader here iterations 11 to 30 on
 * crates' full graph took 43 s each, iterations 4 to 6 only 7 s (a level's early iterations are the
 * cheap ones), so the default gives a lower bound; BENCH_GPULAYOUT_SAMPLE_ITERATIONS=30 a closer one.
 */
const SAMPLE_ITERATIONS = Number(process.env.BENCH_GPULAYOUT_SAMPLE_ITERATIONS ?? 6);
const SAMPLE_BATCH = Math.max(1, Math.floor(SAMPLE_ITERATIONS / 2));
/** The CPU layout's fixed schedule: every level runs this many iterations (src/layout/forceLayout.ts). */
const CPU_ITERATIONS_PER_LEVEL = 200;
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
    secondsPerIterationIs: `measured over ${finestIterations} iterations on the full graph`,
    finestIterations,
    wallSecondsToConvergence: round((performance.now() - start) / 1000, 2),
    wallSecondsToConvergenceIs: 'measured',
    stoppingRule: 'fixed: 200 iterations per level on a cooling schedule',
    quality: quality(graph, positions),
  };
}

/**
 * Wall time had every level run the CPU schedule's iterations at its measured seconds per iteration.
 * It leaves out coarsening and the hand-over between levels, and does not credit the GPU layout's
 * early stop of a settled level.
 */
function extrapolatedWallSeconds(levels: readonly GpuLevelTiming[]): number {
  return levels.reduce((sum, level) => sum + (level.timedIterations > 0 ? (level.timedSeconds / level.timedIterations) * CPU_ITERATIONS_PER_LEVEL : 0), 0);
}

async function gpuRun(graph: Graph, sampled: boolean) {
  const start = performance.now();
  const request = sampled ? { seed: SEED, iterations: SAMPLE_ITERATIONS, batch: SAMPLE_BATCH } : { seed: SEED, batch: 25 };
  const { positions, stats, backend } = await gpuLayoutInChromium(graph, request);
  const levels = stats.levelTimings.map((level) => ({
    nodes: level.nodes,
    iterations: level.iterations,
    secondsPerIteration: round(level.timedSeconds / Math.max(1, level.timedIterations)),
  }));
  const common = {
    adapter: stats.adapter,
    fallbackAdapter: stats.fallbackAdapter,
    chromiumBackend: backend,
    secondsPerIteration: round(stats.finestSeconds / stats.finestIterations),
    secondsPerIterationIs: `measured over ${stats.finestIterations} iterations on the full graph, read-backs included`,
    levels,
    wallSecondsExtrapolatedAt200PerLevel: round(extrapolatedWallSeconds(stats.levelTimings), 2),
  };
  if (sampled) {
    return {
      ...common,
      run: `sampled: at most ${SAMPLE_ITERATIONS} iterations per level, not converged`,
      wallSecondsToConvergence: round(extrapolatedWallSeconds(stats.levelTimings), 2),
      wallSecondsToConvergenceIs: `extrapolated, a lower bound: each level's measured seconds per iteration x ${CPU_ITERATIONS_PER_LEVEL} iterations (the CPU layout's schedule), coarsening and level hand-over left out; a level's first iterations run faster than its later ones on SwiftShader (docs/decisions.md)`,
      sampleWallSeconds: round(stats.wallSeconds, 2),
      quality: 'not measured: a sampled run does not converge',
    };
  }
  return {
    ...common,
    run: 'full: to convergence',
    converged: stats.converged,
    finestIterations: stats.finestIterations,
    iterationsAllLevels: stats.iterations,
    wallSecondsToConvergence: round(stats.wallSeconds, 2),
    wallSecondsToConvergenceIs: 'measured',
    wallSecondsWithChromium: round((performance.now() - start) / 1000, 2),
    stoppingRule: 'a level ends when its nodes move less than 0.2% of their spacing per iteration, or after 200 iterations',
    quality: quality(graph, positions),
  };
}

type GpuRun = Awaited<ReturnType<typeof gpuRun>>;
type CpuRun = Awaited<ReturnType<typeof cpuRun>>;

function gpuOverCpu(gpu: GpuRun, cpu: CpuRun) {
  const ratios: Record<string, unknown> = {
    secondsPerIteration: round(gpu.secondsPerIteration / cpu.secondsPerIteration, 2),
    wallSecondsToConvergence: round(gpu.wallSecondsToConvergence / cpu.wallSecondsToConvergence, 2),
  };
  if (typeof gpu.quality !== 'string') {
    ratios.edgeLengthRatio = round(gpu.quality.edgeLengthRatio / cpu.quality.edgeLengthRatio, 3);
    ratios.neighbourhoodPreservation = round(gpu.quality.neighbourhoodPreservation / cpu.quality.neighbourhoodPreservation, 3);
  }
  // What the viewer runs for a visitor with this adapter (docs/rules.md#layout).
  ratios.viewerDefaultOnThisAdapter = chooseLayoutEngine(undefined, gpu.fallbackAdapter || /swiftshader/i.test(gpu.adapter) ? 'software' : 'hardware');
  ratios.target = 'edgeLengthRatio <= 1 and neighbourhoodPreservation >= 1 (GPU no worse); speed: see adapter';
  return ratios;
}

const suite: BenchSuite = {
  name: 'gpulayout',
  async run() {
    if (!haveSharedGalaxies) return { skipped: sharedGalaxiesMissingReason };
    const results: Record<string, unknown> = {};
    for (const name of [...FULL, ...SAMPLED, ...CPU_ONLY]) {
      const graph = readSharedGalaxy(name);
      process.stderr.write(`bench gpulayout: ${name} (${graph.nodeCount} nodes, ${graph.sources.length} links)\n`);
      const cpu = await cpuRun(graph);
      const entry: Record<string, unknown> = { nodes: graph.nodeCount, links: graph.sources.length, cpu };
      if (FULL.includes(name) || SAMPLED.includes(name)) {
        const gpu = await gpuRun(graph, !FULL.includes(name));
        entry.gpu = gpu;
        entry.gpuOverCpu = gpuOverCpu(gpu, cpu);
      }
      results[name] = entry;
      // Each graph's figures as soon as they exist: the whole suite takes long without a GPU.
      process.stderr.write(`bench gpulayout: ${name} ${JSON.stringify(entry)}\n`);
    }
    return results;
  },
};

export default suite;
