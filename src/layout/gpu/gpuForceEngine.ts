import boundsSource from '../../../shaders/layoutBounds.wgsl?raw';
import commonSource from '../../../shaders/layoutCommon.wgsl?raw';
import cellsSource from '../../../shaders/layoutCells.wgsl?raw';
import moveSource from '../../../shaders/layoutMove.wgsl?raw';
import pyramidSource from '../../../shaders/layoutPyramid.wgsl?raw';
import repulsionSource from '../../../shaders/layoutRepulsion.wgsl?raw';
import repulsionExactSource from '../../../shaders/layoutRepulsionExact.wgsl?raw';
import scheduleSource from '../../../shaders/layoutSchedule.wgsl?raw';
import pullSource from '../../../shaders/layoutPull.wgsl?raw';
import springsSource from '../../../shaders/layoutSprings.wgsl?raw';
import type { Level } from '../coarsen';
import { bindGroup, type CompiledPasses, compilePasses, dispatch, groups, type PassSource } from './computePasses';
import { type TreeReadout, TreeRepulsion, treePasses } from './treeRepulsion';

/**
 * How repulsion is summed: through the Barnes–Hut cell pyramid (`octree`, a uniform grid of cells
 * over the bounding cube), through a tree rebuilt on the GPU over the nodes in Morton order
 * (`tree`, TreeRepulsion: adaptive, so crowding costs depth rather than longer cell lists), or every
 * pair on every level (`exact`, the O(n²) reference). Levels of up to EXACT_UP_TO nodes sum every
 * pair whatever the method: one pass costs less than building a tree.
 */
export type RepulsionMethod = 'octree' | 'tree' | 'exact';

export interface EngineSettings {
  theta: number;
  gravity: number;
  repulsion: number;
  method: RepulsionMethod;
  /** Levels of up to this many nodes sum every pair (EXACT_UP_TO unless a test asks for the tree on small levels). */
  exactUpTo?: number;
}

/** The step schedule of one level, as the CLI's layout runs it. */
export interface LevelSchedule {
  initialStep: number;
  iterations: number;
}

export interface EngineReadout {
  /** x, y, z per node of the loaded level. */
  positions: Float32Array;
  /** Iterations run on the loaded level. */
  iteration: number;
  step: number;
}

export const EXACT_UP_TO = 1024;
/** The finest cell grid has at most 128³ cells (7 levels below the root). */
const MAX_DEPTH = 7;
const PARAMS_BYTES = 32;
/** The parts of an iteration, each its own compute pass when timed. */
type Phase = 'build' | 'repel' | 'springs' | 'move';
const PHASES: Phase[] = ['build', 'repel', 'springs', 'move'];
const SCHEDULE_BYTES = 32;

/** Levels below the root of the cell pyramid: about one finest cell per node. */
export function pyramidDepth(nodeCount: number): number {
  return Math.min(MAX_DEPTH, Math.max(1, Math.ceil(Math.log2(Math.cbrt(Math.max(2, nodeCount))))));
}

function pyramidCells(depth: number): number {
  return ((1 << (3 * (depth + 1))) - 1) / 7;
}

/** The passes the engine compiles for `method`: the tree's only for the tree method. */
function enginePasses(method: RepulsionMethod): PassSource[] {
  const pass = (name: string, code: string, entryPoints: string[], kinds: PassSource['kinds']): PassSource => ({ name, code: `${commonSource}\n${code}`, entryPoints, kinds });
  return [
    pass('bounds', boundsSource, ['boundsPartial', 'boundsTotal'], ['uniform', 'read', 'write', 'write']),
    pass('cells', cellsSource, ['clearHeads', 'insertNodes', 'cellMasses'], ['uniform', 'read', 'read', 'read', 'write', 'write', 'write']),
    pass('repulsion', repulsionSource, ['repel'], ['uniform', 'read', 'read', 'read', 'read', 'read', 'read', 'write', 'write']),
    pass('repulsionExact', repulsionExactSource, ['repelExact'], ['uniform', 'read', 'read', 'write']),
    pass('springs', springsSource, ['springTerms'], ['uniform', 'read', 'read', 'read', 'read', 'read', 'write', 'write']),
    pass('pull', pullSource, ['pull'], ['uniform', 'read', 'read', 'read', 'read', 'read', 'write', 'write']),
    ...(method === 'tree' ? treePasses(commonSource) : []),
    pass('move', moveSource, ['moveNodes'], ['uniform', 'write', 'read', 'read']),
    pass('schedule', scheduleSource, ['advance'], ['uniform', 'read', 'write']),
    // The pyramid pass runs once per level with that level's number in its own small uniform.
    { name: 'pyramid', code: pyramidSource, entryPoints: ['sumChildren'], kinds: ['uniform', 'write'] },
  ];
}

/**
 * The GPU side of the force layout: buffers sized for the finest level, one pipeline per pass,
 * and a level loaded at a time. `run` queues iterations without waiting; `read` waits for them
 * and copies the level's positions back. Made by `create`, which compiles the pipelines first.
 */
export class GpuForceEngine {
  private readonly buffers: Record<string, GPUBuffer> = {};
  private readonly pipelines: Record<string, GPUComputePipeline>;
  private readonly bindGroups: Record<string, GPUBindGroup> = {};
  private readonly levelBindGroups: GPUBindGroup[] = [];
  private readonly tree: TreeRepulsion | undefined;
  private nodeCount = 0;
  private entryCount = 0;
  private depth = 1;
  private countedIterations = 0;

  /**
   * Compiles the pipelines (one at a time, asynchronously; `signal` stops them between two, the
   * promise then rejecting with its reason and nothing else made on the device), then the buffers.
   */
  static async create(device: GPUDevice, capacity: { nodes: number; adjacency: number }, settings: EngineSettings, signal?: AbortSignal): Promise<GpuForceEngine> {
    const compiled = await compilePasses(device, enginePasses(settings.method), signal);
    return new GpuForceEngine(device, capacity, settings, compiled);
  }

  private constructor(
    private readonly device: GPUDevice,
    capacity: { nodes: number; adjacency: number },
    private readonly settings: EngineSettings,
    compiled: CompiledPasses,
  ) {
    this.pipelines = compiled.pipelines;
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
    const nodes = Math.max(2, capacity.nodes);
    const maxDepth = pyramidDepth(nodes);
    const entries = Math.max(1, capacity.adjacency);
    const finestCells = settings.method === 'octree' ? 1 << (3 * maxDepth) : 1;
    const buffer = (name: string, bytes: number, extra = usage) => {
      this.buffers[name] = device.createBuffer({ label: `layout ${name}`, size: Math.max(16, Math.ceil(bytes / 16) * 16), usage: extra });
    };
    buffer('params', PARAMS_BYTES, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
    buffer('positions', 16 * nodes);
    buffer('forces', 16 * nodes);
    buffer('masses', 4 * nodes);
    buffer('linkStarts', 4 * (nodes + 1));
    buffer('entryNodes', 4 * entries);
    buffer('neighbours', 4 * entries);
    buffer('weights', 4 * entries);
    buffer('springSums', 16 * nodes);
    buffer('tilePieces', 32 * groups(entries));
    buffer('nextInCell', 4 * (settings.method === 'octree' ? nodes : 1));
    buffer('heads', 4 * finestCells);
    buffer('cells', 16 * (settings.method === 'octree' ? pyramidCells(maxDepth) : 1));
    buffer('boundsPartials', 32 * groups(nodes));
    buffer('frame', 16);
    buffer('energies', 4 * groups(nodes));
    buffer('counts', 8 * groups(nodes));
    buffer('readCounts', 8 * groups(nodes), GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST);
    buffer('schedule', SCHEDULE_BYTES);
    buffer('readPositions', 16 * nodes, GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST);
    buffer('readSchedule', SCHEDULE_BYTES, GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST);

    const b = this.buffers;
    const pass = (name: string, buffers: GPUBuffer[]) => (this.bindGroups[name] = bindGroup(device, compiled.layouts[name], buffers));
    pass('bounds', [b.params, b.positions, b.boundsPartials, b.frame]);
    pass('cells', [b.params, b.positions, b.masses, b.frame, b.heads, b.nextInCell, b.cells]);
    pass('repulsion', [b.params, b.positions, b.masses, b.frame, b.heads, b.nextInCell, b.cells, b.forces, b.counts]);
    pass('repulsionExact', [b.params, b.positions, b.masses, b.forces]);
    pass('springs', [b.params, b.positions, b.entryNodes, b.neighbours, b.weights, b.linkStarts, b.springSums, b.tilePieces]);
    pass('pull', [b.params, b.positions, b.masses, b.linkStarts, b.springSums, b.tilePieces, b.forces, b.energies]);
    if (settings.method === 'tree') {
      this.tree = new TreeRepulsion(device, nodes, compiled, { params: b.params, positions: b.positions, masses: b.masses, forces: b.forces, counts: b.counts });
    }
    pass('move', [b.params, b.positions, b.forces, b.schedule]);
    pass('schedule', [b.params, b.energies, b.schedule]);

    for (let level = 0; level < maxDepth; level++) {
      const uniform = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
      device.queue.writeBuffer(uniform, 0, new Uint32Array([level, 0, 0, 0]));
      this.buffers[`level${level}`] = uniform;
      this.levelBindGroups.push(bindGroup(device, compiled.layouts.pyramid, [uniform, b.cells]));
    }
  }

  /** Uploads a level (positions x, y, z per node) and restarts the step schedule for it. */
  load(level: Level, positions: Float32Array, schedule: LevelSchedule): void {
    const n = level.nodeCount;
    this.nodeCount = n;
    this.depth = pyramidDepth(n);
    const queue = this.device.queue;
    const params = new ArrayBuffer(PARAMS_BYTES);
    new Uint32Array(params, 0, 2).set([n, this.depth]);
    new Float32Array(params, 8, 3).set([this.settings.theta, this.settings.gravity, this.settings.repulsion]);
    new Uint32Array(params, 20, 2).set([groups(n), 2 * level.sources.length]);
    queue.writeBuffer(this.buffers.params, 0, params);
    this.entryCount = 2 * level.sources.length;

    const padded = new Float32Array(4 * n);
    for (let i = 0; i < n; i++) padded.set(positions.subarray(3 * i, 3 * i + 3), 4 * i);
    queue.writeBuffer(this.buffers.positions, 0, padded);
    queue.writeBuffer(this.buffers.masses, 0, Float32Array.from(level.masses));

    // Each link in both endpoints' lists, the lists back to back, each entry knowing its node: the
    // springs take one invocation per entry and sum each list by a segmented scan.
    const linkStarts = new Uint32Array(n + 1);
    for (let k = 0; k < level.sources.length; k++) {
      linkStarts[level.sources[k] + 1]++;
      linkStarts[level.targets[k] + 1]++;
    }
    for (let i = 0; i < n; i++) linkStarts[i + 1] += linkStarts[i];
    const cursor = linkStarts.slice(0, n);
    const neighbours = new Uint32Array(Math.max(1, linkStarts[n]));
    const entryNodes = new Uint32Array(Math.max(1, linkStarts[n]));
    const weights = new Float32Array(Math.max(1, linkStarts[n]));
    for (let k = 0; k < level.sources.length; k++) {
      const a = level.sources[k], b = level.targets[k];
      entryNodes[cursor[a]] = a;
      neighbours[cursor[a]] = b;
      weights[cursor[a]++] = level.weights[k];
      entryNodes[cursor[b]] = b;
      neighbours[cursor[b]] = a;
      weights[cursor[b]++] = level.weights[k];
    }
    queue.writeBuffer(this.buffers.entryNodes, 0, entryNodes);
    queue.writeBuffer(this.buffers.linkStarts, 0, linkStarts);
    queue.writeBuffer(this.buffers.neighbours, 0, neighbours);
    queue.writeBuffer(this.buffers.weights, 0, weights);

    const state = new ArrayBuffer(SCHEDULE_BYTES);
    // step, energy (the largest float: the first iteration counts as lowering it), initial and final step.
    new Float32Array(state, 0, 4).set([schedule.initialStep, 3.4e38, schedule.initialStep, schedule.initialStep / 1000]);
    new Uint32Array(state, 16, 4).set([0, 0, schedule.iterations, 0]);
    queue.writeBuffer(this.buffers.schedule, 0, state);
  }

  private get exact(): boolean {
    return this.settings.method === 'exact' || this.nodeCount <= (this.settings.exactUpTo ?? EXACT_UP_TO);
  }

  /** Encodes one phase of an iteration on the loaded level. */
  private encode(phase: Phase, pass: GPUComputePassEncoder): void {
    const n = this.nodeCount;
    const p = this.pipelines;
    if (phase === 'build') {
      if (this.exact) return;
      if (this.tree) {
        this.tree.encodeBuild(pass, n);
        return;
      }
      pass.setBindGroup(0, this.bindGroups.bounds);
      pass.setPipeline(p.boundsPartial);
      pass.dispatchWorkgroups(groups(n));
      pass.setPipeline(p.boundsTotal);
      pass.dispatchWorkgroups(1);
      pass.setBindGroup(0, this.bindGroups.cells);
      pass.setPipeline(p.clearHeads);
      dispatch(pass, 1 << (3 * this.depth));
      pass.setPipeline(p.insertNodes);
      pass.dispatchWorkgroups(groups(n));
      pass.setPipeline(p.cellMasses);
      dispatch(pass, 1 << (3 * this.depth));
      pass.setPipeline(p.sumChildren);
      for (let level = this.depth - 1; level >= 0; level--) {
        pass.setBindGroup(0, this.levelBindGroups[level]);
        pass.dispatchWorkgroups(groups(1 << (3 * level)));
      }
    } else if (phase === 'repel') {
      if (this.exact) {
        pass.setPipeline(p.repelExact);
        pass.setBindGroup(0, this.bindGroups.repulsionExact);
      } else if (this.tree) {
        this.tree.encodeWalk(pass, n);
        return;
      } else {
        pass.setPipeline(p.repel);
        pass.setBindGroup(0, this.bindGroups.repulsion);
      }
      pass.dispatchWorkgroups(groups(n));
    } else if (phase === 'springs') {
      if (this.entryCount > 0) {
        pass.setBindGroup(0, this.bindGroups.springs);
        pass.setPipeline(p.springTerms);
        dispatch(pass, this.entryCount);
      }
      pass.setBindGroup(0, this.bindGroups.pull);
      pass.setPipeline(p.pull);
      pass.dispatchWorkgroups(groups(n));
    } else {
      pass.setBindGroup(0, this.bindGroups.move);
      pass.setPipeline(p.moveNodes);
      pass.dispatchWorkgroups(groups(n));
      pass.setBindGroup(0, this.bindGroups.schedule);
      pass.setPipeline(p.advance);
      pass.dispatchWorkgroups(1);
    }
  }

  /** Queues `count` iterations on the loaded level. */
  run(count: number): void {
    if (this.nodeCount < 2 || count <= 0) return;
    const encoder = this.device.createCommandEncoder({ label: 'layout iterations' });
    encoder.clearBuffer(this.buffers.counts);
    this.countedIterations = count;
    const pass = encoder.beginComputePass({ label: 'layout iterations' });
    for (let iteration = 0; iteration < count; iteration++) for (const phase of PHASES) this.encode(phase, pass);
    pass.end();
    this.device.queue.submit([encoder.finish()]);
  }

  /**
   * Runs one iteration with each phase in its own compute pass and timestamps around each (the
   * device needs `timestamp-query`): milliseconds per phase.
   */
  async profile(): Promise<Record<Phase, number>> {
    const querySet = this.device.createQuerySet({ type: 'timestamp', count: 2 * PHASES.length });
    const resolve = this.device.createBuffer({ size: 16 * PHASES.length, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
    const read = this.device.createBuffer({ size: 16 * PHASES.length, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    try {
      const encoder = this.device.createCommandEncoder({ label: 'layout profile' });
      encoder.clearBuffer(this.buffers.counts);
      this.countedIterations = 1;
      PHASES.forEach((phase, k) => {
        const pass = encoder.beginComputePass({ label: `layout ${phase}`, timestampWrites: { querySet, beginningOfPassWriteIndex: 2 * k, endOfPassWriteIndex: 2 * k + 1 } });
        this.encode(phase, pass);
        pass.end();
      });
      encoder.resolveQuerySet(querySet, 0, 2 * PHASES.length, resolve, 0);
      encoder.copyBufferToBuffer(resolve, 0, read, 0, 16 * PHASES.length);
      this.device.queue.submit([encoder.finish()]);
      await read.mapAsync(GPUMapMode.READ);
      const times = new BigUint64Array(read.getMappedRange());
      const result = Object.fromEntries(PHASES.map((phase, k) => [phase, Number(times[2 * k + 1] - times[2 * k]) / 1e6])) as Record<Phase, number>;
      read.unmap();
      return result;
    } finally {
      querySet.destroy();
      resolve.destroy();
      read.destroy();
    }
  }

  /**
   * The repulsion on every node of the loaded level where it stands (x, y, z per node), the tree
   * (or pyramid) built for it; the nodes do not move. For tests against exact sums.
   */
  async repulsion(): Promise<Float32Array> {
    const n = this.nodeCount;
    const encoder = this.device.createCommandEncoder({ label: 'layout repulsion' });
    encoder.clearBuffer(this.buffers.counts);
    this.countedIterations = 1;
    const pass = encoder.beginComputePass();
    this.encode('build', pass);
    this.encode('repel', pass);
    pass.end();
    const staging = this.device.createBuffer({ size: 16 * Math.max(1, n), usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    encoder.copyBufferToBuffer(this.buffers.forces, 0, staging, 0, 16 * Math.max(1, n));
    this.device.queue.submit([encoder.finish()]);
    await staging.mapAsync(GPUMapMode.READ);
    const padded = new Float32Array(staging.getMappedRange());
    const forces = new Float32Array(3 * n);
    for (let i = 0; i < n; i++) forces.set(padded.subarray(4 * i, 4 * i + 3), 3 * i);
    staging.destroy();
    return forces;
  }

  /** The tree as last built, read back (for tests); undefined unless the method is `tree`. */
  readTree(): Promise<TreeReadout> | undefined {
    return this.tree?.read(this.nodeCount);
  }

  /** Waits for the queued iterations and reads the level's positions and schedule back. */
  async read(): Promise<EngineReadout> {
    const n = this.nodeCount;
    const encoder = this.device.createCommandEncoder({ label: 'layout read-back' });
    encoder.copyBufferToBuffer(this.buffers.positions, 0, this.buffers.readPositions, 0, 16 * Math.max(1, n));
    encoder.copyBufferToBuffer(this.buffers.schedule, 0, this.buffers.readSchedule, 0, SCHEDULE_BYTES);
    this.device.queue.submit([encoder.finish()]);
    await Promise.all([
      this.buffers.readPositions.mapAsync(GPUMapMode.READ, 0, 16 * Math.max(1, n)),
      this.buffers.readSchedule.mapAsync(GPUMapMode.READ),
    ]);
    const padded = new Float32Array(this.buffers.readPositions.getMappedRange(0, 16 * Math.max(1, n)));
    const positions = new Float32Array(3 * n);
    for (let i = 0; i < n; i++) positions.set(padded.subarray(4 * i, 4 * i + 3), 3 * i);
    const schedule = this.buffers.readSchedule.getMappedRange();
    const step = new Float32Array(schedule, 0, 1)[0];
    const iteration = new Uint32Array(schedule, 20, 1)[0];
    this.buffers.readPositions.unmap();
    this.buffers.readSchedule.unmap();
    return { positions, iteration, step };
  }

  /** Repulsion interactions per node per iteration over the last `run` (0 when it summed every pair exactly). */
  async interactions(): Promise<{ nodeNode: number; nodeCell: number }> {
    const bytes = 8 * groups(this.nodeCount);
    const encoder = this.device.createCommandEncoder({ label: 'layout counts read-back' });
    encoder.copyBufferToBuffer(this.buffers.counts, 0, this.buffers.readCounts, 0, bytes);
    this.device.queue.submit([encoder.finish()]);
    await this.buffers.readCounts.mapAsync(GPUMapMode.READ, 0, bytes);
    const counts = new Uint32Array(this.buffers.readCounts.getMappedRange(0, bytes));
    let nodeNode = 0;
    let nodeCell = 0;
    for (let g = 0; g < counts.length; g += 2) {
      nodeNode += counts[g];
      nodeCell += counts[g + 1];
    }
    this.buffers.readCounts.unmap();
    const per = Math.max(1, this.nodeCount * this.countedIterations);
    return { nodeNode: nodeNode / per, nodeCell: nodeCell / per };
  }

  dispose(): void {
    this.tree?.dispose();
    for (const buffer of Object.values(this.buffers)) buffer.destroy();
  }
}
