import type { Level } from './coarsen';
import { buildLevels, linkedSubgraph, meanMass, placeOnShell, typicalSpacing, type LayoutInput } from './multilevel';
import { allocateOctree, buildOctree, depthFirstBodies, type Octree } from './octree';
import { seededRandom } from './random';
import { TRAVERSAL_STACK_SIZE } from './repulsion';
import { RepulsionPool } from './repulsionPool';
import { scaleToGalaxy } from './scaleToGalaxy';

export type { LayoutInput } from './multilevel';

export interface LayoutOptions {
  seed?: number;
  /** Iterations on the full graph; each coarser level gets as many (they cost less). */
  iterations?: number;
  /** Threads sharing the repulsion pass; defaults to 1. */
  threads?: number;
  /** Barnes–Hut accuracy: larger is faster and coarser. */
  theta?: number;
  /**
   * Progress over all levels in node-iterations (an iteration on a level of k nodes counts k, so
   * that the share done tracks the time spent); `levelNodes` is the size of the level being refined.
   */
  onIteration?: (done: number, total: number, levelNodes: number) => void;
  signal?: AbortSignal;
}

export const DEFAULT_ITERATIONS = 200;
export const DEFAULT_SEED = 42;

const REPULSION = 1;
const GRAVITY = Number(process.env.GRAVITY ?? 0.001);
/** Yifan Hu's adaptive step: grow after 5 steps that lowered the energy, shrink after one that did not. */
const STEP_FACTOR = 0.9;

function float64(length: number, shared: boolean): Float64Array {
  const bytes = Math.max(1, length) * 8;
  return new Float64Array(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes), 0, length);
}

/**
 * 3D force-directed layout: ForceAtlas2 forces (repulsion m_i m_j / d through a Barnes–Hut octree,
 * attraction along links growing with their length, gravity towards the centre) moved with Yifan
 * Hu's adaptive step, multilevel (the graph is coarsened by merging neighbours, the coarsest laid
 * out first and each finer level starts from the coarser one). Deterministic for a seed whatever
 * the thread count. Returns x, y, z per node in the published galaxies' coordinate range.
 */
export async function forceLayout(input: LayoutInput, options: LayoutOptions = {}): Promise<Float32Array> {
  return scaleToGalaxy(await forceLayoutRaw(input, options));
}

export async function forceLayoutRaw(input: LayoutInput, options: LayoutOptions = {}): Promise<Float64Array> {
  const seed = options.seed ?? DEFAULT_SEED;
  const { linked, subgraph } = linkedSubgraph(input);
  const linkedPositions = await multilevelLayout(subgraph, options);
  // Nodes without links carry no structure: they go to a shell around the rest, as in the published galaxies.
  const positions = new Float64Array(3 * input.nodeCount);
  let isolated = 0;
  const isLinked = new Uint8Array(input.nodeCount);
  for (let j = 0; j < linked.length; j++) {
    isLinked[linked[j]] = 1;
    for (let a = 0; a < 3; a++) positions[3 * linked[j] + a] = linkedPositions[3 * j + a];
  }
  for (let i = 0; i < input.nodeCount; i++) if (!isLinked[i]) isolated++;
  if (isolated > 0) placeOnShell(positions, isLinked, linkedPositions, seed);
  return positions;
}

async function multilevelLayout(input: LayoutInput, options: LayoutOptions): Promise<Float64Array> {
  const seed = options.seed ?? DEFAULT_SEED;
  const iterations = options.iterations ?? DEFAULT_ITERATIONS;
  const { levels, parents } = buildLevels(input, seed);
  const total = iterations * levels.reduce((sum, level) => sum + Math.max(1, level.nodeCount), 0);
  let done = 0;
  const random = seededRandom(seed);
  const threads = Math.max(1, options.threads ?? 1);
  const pool = new RepulsionPool(threads);
  try {
    let positions: Float64Array | undefined;
    for (let l = levels.length - 1; l >= 0; l--) {
      const level = levels[l];
      const shared = pool.threads > 1;
      const next = float64(3 * level.nodeCount, shared);
      let step: number;
      if (!positions) {
        const spread = 8 * Math.cbrt(level.nodeCount) * Math.sqrt(meanMass(level));
        for (let i = 0; i < next.length; i++) next[i] = (random() - 0.5) * spread;
        step = spread / 20;
      } else {
        // Children start around their group's place, a little apart so that they can separate.
        const parentOf = parents[l];
        const spacing = typicalSpacing(positions);
        for (let i = 0; i < level.nodeCount; i++) {
          const p = parentOf[i];
          for (let a = 0; a < 3; a++) next[3 * i + a] = positions[3 * p + a] + (random() - 0.5) * spacing * 0.2;
        }
        step = spacing * 0.5;
      }
      positions = next;
      await refine(level, positions, iterations, step, pool, options.theta ?? 1.2, options.signal, () => {
        done += Math.max(1, level.nodeCount);
        options.onIteration?.(done, total, level.nodeCount);
      });
    }
    return positions ?? new Float64Array(0);
  } finally {
    await pool.dispose();
  }
}

async function refine(
  level: Level,
  positions: Float64Array,
  iterations: number,
  initialStep: number,
  pool: RepulsionPool,
  theta: number,
  signal: AbortSignal | undefined,
  onIteration: () => void,
): Promise<void> {
  const n = level.nodeCount;
  if (n < 2) {
    for (let i = 0; i < iterations; i++) onIteration();
    return;
  }
  const shared = pool.threads > 1;
  const forces = float64(3 * n, shared);
  const order = new Int32Array(shared ? new SharedArrayBuffer(4 * n) : new ArrayBuffer(4 * n));
  const stack = new Int32Array(TRAVERSAL_STACK_SIZE);
  let tree: Octree = allocateOctree(n, 2 * n + 64, shared);
  let step = initialStep;
  const finalStep = initialStep / 1000;
  let energy = Infinity;
  let progress = 0;
  for (let iteration = 0; iteration < iterations; iteration++) {
    signal?.throwIfAborted();
    while (!buildOctree(tree, positions, level.masses)) tree = allocateOctree(n, tree.firstBody.length * 2, shared);
    depthFirstBodies(tree, order, stack);
    await pool.compute({ tree, positions, masses: level.masses, out: forces, order, theta, strength: REPULSION }, n);
    addAttraction(level, positions, forces);
    addGravity(positions, level.masses, forces);
    const newEnergy = move(positions, forces, step);
    if (newEnergy < energy) {
      progress++;
      if (progress >= 5) {
        progress = 0;
        step /= STEP_FACTOR;
      }
    } else {
      progress = 0;
      step *= STEP_FACTOR;
    }
    energy = newEnergy;
    // Cool down whatever the energy did, so the level settles within the iterations it has.
    const remaining = (iterations - iteration - 1) / iterations;
    step = Math.max(finalStep, Math.min(step, initialStep * remaining * remaining + finalStep));
    onIteration();
  }
}

function addAttraction(level: Level, positions: Float64Array, forces: Float64Array): void {
  const { sources, targets, weights } = level;
  for (let k = 0; k < sources.length; k++) {
    const a = 3 * sources[k], b = 3 * targets[k];
    const w = weights[k];
    const dx = (positions[b] - positions[a]) * w;
    const dy = (positions[b + 1] - positions[a + 1]) * w;
    const dz = (positions[b + 2] - positions[a + 2]) * w;
    forces[a] += dx;
    forces[a + 1] += dy;
    forces[a + 2] += dz;
    forces[b] -= dx;
    forces[b + 1] -= dy;
    forces[b + 2] -= dz;
  }
}

/** ForceAtlas2's "strong gravity" (growing with distance): keeps unlinked nodes from drifting far out. */
function addGravity(positions: Float64Array, masses: Float64Array, forces: Float64Array): void {
  for (let i = 0; i < masses.length; i++) {
    const x = positions[3 * i], y = positions[3 * i + 1], z = positions[3 * i + 2];
    const f = GRAVITY * masses[i];
    forces[3 * i] -= x * f;
    forces[3 * i + 1] -= y * f;
    forces[3 * i + 2] -= z * f;
  }
}

/** Moves every node `step` along its force; returns the energy (sum of squared forces). */
function move(positions: Float64Array, forces: Float64Array, step: number): number {
  let energy = 0;
  for (let i = 0; i < forces.length; i += 3) {
    const fx = forces[i], fy = forces[i + 1], fz = forces[i + 2];
    const f2 = fx * fx + fy * fy + fz * fz;
    if (f2 === 0) continue;
    energy += f2;
    const scale = step / Math.sqrt(f2);
    positions[i] += fx * scale;
    positions[i + 1] += fy * scale;
    positions[i + 2] += fz * scale;
  }
  return energy;
}
