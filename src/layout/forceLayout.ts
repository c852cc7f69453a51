import { allocateOctree, buildOctree, type Octree } from './octree';
import { seededRandom } from './random';
import { RepulsionPool } from './repulsionPool';
import { scaleToGalaxy } from './scaleToGalaxy';

export interface LayoutInput {
  nodeCount: number;
  sources: Uint32Array;
  targets: Uint32Array;
}

export interface LayoutOptions {
  seed?: number;
  iterations?: number;
  /** Threads sharing the repulsion pass; defaults to every core. */
  threads?: number;
  /** Barnes–Hut accuracy: larger is faster and coarser. */
  theta?: number;
  onIteration?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export const DEFAULT_ITERATIONS = 300;
export const DEFAULT_SEED = 42;

const REPULSION = 1;
const GRAVITY = 1;
/** Yifan Hu's adaptive step: grow after 5 steps that lowered the energy, shrink after one that did not. */
const STEP_FACTOR = 0.9;

/** Mass 1 + degree, as in ForceAtlas2: hubs push harder and get room around them. */
function nodeMasses(input: LayoutInput): Float64Array {
  const masses = new Float64Array(input.nodeCount).fill(1);
  for (let k = 0; k < input.sources.length; k++) {
    masses[input.sources[k]]++;
    masses[input.targets[k]]++;
  }
  return masses;
}

function sharedFloat64(length: number, shared: boolean): Float64Array {
  const bytes = Math.max(1, length) * 8;
  return new Float64Array(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
}

/**
 * 3D force-directed layout: ForceAtlas2 forces (repulsion m_i m_j / d through a Barnes–Hut octree,
 * linear attraction along links, gravity towards the centre) moved with Yifan Hu's adaptive step.
 * Deterministic for a seed whatever the thread count. Returns x, y, z per node in the published
 * galaxies' coordinate range.
 */
export async function forceLayout(input: LayoutInput, options: LayoutOptions = {}): Promise<Float32Array> {
  const positions = await forceLayoutRaw(input, options);
  return scaleToGalaxy(positions);
}

export async function forceLayoutRaw(input: LayoutInput, options: LayoutOptions = {}): Promise<Float64Array> {
  const n = input.nodeCount;
  const iterations = options.iterations ?? DEFAULT_ITERATIONS;
  const threads = Math.max(1, Math.min(options.threads ?? 1, Math.ceil(n / 2000)));
  const theta = options.theta ?? 1.2;
  const shared = threads > 1;
  const masses = nodeMasses(input);
  const positions = sharedFloat64(3 * n, shared);
  const forces = sharedFloat64(3 * n, shared);

  const random = seededRandom(options.seed ?? DEFAULT_SEED);
  const spread = 2 * Math.cbrt(n) * 4;
  for (let i = 0; i < 3 * n; i++) positions[i] = (random() - 0.5) * spread;
  if (n < 2) return positions;

  let tree: Octree = allocateOctree(n, 2 * n + 64, shared);
  const pool = new RepulsionPool(threads);
  try {
    let step = spread / 20;
    const finalStep = step / 1000;
    let energy = Infinity;
    let progress = 0;
    for (let iteration = 0; iteration < iterations; iteration++) {
      options.signal?.throwIfAborted();
      while (!buildOctree(tree, positions, masses)) tree = allocateOctree(n, tree.firstBody.length * 2, shared);
      await pool.compute({ tree, positions, masses, out: forces, theta, strength: REPULSION }, n);
      addAttraction(input, positions, forces);
      addGravity(positions, masses, forces);
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
      // Cool down whatever the energy did, so the layout settles within the iterations asked for.
      const remaining = (iterations - iteration - 1) / iterations;
      step = Math.max(finalStep, Math.min(step, (spread / 20) * remaining * remaining + finalStep));
      options.onIteration?.(iteration + 1, iterations);
    }
  } finally {
    await pool.dispose();
  }
  return positions;
}

function addAttraction(input: LayoutInput, positions: Float64Array, forces: Float64Array): void {
  const { sources, targets } = input;
  for (let k = 0; k < sources.length; k++) {
    const a = 3 * sources[k], b = 3 * targets[k];
    const dx = positions[b] - positions[a], dy = positions[b + 1] - positions[a + 1], dz = positions[b + 2] - positions[a + 2];
    forces[a] += dx;
    forces[a + 1] += dy;
    forces[a + 2] += dz;
    forces[b] -= dx;
    forces[b + 1] -= dy;
    forces[b + 2] -= dz;
  }
}

function addGravity(positions: Float64Array, masses: Float64Array, forces: Float64Array): void {
  for (let i = 0; i < masses.length; i++) {
    const x = positions[3 * i], y = positions[3 * i + 1], z = positions[3 * i + 2];
    const d = Math.sqrt(x * x + y * y + z * z);
    if (d === 0) continue;
    const f = (GRAVITY * masses[i]) / d;
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
