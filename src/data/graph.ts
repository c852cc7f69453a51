import { labelAt, splitLabels, type LabelIndex } from './labelIndex';
import type { StarCatalog } from './starCatalog';

/**
 * A loaded galaxy held in typed arrays: positions already multiplied by the scale `s`,
 * adjacency as CSR (offsets of length nodeCount + 1, targets) for out-links and in-links.
 */
export interface GraphData extends LabelIndex {
  name: string;
  version: string;
  nodeCount: number;
  edgeCount: number;
  positions: Float32Array;
  outOffsets: Uint32Array;
  outTargets: Uint32Array;
  inOffsets: Uint32Array;
  inTargets: Uint32Array;
  /** What could not be trusted in the files and how it was repaired. */
  warnings: string[];
  /** Finest community per star (communities.bin, docs/communities.md), when the galaxy has them. */
  communities?: Uint32Array;
}

/** docs/rules.md#graph: node info as the graph answers it. */
export interface NodeInfo {
  id: number;
  name: string;
  out: number;
  in: number;
}

/** A whole galaxy in memory; as a StarCatalog it answers everything at once and never changes. */
export class Graph implements StarCatalog {
  readonly maxInDegree: number;
  readonly maxOutDegree: number;
  readonly missingRegions: readonly string[] = [];
  private labelArray: string[] | undefined;
  /** Finest community per star: an import's own (GraphData.communities), or communities.bin once it has arrived after the graph. */
  private communities: Uint32Array | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(readonly data: GraphData) {
    this.maxInDegree = maxDegree(data.inOffsets);
    this.maxOutDegree = maxDegree(data.outOffsets);
    this.communities = data.communities?.length === data.nodeCount ? data.communities : undefined;
  }

  get name(): string {
    return this.data.name;
  }

  get version(): string {
    return this.data.version;
  }

  get starCount(): number {
    return this.data.nodeCount;
  }

  get edgeCount(): number {
    return this.data.edgeCount;
  }

  has(id: number): boolean {
    return Number.isInteger(id) && id >= 0 && id < this.data.nodeCount;
  }

  label(id: number): string {
    if (!this.has(id)) return String(id);
    return labelAt(this.data, id);
  }

  labelOf(id: number): string | undefined {
    return this.has(id) ? labelAt(this.data, id) : undefined;
  }

  inDegreeOf(id: number): number | undefined {
    return this.has(id) ? this.inDegree(id) : undefined;
  }

  outDegreeOf(id: number): number | undefined {
    return this.has(id) ? this.outDegree(id) : undefined;
  }

  neighboursOf(id: number, direction: 'in' | 'out'): Uint32Array | undefined {
    return this.has(id) ? this.connected(id, direction) : undefined;
  }

  communityOf(id: number): number | undefined {
    return this.has(id) ? this.communities?.[id] : undefined;
  }

  /** The finest community per star, fetched after the graph (docs/communities.md); told to listeners. Ignored when its length is not the star count. */
  setCommunities(byStar: Uint32Array): void {
    if (byStar.length !== this.data.nodeCount || byStar === this.communities) return;
    this.communities = byStar;
    for (const listener of [...this.listeners]) listener();
  }

  /** Everything else is in from the start: only the communities arrive later. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every node's name, index = node id (built on first use). */
  get labels(): string[] {
    this.labelArray ??= splitLabels(this.data);
    return this.labelArray;
  }

  outDegree(id: number): number {
    return this.data.outOffsets[id + 1] - this.data.outOffsets[id];
  }

  inDegree(id: number): number {
    return this.data.inOffsets[id + 1] - this.data.inOffsets[id];
  }

  /** Nodes this node links to (a view into the CSR targets, not a copy). */
  outNeighbours(id: number): Uint32Array {
    return this.data.outTargets.subarray(this.data.outOffsets[id], this.data.outOffsets[id + 1]);
  }

  /** Nodes linking to this node (a view into the CSR targets, not a copy). */
  inNeighbours(id: number): Uint32Array {
    return this.data.inTargets.subarray(this.data.inOffsets[id], this.data.inOffsets[id + 1]);
  }

  connected(id: number, direction: 'in' | 'out'): Uint32Array {
    return direction === 'in' ? this.inNeighbours(id) : this.outNeighbours(id);
  }

  getNodeInfo(id: number): NodeInfo | undefined {
    if (!this.has(id)) return undefined;
    return { id, name: this.label(id), out: this.outDegree(id), in: this.inDegree(id) };
  }

  /** First node whose label equals `name`, or -1. */
  findByName(name: string): number {
    return this.labels.indexOf(name);
  }

  position(id: number): [number, number, number] {
    const p = this.data.positions;
    return [p[id * 3], p[id * 3 + 1], p[id * 3 + 2]];
  }
}

/** Largest degree in CSR offsets. */
export function maxDegree(offsets: Uint32Array): number {
  let max = 0;
  for (let i = 1; i < offsets.length; i++) {
    const degree = offsets[i] - offsets[i - 1];
    if (degree > max) max = degree;
  }
  return max;
}
