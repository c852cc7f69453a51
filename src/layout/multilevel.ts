import type { Level } from './coarsen';
import { buildLevels, linkedSubgraph, meanMass, placeOnShell, typicalSpacing, type LayoutInput } from './levels';
import { allocateOctree, buildOctree, depthFirstBodies, type Octree } from './octree';
import { seededRandom } from './random';
import { computeRepulsion, TRAVERSAL_STACK_SIZE } from './repulsion';

export type { LayoutInput } from './levels';

export const DEFAULT_ITERATIONS = 200;
export const DEFAULT_SEED = 42;

/** One repulsion pass over `count` bodies; the CLI shares it between worker threads, the browser runs it in place. */
export interface RepulsionTaskInput {
  tree: Octree;
  positions: Float64Array;
  masses: Float64Array;
  out: Float64Array;
  order: Int32Array;
  theta: number;
  strength: number;
}

export interface RepulsionRunner {
  readonly threads: number;
  compute(task: RepulsionTaskInput, count: number): Promise<void> | void;
  dispose(): Promise<void> | void;
}

/** Runs the whole repulsion pass on the calling thread (browser workers, small graphs). */
export class InPlaceRepulsion implements RepulsionRunner {
  readonly threads = 1;
  private readonly stack = new Int32Array(TRAVERSAL_STACK_SIZE);
  compute(task: RepulsionTaskInput, count: number): void {
    computeRepulsion(task.tree, task.positions, task.masses, task.out, task.order, 0, count, task.theta, task.strength, this.stack);
  }
  dispose(): void {}
}

export interface MultilevelOptions {
  seed?: number;
  /** Iterations on the full graph; each coarser level gets as many (they cost less). */
  iterations?: number;
  /** Barnes–Hut accuracy: larger is faster and coarser. */
  theta?: number;
  /** Pull towards the centre per unit of mass and distance (ForceAtlas2's strong gravity). */
  gravity?: number;
  /** Lay out the full graph alone from a random cloud, without the coarser levels (the browser's engine calibration times it). */
  finestOnly?: boolean;
}

export const DEFAULT_GRAVITY = 0.001;

const REPULSION = 1;
/** Yifan Hu's adaptive step: grow after 5 steps that lowered the energy, shrink after one that did not. */
const STEP_FACTOR = 0.9;
function float64(length: number, shared: boolean): Float64Array {
  const bytes = Math.max(1, length) * 8;
  return new Float64Array(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes), 0, length);
}

/** What one level's refinement carries from one iteration to the next. */
interface LevelRun {
  index: number;
  level: Level;
  positions: Float64Array;
  forces: Float64Array;
  order: Int32Array;
  tree: Octree;
  iteration: number;
  initialStep: number;
  step: number;
  finalStep: number;
  energy: number;
  progress: number;
}

/**
 * 3D force-directed layout, one iteration at a time: ForceAtlas2 forces (repulsion m_i m_j / d
 * through a Barnes–Hut octree, attraction along links growing with their length, gravity towards
 * the centre) moved with Yifan Hu's adaptive step, multilevel (the graph is coarsened by merging
 * neighbours, the coarsest laid out first and each finer level starts from the coarser one).
 * Deterministic for a seed whatever the thread count. `galaxy build` runs it to the end; the
 * browser steps it and draws `positions()` between steps.
 */
export class MultilevelLayout {
  readonly nodeCount: number;
  /** Node-iterations over all levels (an iteration on a level of k nodes counts k). */
  readonly total: number;
  private done = 0;
  private readonly seed: number;
  private readonly iterations: number;
  private readonly theta: number;
  private readonly gravity: number;
  private readonly linked: Uint32Array;
  private readonly isLinked: Uint8Array;
  private readonly levels: Level[];
  private readonly parents: Uint32Array[];
  private readonly random: () => number;
  private readonly stack = new Int32Array(TRAVERSAL_STACK_SIZE);
  private run: LevelRun | undefined;

  constructor(
    input: LayoutInput,
    options: MultilevelOptions,
    private readonly repulsion: RepulsionRunner,
  ) {
    this.nodeCount = input.nodeCount;
    this.seed = options.seed ?? DEFAULT_SEED;
    this.iterations = options.iterations ?? DEFAULT_ITERATIONS;
    this.theta = options.theta ?? 1.2;
    this.gravity = options.gravity ?? DEFAULT_GRAVITY;
    const { linked, subgraph } = linkedSubgraph(input);
    this.linked = linked;
    this.isLinked = new Uint8Array(input.nodeCount);
    for (let j = 0; j < linked.length; j++) this.isLinked[linked[j]] = 1;
    ({ levels: this.levels, parents: this.parents } = buildLevels(subgraph, this.seed));
    this.total = this.iterations * this.levels.reduce((sum, level) => sum + Math.max(1, level.nodeCount), 0);
    this.random = seededRandom(this.seed);
    this.run = this.startLevel(options.finestOnly ? 0 : this.levels.length - 1, undefined);
  }

  /** Node-iterations done so far (see `total`). */
  get progress(): number {
    return this.done;
  }

  get finished(): boolean {
    return this.run === undefined;
  }

  /** Size of the level being refined (the full graph's linked nodes at the end). */
  get levelNodes(): number {
    return this.run?.level.nodeCount ?? this.levels[0].nodeCount;
  }

  /** One iteration of the current level; moves on to the next finer level when this one is done. */
  async iterate(): Promise<void> {
    const run = this.run;
    if (!run) return;
    const n = run.level.nodeCount;
    if (n >= 2) await this.refineOnce(run);
    run.iteration++;
    this.done += Math.max(1, n);
    if (run.iteration >= this.iterations) {
      this.run = run.index === 0 ? undefined : this.startLevel(run.index - 1, run);
    }
  }

  /** Raw x, y, z of every node now: linked nodes where their group at the current level is, unlinked ones on a shell. */
  positions(): Float64Array {
    const linkedPositions = this.linkedPositions();
    const positions = new Float64Array(3 * this.nodeCount);
    for (let j = 0; j < this.linked.length; j++) {
      for (let a = 0; a < 3; a++) positions[3 * this.linked[j] + a] = linkedPositions[3 * j + a];
    }
    if (this.linked.length < this.nodeCount) placeOnShell(positions, this.isLinked, linkedPositions, this.seed);
    return positions;
  }

  /** Positions of the linked nodes (new ids): the fine level's own, or their ancestor's at a coarser level. */
  private linkedPositions(): Float64Array {
    const run = this.run ?? this.last;
    if (!run) return new Float64Array(0);
    if (run.index === 0) return run.positions;
    const fine = new Float64Array(3 * this.levels[0].nodeCount);
    for (let i = 0; i < this.levels[0].nodeCount; i++) {
      let node = i;
      for (let l = 0; l < run.index; l++) node = this.parents[l][node];
      for (let a = 0; a < 3; a++) fine[3 * i + a] = run.positions[3 * node + a];
    }
    return fine;
  }

  private last: LevelRun | undefined;

  private startLevel(index: number, coarser: LevelRun | undefined): LevelRun {
    const level = this.levels[index];
    const shared = this.repulsion.threads > 1;
    const positions = float64(3 * level.nodeCount, shared);
    let step: number;
    if (!coarser) {
      const spread = 8 * Math.cbrt(level.nodeCount) * Math.sqrt(meanMass(level));
      for (let i = 0; i < positions.length; i++) positions[i] = (this.random() - 0.5) * spread;
      step = spread / 20;
    } else {
      // Children start around their group's place, a little apart so that they can separate.
      const parentOf = this.parents[index];
      const spacing = typicalSpacing(coarser.positions);
      for (let i = 0; i < level.nodeCount; i++) {
        const p = parentOf[i];
        for (let a = 0; a < 3; a++) positions[3 * i + a] = coarser.positions[3 * p + a] + (this.random() - 0.5) * spacing * 0.2;
      }
      step = spacing * 0.5;
    }
    const n = level.nodeCount;
    const run: LevelRun = {
      index,
      level,
      positions,
      forces: float64(n >= 2 ? 3 * n : 0, shared),
      order: new Int32Array(shared ? new SharedArrayBuffer(4 * Math.max(1, n)) : new ArrayBuffer(4 * Math.max(1, n))),
      tree: allocateOctree(Math.max(n, 1), 2 * n + 64, shared),
      iteration: 0,
      initialStep: step,
      step,
      finalStep: step / 1000,
      energy: Infinity,
      progress: 0,
    };
    this.last = run;
    return run;
  }

  private async refineOnce(run: LevelRun): Promise<void> {
    const { level, positions, forces, order } = run;
    const n = level.nodeCount;
    const shared = this.repulsion.threads > 1;
    while (!buildOctree(run.tree, positions, level.masses)) run.tree = allocateOctree(n, run.tree.firstBody.length * 2, shared);
    depthFirstBodies(run.tree, order, this.stack);
    await this.repulsion.compute({ tree: run.tree, positions, masses: level.masses, out: forces, order, theta: this.theta, strength: REPULSION }, n);
    addAttraction(level, positions, forces);
    addGravity(positions, level.masses, forces, this.gravity);
    const newEnergy = move(positions, forces, run.step);
    if (newEnergy < run.energy) {
      run.progress++;
      if (run.progress >= 5) {
        run.progress = 0;
        run.step /= STEP_FACTOR;
      }
    } else {
      run.progress = 0;
      run.step *= STEP_FACTOR;
    }
    run.energy = newEnergy;
    // Cool down whatever the energy did, so the level settles within the iterations it has.
    const remaining = (this.iterations - run.iteration - 1) / this.iterations;
    run.step = Math.max(run.finalStep, Math.min(run.step, run.initialStep * remaining * remaining + run.finalStep));
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
