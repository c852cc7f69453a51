import type { Level } from '../coarsen';
import type { LayoutFrame, LayoutGraph, LiveLayout, LiveLayoutFactory } from '../live/liveLayout';
import { buildLevels, linkedSubgraph, meanMass, placeOnShell, typicalSpacing } from '../levels';
import { seededRandom } from '../random';
import { scaleToGalaxy } from '../scaleToGalaxy';
import { GpuForceEngine, type RepulsionMethod } from './gpuForceEngine';

export interface GpuLayoutOptions {
  readonly seed: number;
  /** Most iterations per level (the CLI layout's default); a level that has settled stops earlier. */
  readonly iterations?: number;
  /** Iterations per `step()`: more run faster, fewer show the layout settle more smoothly. */
  readonly batch?: number;
  readonly theta?: number;
  /** How repulsion is summed: by default the tree rebuilt on the GPU (`tree`); the cell pyramid (`octree`) stays as the measured alternative. */
  readonly method?: RepulsionMethod;
  /** Levels of up to this many nodes sum every pair (tests lower it to run the tree on small graphs). */
  readonly exactUpTo?: number;
  /** A device to share (the viewer's); by default the layout asks for its own. */
  readonly device?: GPUDevice;
}

/** The same forces and step schedule as the CLI's layout (src/layout/forceLayout.ts). */
const DEFAULT_ITERATIONS = 200;
export const DEFAULT_THETA = 1.2;
export const GRAVITY = 0.001;
export const REPULSION = 1;
const DEFAULT_BATCH = 10;
/**
 * A level has settled when, over a batch, its nodes moved on average less than this share of the
 * typical distance between neighbours per iteration (they only jitter around their places).
 */
export const SETTLED_MOVEMENT = 0.002;

/** The live layout, and which level of the multilevel scheme it is refining (0 is the full graph). */
export interface GpuLiveLayout extends LiveLayout {
  readonly level: { readonly index: number; readonly count: number; readonly nodeCount: number };
}

/** Thrown when this browser offers no WebGPU adapter, so that the caller can fall back to the CPU layout. */
export class WebGpuUnavailableError extends Error {
  constructor(reason: string) {
    super(`WebGPU is not available here (${reason})`);
    this.name = 'WebGpuUnavailableError';
  }
}

/** A device of the layout's own, with the adapter's largest storage buffers. */
export async function requestLayoutDevice(): Promise<GPUDevice> {
  if (typeof navigator === 'undefined' || !navigator.gpu) throw new WebGpuUnavailableError('no navigator.gpu');
  const adapter = await navigator.gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) throw new WebGpuUnavailableError('no adapter');
  return adapter.requestDevice({
    requiredLimits: {
      maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
      maxBufferSize: adapter.limits.maxBufferSize,
    },
  });
}

/** Mean distance a node moved between two read-backs, per iteration. */
function meanMovement(before: Float32Array, after: Float32Array, iterations: number): number {
  const n = after.length / 3;
  if (n === 0 || iterations === 0) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += Math.hypot(after[3 * i] - before[3 * i], after[3 * i + 1] - before[3 * i + 1], after[3 * i + 2] - before[3 * i + 2]);
  }
  return sum / n / iterations;
}

/**
 * The CLI's multilevel force layout run in WebGPU compute passes, as a live layout: each `step()`
 * runs a batch of iterations on the current level and hands back every node's position (nodes of
 * coarser levels drawn at their group's place, unlinked nodes in the outer shell). A level ends when
 * it has settled (SETTLED_MOVEMENT) or at its iteration cap; the layout has converged when the
 * finest level has.
 */
export async function createGpuLiveLayout(graph: LayoutGraph, options: GpuLayoutOptions): Promise<GpuLiveLayout> {
  const sources = new Uint32Array(graph.links.length / 2);
  const targets = new Uint32Array(graph.links.length / 2);
  for (let k = 0; k < sources.length; k++) {
    sources[k] = graph.links[2 * k];
    targets[k] = graph.links[2 * k + 1];
  }
  const seed = options.seed;
  const iterations = options.iterations ?? DEFAULT_ITERATIONS;
  const batch = Math.max(1, options.batch ?? DEFAULT_BATCH);
  const { linked, subgraph } = linkedSubgraph({ nodeCount: graph.nodeCount, sources, targets });
  const { levels, parents } = buildLevels(subgraph, seed);
  // ancestors[l][j]: the node of level l that linked node j is part of.
  const ancestors: Uint32Array[] = [Uint32Array.from({ length: subgraph.nodeCount }, (_, j) => j)];
  for (let l = 1; l < levels.length; l++) ancestors.push(ancestors[l - 1].map((node) => parents[l - 1][node]));

  const device = options.device ?? (await requestLayoutDevice());
  const ownDevice = !options.device;
  const finest = levels[0];
  const engine = await GpuForceEngine.create(
    device,
    { nodes: finest.nodeCount, adjacency: 2 * finest.sources.length },
    { theta: options.theta ?? DEFAULT_THETA, gravity: GRAVITY, repulsion: REPULSION, method: options.method ?? 'tree', exactUpTo: options.exactUpTo },
  );

  const random = seededRandom(seed);
  let levelIndex = levels.length - 1;
  let levelPositions: Float32Array = new Float32Array(0);
  let levelIteration = 0;
  let totalIterations = 0;
  let converged = false;

  const startLevel = (level: Level, positions: Float32Array, initialStep: number): void => {
    levelPositions = positions;
    levelIteration = 0;
    engine.load(level, positions, { initialStep, iterations });
  };

  {
    // The coarsest level starts from a random cloud, as in the CLI's layout.
    const level = levels[levelIndex];
    const spread = 8 * Math.cbrt(level.nodeCount) * Math.sqrt(meanMass(level));
    const positions = new Float32Array(3 * level.nodeCount);
    for (let i = 0; i < positions.length; i++) positions[i] = (random() - 0.5) * spread;
    startLevel(level, positions, spread / 20);
  }

  const nextLevel = (): void => {
    // Children start around their group's place, a little apart so that they can separate.
    const coarse = Float64Array.from(levelPositions);
    const spacing = typicalSpacing(coarse);
    levelIndex--;
    const level = levels[levelIndex];
    const parentOf = parents[levelIndex];
    const positions = new Float32Array(3 * level.nodeCount);
    for (let i = 0; i < level.nodeCount; i++) {
      for (let a = 0; a < 3; a++) positions[3 * i + a] = coarse[3 * parentOf[i] + a] + (random() - 0.5) * spacing * 0.2;
    }
    startLevel(level, positions, spacing * 0.5);
  };

  const frame = (): LayoutFrame => {
    const ancestor = ancestors[levelIndex];
    const linkedPositions = new Float64Array(3 * linked.length);
    for (let j = 0; j < linked.length; j++) {
      for (let a = 0; a < 3; a++) linkedPositions[3 * j + a] = levelPositions[3 * ancestor[j] + a];
    }
    const positions = new Float64Array(3 * graph.nodeCount);
    const isLinked = new Uint8Array(graph.nodeCount);
    for (let j = 0; j < linked.length; j++) {
      isLinked[linked[j]] = 1;
      for (let a = 0; a < 3; a++) positions[3 * linked[j] + a] = linkedPositions[3 * j + a];
    }
    if (linked.length < graph.nodeCount) placeOnShell(positions, isLinked, linkedPositions, seed);
    return { positions: scaleToGalaxy(positions), iteration: totalIterations, converged };
  };

  let disposed = false;
  let pending: Promise<LayoutFrame> | undefined;

  const advance = async (): Promise<LayoutFrame> => {
    if (converged) return frame();
    const level = levels[levelIndex];
    if (level.nodeCount < 2) {
      converged = levelIndex === 0;
      if (!converged) nextLevel();
      return frame();
    }
    const count = Math.min(batch, iterations - levelIteration);
    engine.run(count);
    const readout = await engine.read();
    const movement = meanMovement(levelPositions, readout.positions, count);
    const spacing = typicalSpacing(Float64Array.from(readout.positions));
    levelPositions = readout.positions;
    levelIteration = readout.iteration;
    totalIterations += count;
    const settled = movement < SETTLED_MOVEMENT * spacing;
    if (settled || levelIteration >= iterations) {
      if (levelIndex === 0) converged = true;
      else nextLevel();
    }
    return frame();
  };

  return {
    engine: 'webgpu',
    get level() {
      return { index: levelIndex, count: levels.length, nodeCount: levels[levelIndex].nodeCount };
    },
    step(): Promise<LayoutFrame> {
      if (disposed) return Promise.reject(new Error('the layout was disposed'));
      // A step asked for while one runs gets that step's frame: batches never overlap on the GPU.
      pending ??= advance().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    dispose(): void {
      if (disposed) return;
      disposed = true;
      engine.dispose();
      if (ownDevice) device.destroy();
    },
  };
}

/** The GPU layout behind the `LiveLayout` interface the viewer uses. */
export const createWebGpuLayout: LiveLayoutFactory = (graph, options) => createGpuLiveLayout(graph, { seed: options.seed });
