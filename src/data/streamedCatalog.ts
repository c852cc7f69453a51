import { maxDegree } from './graph';
import type { StarCatalog } from './starCatalog';
import type { StreamedGalaxy } from './streamedGalaxy';

/**
 * A classic galaxy still downloading, as panels ask it (docs/rules.md#data-and-loading): no names
 * until labels.json is in (the whole graph replaces this catalog then), degrees and neighbours once
 * links are. The streamed galaxy is replaced, never changed, so there is nothing to listen to.
 */
export class StreamedCatalog implements StarCatalog {
  private maxIn: number | undefined;
  readonly missingRegions: readonly string[] = [];

  constructor(private readonly streamed: StreamedGalaxy) {}

  get name(): string {
    return this.streamed.name;
  }

  get version(): string {
    return this.streamed.version;
  }

  get starCount(): number {
    return this.streamed.starCount;
  }

  get edgeCount(): number {
    return this.streamed.adjacency?.edgeCount ?? 0;
  }

  get maxInDegree(): number {
    const links = this.streamed.adjacency;
    if (!links) return 0;
    this.maxIn ??= maxDegree(links.inOffsets);
    return this.maxIn;
  }

  has(id: number): boolean {
    return Number.isInteger(id) && id >= 0 && id < this.streamed.starCount;
  }

  labelOf(_id: number): string | undefined {
    return undefined;
  }

  inDegreeOf(id: number): number | undefined {
    const links = this.streamed.adjacency;
    return links && this.has(id) ? links.inOffsets[id + 1] - links.inOffsets[id] : undefined;
  }

  outDegreeOf(id: number): number | undefined {
    const links = this.streamed.adjacency;
    return links && this.has(id) ? links.outOffsets[id + 1] - links.outOffsets[id] : undefined;
  }

  neighboursOf(id: number, direction: 'in' | 'out'): Uint32Array | undefined {
    const links = this.streamed.adjacency;
    if (!links || !this.has(id)) return undefined;
    const [offsets, targets] = direction === 'in' ? [links.inOffsets, links.inTargets] : [links.outOffsets, links.outTargets];
    return targets.subarray(offsets[id], offsets[id + 1]);
  }

  onChange(_listener: () => void): () => void {
    return () => undefined;
  }
}
