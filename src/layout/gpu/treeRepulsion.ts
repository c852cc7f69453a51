import codesSource from '../../../shaders/layoutTreeCodes.wgsl?raw';
import buildSource from '../../../shaders/layoutTreeBuild.wgsl?raw';
import repulsionSource from '../../../shaders/layoutTreeRepulsion.wgsl?raw';
import sortSource from '../../../shaders/layoutTreeSort.wgsl?raw';
import { bindGroup, type CompiledPasses, dispatch, groups, type PassSource, storageBuffer } from './computePasses';

/** Most nodes a tree node may hold and still be summed node by node when it is too close to pass as one body. */
export const TREE_LEAF_SIZE = 4;
/** Marks a child that is a single node (in sorted order) rather than an internal tree node. */
export const LEAF_CHILD = 0x80000000;
/** 4 bits a pass over 46-bit codes (45 of Morton code, one for the far group): 12 passes, an even count, so the keys end where they began. */
const SORT_PASSES = 12;

/** The constants the tree's shaders share, put in front of them. */
export const TREE_CONSTANTS = `const LEAF_SIZE = ${TREE_LEAF_SIZE}u;\nconst LEAF_CHILD = ${LEAF_CHILD}u;\n`;

/** The tree's passes, for compilePasses; `common` is the layout's shared WGSL. */
export function treePasses(common: string): PassSource[] {
  const prelude = `${common}\n${TREE_CONSTANTS}\n`;
  return [
    { name: 'tree codes', code: prelude + codesSource, entryPoints: ['robustCube', 'mortonCodes', 'gatherBodies'], kinds: ['uniform', 'read', 'read', 'write', 'write', 'write', 'write'] },
    { name: 'tree sort', code: prelude + sortSource, entryPoints: ['sortCount', 'sortScan', 'sortScatter'], kinds: ['uniform', 'uniform', 'read', 'read', 'write', 'write', 'write'] },
    { name: 'tree build', code: prelude + buildSource, entryPoints: ['buildNodes', 'sumNodes'], kinds: ['uniform', 'read', 'read', 'write', 'write', 'write', 'write'] },
    { name: 'tree walk', code: prelude + repulsionSource, entryPoints: ['repelTree'], kinds: ['uniform', 'read', 'read', 'read', 'read', 'write', 'write'] },
  ];
}

/** The buffers of the force layout that the tree reads and writes. */
export interface SharedLayoutBuffers {
  params: GPUBuffer;
  positions: GPUBuffer;
  masses: GPUBuffer;
  forces: GPUBuffer;
  counts: GPUBuffer;
}

/** A tree as read back for tests: per internal node its children and run, and centre, low and high corners. */
export interface TreeReadout {
  nodes: Uint32Array;
  sums: Float32Array;
  ids: Uint32Array;
}

/**
 * Repulsion by a tree rebuilt on the GPU every iteration: a cube around the 1-99% quantiles of the
 * nodes (those outside it a far group of their own), 45-bit Morton codes, a radix sort, a binary radix tree over the sorted order (Karras 2012)
 * summed bottom-up, and a Barnes-Hut walk per node in sorted order. The work per node grows with
 * the log of the node count however the nodes crowd: the tree splits where they are.
 */
export class TreeRepulsion {
  private readonly buffers: Record<string, GPUBuffer> = {};
  private readonly pipelines: Record<string, GPUComputePipeline>;
  private readonly bindGroups: Record<string, GPUBindGroup> = {};
  private readonly sortBindGroups: GPUBindGroup[] = [];

  constructor(
    private readonly device: GPUDevice,
    capacity: number,
    /** Holds treePasses' pipelines and layouts, compiled. */
    compiled: CompiledPasses,
    shared: SharedLayoutBuffers,
  ) {
    const nodes = Math.max(2, capacity);
    const buffer = (name: string, bytes: number) => (this.buffers[name] = storageBuffer(device, `tree ${name}`, bytes));
    const frame = buffer('frame', 16);
    const keys = buffer('keys', 8 * nodes);
    const ids = buffer('ids', 4 * nodes);
    const keysSwap = buffer('keysSwap', 8 * nodes);
    const idsSwap = buffer('idsSwap', 4 * nodes);
    const histogram = buffer('histogram', 4 * 16 * groups(nodes));
    const bodies = buffer('bodies', 16 * nodes);
    const treeNodes = buffer('treeNodes', 16 * nodes);
    const parents = buffer('parents', 4 * 2 * nodes);
    const arrivals = buffer('arrivals', 4 * nodes);
    const sums = buffer('sums', 48 * nodes);
    this.pipelines = compiled.pipelines;
    const layouts = compiled.layouts;
    this.bindGroups.codes = bindGroup(device, layouts['tree codes'], [shared.params, shared.positions, shared.masses, frame, keys, ids, bodies]);
    for (let p = 0; p < SORT_PASSES; p++) {
      const uniform = device.createBuffer({ label: `layout tree sort pass ${p}`, size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
      device.queue.writeBuffer(uniform, 0, new Uint32Array([4 * (p % 8), Math.floor(p / 8), 0, 0]));
      this.buffers[`sortPass${p}`] = uniform;
      const [keysIn, idsIn, keysOut, idsOut] = p % 2 === 0 ? [keys, ids, keysSwap, idsSwap] : [keysSwap, idsSwap, keys, ids];
      this.sortBindGroups.push(bindGroup(device, layouts['tree sort'], [shared.params, uniform, keysIn, idsIn, keysOut, idsOut, histogram]));
    }
    this.bindGroups.build = bindGroup(device, layouts['tree build'], [shared.params, keys, bodies, treeNodes, parents, arrivals, sums]);
    this.bindGroups.walk = bindGroup(device, layouts['tree walk'], [shared.params, bodies, ids, treeNodes, sums, shared.forces, shared.counts]);
  }

  /** Encodes building the tree over the level's `nodeCount` nodes (the params' count). */
  encodeBuild(pass: GPUComputePassEncoder, nodeCount: number): void {
    const p = this.pipelines;
    pass.setBindGroup(0, this.bindGroups.codes);
    pass.setPipeline(p.robustCube);
    pass.dispatchWorkgroups(1);
    pass.setPipeline(p.mortonCodes);
    dispatch(pass, nodeCount);
    for (const group of this.sortBindGroups) {
      pass.setBindGroup(0, group);
      pass.setPipeline(p.sortCount);
      pass.dispatchWorkgroups(groups(nodeCount));
      pass.setPipeline(p.sortScan);
      pass.dispatchWorkgroups(1);
      pass.setPipeline(p.sortScatter);
      pass.dispatchWorkgroups(groups(nodeCount));
    }
    pass.setBindGroup(0, this.bindGroups.codes);
    pass.setPipeline(p.gatherBodies);
    dispatch(pass, nodeCount);
    pass.setBindGroup(0, this.bindGroups.build);
    pass.setPipeline(p.buildNodes);
    dispatch(pass, nodeCount);
    pass.setPipeline(p.sumNodes);
    dispatch(pass, nodeCount);
  }

  /** Encodes the walk: every node's repulsion into the forces buffer, interactions counted. */
  encodeWalk(pass: GPUComputePassEncoder, nodeCount: number): void {
    pass.setBindGroup(0, this.bindGroups.walk);
    pass.setPipeline(this.pipelines.repelTree);
    dispatch(pass, nodeCount);
  }

  /** The tree as last built, read back (for tests). */
  async read(nodeCount: number): Promise<TreeReadout> {
    const copy = async (source: GPUBuffer, bytes: number) => {
      const staging = this.device.createBuffer({ size: Math.max(16, bytes), usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
      const encoder = this.device.createCommandEncoder();
      encoder.copyBufferToBuffer(source, 0, staging, 0, bytes);
      this.device.queue.submit([encoder.finish()]);
      await staging.mapAsync(GPUMapMode.READ);
      const bytesRead = staging.getMappedRange(0, bytes).slice(0);
      staging.destroy();
      return bytesRead;
    };
    const internal = Math.max(1, nodeCount - 1);
    const [nodes, sums, ids] = await Promise.all([
      copy(this.buffers.treeNodes, 16 * internal),
      copy(this.buffers.sums, 48 * internal),
      copy(this.buffers.ids, 4 * nodeCount),
    ]);
    return { nodes: new Uint32Array(nodes), sums: new Float32Array(sums), ids: new Uint32Array(ids) };
  }

  dispose(): void {
    for (const buffer of Object.values(this.buffers)) buffer.destroy();
  }
}
