import type { GraphFormat, ImportedGraph } from './types';

/**
 * Collects named nodes and directed edges while an importer reads its input. Duplicate edges and
 * self-loops are dropped and counted, so every format handles them the same way.
 */
export class GraphBuilder {
  private readonly ids = new Map<string, number>();
  private readonly labels: string[] = [];
  private sources = new Uint32Array(1024);
  private targets = new Uint32Array(1024);
  private edgeCount = 0;
  private readonly seen = new Set<number>();
  private duplicateEdges = 0;
  private selfLoops = 0;
  readonly notes: string[] = [];

  get nodeCount(): number {
    return this.labels.length;
  }

  has(name: string): boolean {
    return this.ids.has(name);
  }

  /** The id of the node known as `key`, adding it (labelled `label`, by default the key) when it is new. */
  node(key: string, label: string = key): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.labels.length;
      this.ids.set(key, id);
      this.labels.push(label);
    }
    return id;
  }

  /** For graphs whose links have no direction (AS adjacency): a-b and b-a are the same link. */
  undirectedEdge(from: string, to: string): void {
    const a = this.node(from);
    const b = this.node(to);
    if (a !== b && this.seen.has(b * 0x4000000 + a)) {
      this.duplicateEdges++;
      return;
    }
    this.edgeById(a, b);
  }

  edge(from: string, to: string): void {
    this.edgeById(this.node(from), this.node(to));
  }

  edgeById(from: number, to: number): void {
    if (from === to) {
      this.selfLoops++;
      return;
    }
    // from * 2^26 + to stays an exact integer for up to 67 million nodes.
    const key = from * 0x4000000 + to;
    if (this.seen.has(key)) {
      this.duplicateEdges++;
      return;
    }
    this.seen.add(key);
    if (this.edgeCount === this.sources.length) this.grow();
    this.sources[this.edgeCount] = from;
    this.targets[this.edgeCount] = to;
    this.edgeCount++;
  }

  private grow(): void {
    const sources = new Uint32Array(this.sources.length * 2);
    const targets = new Uint32Array(this.targets.length * 2);
    sources.set(this.sources);
    targets.set(this.targets);
    this.sources = sources;
    this.targets = targets;
  }

  build(format: GraphFormat): ImportedGraph {
    return {
      format,
      labels: this.labels,
      sources: this.sources.slice(0, this.edgeCount),
      targets: this.targets.slice(0, this.edgeCount),
      stats: { duplicateEdges: this.duplicateEdges, selfLoops: this.selfLoops, notes: this.notes },
    };
  }
}
