import { coarsen, type Level } from './coarsen';
import { allocateOctree, buildOctree, depthFirstBodies, type Octree } from './octree';
import { seededRandom } from './random';
import { TRAVERSAL_STACK_SIZE } from './repulsion';
import { RepulsionPool } from './repulsionPool';
import { scaleToGalaxy } from './scaleToGalaxy';

export interface LayoutInput {
  nodeCount: number;
  sources: Uint32Array;
  targets: Uint32Array;
}

export interface LayoutOptions {
  seed?: number;
  /** Iterations on the full graph; each coarser level gets as many (they cost less). */
  iterations?: number;
  /** Threads sharing the repulsion pass; defaults to 1. */
  threads?: number;
  /** Barnes–Hut accuracy: larger is faster and coarser. */
  theta?: number;
  /** Pull towards the centre per unit of mass and distance (ForceAtlas2's strong gravity). */
  gravity?: number;
  /**
   * Progress over all levels in node-iterations (an iteration on a level of k nodes counts k, so
   * that the share done tracks the time spent); `levelNodes` is the size of the level being refined.
   */
  onIteration?: (done: number, total: number, levelNodes: number) => void;
  signal?: AbortSignal;
}

export const DEFAULT_ITERATIONS = 200;
export const DEFAULT_SEED = 42;
export const DEFAULT_GRAVITY = 0.001;

const REPULSION = 1;
/** Yifan Hu's adaptive step: grow after 5 steps that lowered the energy, shrink after one that did not. */
const STEP_FACTOR = 0.9;
/** Coarsening stops at this size or when a level shrinks by less than a quarter. */
const COARSEST_SIZE = 50;
/** The shell of unlinked nodes, in units of the radius holding 90% of the linked ones. */
const SHELL_INNER = 3.5;
const SHELL_OUTER = 4;

/** Mass 1 + degree, as in ForceAtlas2: hubs push harder and get room around them. */
function fineLevel(input: LayoutInput): Level {
  const masses = new Float64Array(input.nodeCount).fill(1);
  for (let k = 0; k < input.sources.length; k++) {
    masses[input.sources[k]]++;
    masses[input.targets[k]]++;
  }
  const weights = new Float64Array(input.sources.length).fill(1);
  return { nodeCount: input.nodeCount, sources: input.sources, targets: input.targets, weights, masses };
}

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

/** The nodes with links (old ids) and the graph between them renumbered 0..k-1. */
function linkedSubgraph(input: LayoutInput): { linked: Uint32Array; subgraph: LayoutInput } {
  const newId = new Int32Array(input.nodeCount).fill(-1);
  for (let k = 0; k < input.sources.length; k++) {
    newId[input.sources[k]] = 0;
    newId[input.targets[k]] = 0;
  }
  const linked: number[] = [];
  for (let i = 0; i < input.nodeCount; i++) if (newId[i] === 0) newId[i] = linked.push(i) - 1;
  const sources = new Uint32Array(input.sources.length);
  const targets = new Uint32Array(input.targets.length);
  for (let k = 0; k < input.sources.length; k++) {
    sources[k] = newId[input.sources[k]];
    targets[k] = newId[input.targets[k]];
  }
  return { linked: Uint32Array.from(linked), subgraph: { nodeCount: linked.length, sources, targets } };
}

/** Spreads the unlinked nodes evenly through a shell around most linked nodes, well clear of them like the published galaxies. */
function placeOnShell(positions: Float64Array, isLinked: Uint8Array, linkedPositions: Float64Array, seed: number): void {
  const k = linkedPositions.length / 3;
  const centre = [0, 0, 0];
  for (let j = 0; j < k; j++) for (let a = 0; a < 3; a++) centre[a] += linkedPositions[3 * j + a] / k;
  // The 90th percentile, not the farthest: a few long chains should not push the shell far out.
  const distances = new Float64Array(k);
  for (let j = 0; j < k; j++) {
    distances[j] = Math.hypot(linkedPositions[3 * j] - centre[0], linkedPositions[3 * j + 1] - centre[1], linkedPositions[3 * j + 2] - centre[2]);
  }
  distances.sort();
  let radius = k > 0 ? distances[Math.floor(0.9 * (k - 1))] : 0;
  const isolatedCount = isLinked.length - k;
  if (radius === 0) radius = 10 * Math.cbrt(isolatedCount);
  const random = seededRandom(seed ^ 0x5bd1e995);
  for (let i = 0; i < isLinked.length; i++) {
    if (isLinked[i]) continue;
    const z = 2 * random() - 1;
    const angle = 2 * Math.PI * random();
    const ring = Math.sqrt(1 - z * z);
    // Uniform in volume between the two radii (k = 0: a full ball).
    const inner = k > 0 ? SHELL_INNER : 0;
    const r = radius * Math.cbrt(inner ** 3 + random() * (SHELL_OUTER ** 3 - inner ** 3));
    positions[3 * i] = centre[0] + r * ring * Math.cos(angle);
    positions[3 * i + 1] = centre[1] + r * ring * Math.sin(angle);
    positions[3 * i + 2] = centre[2] + r * z;
  }
}

async function multilevelLayout(input: LayoutInput, options: LayoutOptions): Promise<Float64Array> {
  const seed = options.seed ?? DEFAULT_SEED;
  const iterations = options.iterations ?? DEFAULT_ITERATIONS;
  const levels: Level[] = [fineLevel(input)];
  const parents: Uint32Array[] = [];
  for (;;) {
    const level = levels[levels.length - 1];
    if (level.nodeCount <= COARSEST_SIZE) break;
    const { coarse, parentOf } = coarsen(level, seed + levels.length);
    if (coarse.nodeCount > 0.75 * level.nodeCount) break;
    levels.push(coarse);
    parents.push(parentOf);
  }
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
      await refine(level, positions, iterations, step, pool, options.theta ?? 1.2, options.gravity ?? DEFAULT_GRAVITY, options.signal, () => {
        done += Math.max(1, level.nodeCount);
        options.onIteration?.(done, total, level.nodeCount);
      });
    }
    return positions ?? new Float64Array(0);
  } finally {
    await pool.dispose();
  }
}

function meanMass(level: Level): number {
  let sum = 0;
  for (let i = 0; i < level.nodeCount; i++) sum += level.masses[i];
  return level.nodeCount > 0 ? sum / level.nodeCount : 1;
}

/** Mean distance to the centre over the cube root of the node count: about the distance between neighbours. */
function typicalSpacing(positions: Float64Array): number {
  const n = positions.length / 3;
  if (n === 0) return 1;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.hypot(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]);
  return Math.max(1e-3, sum / n / Math.cbrt(n));
}

async function refine(
  level: Level,
  positions: Float64Array,
  iterations: number,
  initialStep: number,
  pool: RepulsionPool,
  theta: number,
  gravity: number,
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
    addGravity(positions, level.masses, forces, gravity);
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
function addGravity(positions: Float64Array, masses: Float64Array, forces: Float64Array, gravity: number): void {
  for (let i = 0; i < masses.length; i++) {
    const x = positions[3 * i], y = positions[3 * i + 1], z = positions[3 * i + 2];
    const f = gravity * masses[i];
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
