import { matchLabels } from '../../src/search/regexSearch';
import type { StarSource, StarSourceChange } from '../../src/stars/starSource';
import type { TiledGalaxy } from '../../src/tiles/stream/types';
import type { SearchProgress } from '../../src/search/starSearch';

export interface FakeTiledGalaxyOptions {
  name?: string;
  labels: string[];
  /** Out-links per star (star numbers). */
  outLinks?: number[][];
  /** Stars per label and adjacency shard. */
  shardSize?: number;
  /** Stars drawn now. */
  drawnStars?: number;
  /** The search waits for releaseSearchShard() before each shard, instead of going on at once. */
  manualSearch?: boolean;
}

/**
 * A tiled galaxy for unit tests and stories: names and adjacency arrive shard by shard when the
 * test says so (`arriveLabels`, `arriveAdjacency`), and records which shards were asked for.
 */
export class FakeTiledGalaxy implements TiledGalaxy {
  readonly name: string;
  readonly version = 'v1';
  readonly starCount: number;
  readonly edgeCount: number;
  readonly maxInDegree: number;
  readonly shardSize: number;
  readonly stars: FakeTiledStars;
  missingRegions: string[] = [];
  /** Label shards asked for while not arrived. */
  readonly askedLabelShards = new Set<number>();
  readonly askedAdjacencyShards = new Set<number>();
  private readonly labels: string[];
  private readonly outLinks: number[][];
  private readonly inLinks: number[][];
  private readonly labelShards = new Set<number>();
  private readonly adjacencyShards = new Set<number>();
  private readonly listeners = new Set<() => void>();
  private readonly manualSearch: boolean;
  private readonly searchGates: (() => void)[] = [];
  disposed = false;

  constructor(options: FakeTiledGalaxyOptions) {
    this.name = options.name ?? 'big';
    this.labels = options.labels;
    this.starCount = options.labels.length;
    this.shardSize = options.shardSize ?? 4;
    this.manualSearch = options.manualSearch ?? false;
    this.outLinks = options.outLinks ?? options.labels.map(() => []);
    this.inLinks = options.labels.map(() => []);
    this.outLinks.forEach((targets, source) => targets.forEach((target) => this.inLinks[target].push(source)));
    this.edgeCount = this.outLinks.reduce((sum, targets) => sum + targets.length, 0);
    this.maxInDegree = Math.max(0, ...this.inLinks.map((sources) => sources.length));
    this.stars = new FakeTiledStars(this.starCount, options.drawnStars ?? this.starCount);
  }

  get shardCount(): number {
    return Math.ceil(this.starCount / this.shardSize);
  }

  has(id: number): boolean {
    return Number.isInteger(id) && id >= 0 && id < this.starCount;
  }

  labelOf(id: number): string | undefined {
    if (!this.has(id)) return undefined;
    const shard = this.shardOf(id);
    if (this.labelShards.has(shard)) return this.labels[id];
    this.askedLabelShards.add(shard);
    return undefined;
  }

  inDegreeOf(id: number): number | undefined {
    return this.adjacency(id)?.in.length;
  }

  outDegreeOf(id: number): number | undefined {
    return this.adjacency(id)?.out.length;
  }

  neighboursOf(id: number, direction: 'in' | 'out'): Uint32Array | undefined {
    const lists = this.adjacency(id);
    return lists ? Uint32Array.from(lists[direction]) : undefined;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Label shards arrive (all when none named). */
  arriveLabels(...shards: number[]): void {
    for (const shard of shards.length > 0 ? shards : this.allShards()) this.labelShards.add(shard);
    this.changed();
  }

  arriveAdjacency(...shards: number[]): void {
    for (const shard of shards.length > 0 ? shards : this.allShards()) this.adjacencyShards.add(shard);
    this.changed();
  }

  loseRegion(region: string): void {
    this.missingRegions = [...this.missingRegions, region];
    this.changed();
  }

  /** Lets a manual search go on to its next shard. */
  releaseSearchShard(): void {
    this.searchGates.shift()?.();
  }

  get waitingSearchShards(): number {
    return this.searchGates.length;
  }

  async search(pattern: string, onProgress: (progress: SearchProgress) => void, signal: AbortSignal): Promise<SearchProgress> {
    const matches: number[] = [];
    const progress = (searchedShards: number, done: boolean): SearchProgress => ({
      searchedNames: Math.min(searchedShards * this.shardSize, this.starCount),
      totalNames: this.starCount,
      ids: Uint32Array.from(matches),
      done,
    });
    for (let shard = 0; shard < this.shardCount; shard++) {
      await this.nextSearchShard(signal);
      const start = shard * this.shardSize;
      const found = matchLabels(pattern, this.labels.slice(start, start + this.shardSize));
      for (const index of found) matches.push(start + index);
      const last = shard === this.shardCount - 1;
      onProgress(progress(shard + 1, last));
    }
    return progress(this.shardCount, true);
  }

  dispose(): void {
    this.disposed = true;
  }

  private nextSearchShard(signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const go = () => (signal.aborted ? reject(new DOMException('The search was cancelled', 'AbortError')) : resolve());
      if (signal.aborted) return go();
      if (!this.manualSearch) return void queueMicrotask(go);
      this.searchGates.push(go);
      // A cancelled search stops waiting at once and leaves the queue.
      signal.addEventListener(
        'abort',
        () => {
          this.searchGates.splice(this.searchGates.indexOf(go), 1);
          go();
        },
        { once: true },
      );
    });
  }

  private adjacency(id: number): { in: number[]; out: number[] } | undefined {
    if (!this.has(id)) return undefined;
    const shard = this.shardOf(id);
    if (this.adjacencyShards.has(shard)) return { in: this.inLinks[id], out: this.outLinks[id] };
    this.askedAdjacencyShards.add(shard);
    return undefined;
  }

  private shardOf(id: number): number {
    return Math.floor(id / this.shardSize);
  }

  private allShards(): number[] {
    return Array.from({ length: this.shardCount }, (_, shard) => shard);
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** Stars of the fake: all in one cell at the origin; `draw(n)` changes how many are drawn. */
export class FakeTiledStars implements StarSource {
  readonly capacity: number;
  readonly positions: Float32Array;
  readonly sizes: Float32Array;
  readonly bounds = { min: [-100, -100, -100] as [number, number, number], max: [100, 100, 100] as [number, number, number] };
  private drawn: number;
  /** Whether tiles are on their way (the stats line says "streaming tiles"). */
  busy = true;
  private readonly listeners = new Set<(change: StarSourceChange) => void>();

  constructor(readonly starCount: number, drawnStars: number) {
    this.capacity = starCount;
    this.positions = new Float32Array(starCount * 3);
    this.sizes = new Float32Array(starCount).fill(15);
    this.drawn = drawnStars;
  }

  get drawnStars(): number {
    return this.drawn;
  }

  draw(stars: number): void {
    this.drawn = stars;
    for (const listener of [...this.listeners]) listener({ written: [], drawnChanged: true, linksChanged: false });
  }

  drawnCells() {
    return { cells: 1, start: Uint32Array.of(0), count: Uint32Array.of(this.drawn), bounds: new Float32Array(6) };
  }

  starOfSlot(slot: number): number {
    return slot < this.starCount ? slot : -1;
  }

  slotOfStar(star: number): number {
    return star < this.starCount ? star : -1;
  }

  setCamera(): void {}

  readonly pickingIndexed = true;

  nearestStar(): number | undefined {
    return undefined;
  }

  linkPairs(): Uint32Array | undefined {
    return undefined;
  }

  onChange(listener: (change: StarSourceChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async locate(star: number): Promise<[number, number, number] | undefined> {
    return star >= 0 && star < this.starCount ? [star, star * 2, star * 3] : undefined;
  }
}
