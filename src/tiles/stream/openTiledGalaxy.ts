import { createBrowserSearchWorker, type SearchWorkerLike } from '../../search/labelSearch';
import type { AdjacencyShard } from '../format/adjacencyCodec';
import { tileFirstStars } from '../format/hierarchyCodec';
import { GalaxyLoadError, stalledMessage } from '../../data/loadTypes';
import { errorMessage, isStalled } from '../format/tileError';
import { MissingParts } from './missingParts';
import { tileStallLimitMs } from './stallLimit';
import type { HoldingBudget } from '../planner/holdingBudget';
import { HeldParts, type Holdings } from './heldParts';
import { BYTES_PER_STREAMED_STAR } from '../planner/budgets';
import { ChangeBatcher } from './changeBatcher';
import { TileAdjacency } from './tileAdjacency';
import { TileNames } from './tileNames';
import type { SearchLimit } from '../../search/starSearch';
import { TileCommunityLookup } from './tileCommunityLookup';
import { TiledSearch } from './tiledSearch';
import { TiledStarStream } from './tiledStarStream';
import type { TileSource } from './tileSource';
import type { EarlyGalaxyFiles } from '../../data/earlyFiles';
import { openEarlyOrWorkerTileSource } from './earlyTileSource';
import type { TiledGalaxy } from './types';
import type { SearchProgress } from '../../search/starSearch';

export interface OpenTiledGalaxyOptions {
  /** `{endpoint or data root}/{name}/{version}/tiles/`, ending with '/'. */
  tilesUrl: string;
  name: string;
  version: string;
  /** The position scale `s`. */
  scale: number;
  /**
   * What it may hold (the holding budget: drawn stars, names, out-links, adjacency), known at once or
   * after a look at the device (which then overlaps index.json and the hierarchy).
   */
  budget: HoldingBudget | Promise<HoldingBudget>;
  signal?: AbortSignal;
  /** What is downloading, without the galaxy's name ("downloading the tile index"): the caller names it. */
  onProgress?(message: string): void;
  /** How long a file may send nothing before it is given up (default tileStallLimitMs()); a stalled tile or shard is asked for again later. */
  stallLimitMs?: number;
  /** Where files come from: the tile worker by default; Node tests and tools open the reader in-process. */
  openSource?(tilesUrl: string, signal?: AbortSignal, stallLimitMs?: number, early?: EarlyGalaxyFiles): Promise<TileSource>;
  /** The files the page asked for before the viewer ran (its tile worker and root tile are taken when they are this galaxy's). */
  early?: EarlyGalaxyFiles;
  createSearchWorker?(): SearchWorkerLike;
  /** Most link pairs (default LINK_PAIR_BUDGET). */
  maxLinkPairs?: number;
}

/**
 * Opens a tiled galaxy: resolves once index.json, the hierarchy and the root tile are in, so that
 * the first frame can draw. Then `stars.setCamera` streams tiles within the budget. When one of
 * those first files stalls it rejects with the classic stalled message (a GalaxyLoadError), any
 * other failure of theirs with its own message: the error panel shows either.
 */
export async function openTiledGalaxy(options: OpenTiledGalaxyOptions): Promise<StreamedTiledGalaxy> {
  const { name, signal } = options;
  const stallLimitMs = options.stallLimitMs ?? tileStallLimitMs();
  if (!options.tilesUrl.endsWith('/')) throw new Error(`The tiles address must end with "/": ${options.tilesUrl}`);
  options.onProgress?.('downloading the tile index');
  try {
    const [source, budget] = await Promise.all([(options.openSource ?? openEarlyOrWorkerTileSource)(options.tilesUrl, signal, stallLimitMs, options.early), options.budget]);
    const galaxy = new StreamedTiledGalaxy(source, { ...options, budget, stallLimitMs });
    const onAbort = () => galaxy.dispose();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      options.onProgress?.('downloading the first tile');
      await galaxy.stars.loadRoot();
      signal?.throwIfAborted();
    } catch (error) {
      galaxy.dispose();
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    options.onProgress?.('');
    return galaxy;
  } catch (error) {
    throw isStalled(error) ? new GalaxyLoadError(stalledMessage(name, stallLimitMs), 'stalled') : error;
  }
}

/** A tiled galaxy opened in the viewer (TiledGalaxy): the star stream, the catalog's answers and search. */
export class StreamedTiledGalaxy implements TiledGalaxy {
  readonly name: string;
  readonly version: string;
  readonly starCount: number;
  readonly edgeCount: number;
  readonly maxInDegree: number;
  readonly stars: TiledStarStream;
  private readonly changes = new ChangeBatcher();
  private readonly names: TileNames;
  private readonly adjacency: TileAdjacency;
  private readonly searcher: TiledSearch;
  private readonly missing = new MissingParts();
  /** The one eviction path of star tiles, names, out-links and adjacency, over the holding budget. */
  private readonly held: HeldParts;
  /** Most stars drawn at once. */
  private readonly starBudget: number;
  private disposed = false;

  constructor(
    /** The opened files (index.json, hierarchy) and where tiles and shards come from. */
    readonly source: TileSource,
    options: OpenTiledGalaxyOptions & { budget: HoldingBudget },
  ) {
    const { stallLimitMs } = options;
    const { index } = source;
    this.name = options.name;
    this.version = options.version;
    this.starCount = index.stars;
    this.edgeCount = index.links;
    this.maxInDegree = index.maxInDegree;
    const firstStars = tileFirstStars(source.hierarchy);
    this.held = new HeldParts(options.budget.parts);
    this.starBudget = options.budget.stars.stars;
    this.names = new TileNames({
      tileFirstStars: firstStars,
      shardFirstStars: index.labels.starBoundaries,
      holding: this.held,
      fetchShard: (shard, signal) => source.labels(shard, signal),
      onArrived: (tile) => {
        this.arrived(`names ${tile}`);
        this.changes.catalog();
      },
      onFailed: (tile, error) => this.failed(`names ${tile}`, errorMessage(error)),
      stallLimitMs,
      onRetryDue: () => this.changes.catalog(),
    });
    this.adjacency = new TileAdjacency({
      tileFirstStars: firstStars,
      holding: this.held,
      fetchOutLinks: (tile, signal) => source.tileOutLinks(tile, signal),
      fetchWhole: (tile, signal) => source.tileAdjacency(tile, signal),
      onArrived: (tile) => {
        this.arrived(`adjacency ${tile}`);
        this.changes.catalog();
        this.stars.adjacencyArrived();
      },
      onFailed: (tile, error) => this.failed(`adjacency ${tile}`, errorMessage(error)),
      stallLimitMs,
      // Links ask for the drawn tiles' adjacency when they are drawn again; the panels when they show again.
      onRetryDue: () => {
        this.changes.catalog();
        this.stars.adjacencyArrived();
      },
    });
    this.stars = new TiledStarStream({
      source,
      scale: options.scale,
      budget: options.budget.stars,
      holding: this.held,
      changes: this.changes,
      adjacency: this.adjacency,
      onMissing: (tile, message) => this.failed(`tile ${tile}`, message),
      onArrived: (tile) => this.arrived(`tile ${tile}`),
      stallLimitMs,
      maxLinkPairs: options.maxLinkPairs,
    });
    const labels = index.labels.starBoundaries;
    this.searcher = new TiledSearch(
      {
        shardCount: labels.length - 1,
        totalStars: index.stars,
        starBoundaries: labels,
        peek: (shard) => this.names.peekShard(shard),
        fetch: (shard, signal) => source.searchLabels(shard, signal),
        onRead: (shard) => this.arrived(`search ${shard}`),
        onFailed: (shard, error) => this.failed(`search ${shard}`, errorMessage(error)),
      },
      options.createSearchWorker ?? createBrowserSearchWorker,
      undefined,
      index.communities === undefined
        ? undefined
        : new TileCommunityLookup({
            tileFirstStars: firstStars,
            resident: (star) => this.stars.communityOfStar(star),
            fetch: (tile, signal) => source.communities(tile, signal),
            onFailed: (tile, error) => this.failed(`communities ${tile}`, errorMessage(error)),
          }),
    );
  }

  /** What the galaxy holds against its holding budget: its drawn stars (BYTES_PER_STREAMED_STAR each, an estimate) and its parts by kind. */
  holdings(): Holdings {
    const stars = { bytes: this.stars.residentStars * BYTES_PER_STREAMED_STAR, cap: this.starBudget * BYTES_PER_STREAMED_STAR };
    return { ...this.held.summary(), stars };
  }

  get missingRegions(): readonly string[] {
    return this.missing.warnings;
  }

  has(id: number): boolean {
    return Number.isInteger(id) && id >= 0 && id < this.starCount;
  }

  labelOf(id: number): string | undefined {
    return this.has(id) ? this.names.labelOf(id) : undefined;
  }

  inDegreeOf(id: number): number | undefined {
    return this.degreeOf(id, 'in');
  }

  outDegreeOf(id: number): number | undefined {
    return this.degreeOf(id, 'out');
  }

  /** A resident star's finest community (its tile's communities file); undefined otherwise. */
  communityOf(id: number): number | undefined {
    return this.has(id) ? this.stars.communityOfStar(id) : undefined;
  }

  neighboursOf(id: number, direction: 'in' | 'out'): Uint32Array | undefined {
    const shard = this.adjacencyOf(id);
    if (!shard) return undefined;
    const local = id - shard.firstStar;
    const [offsets, targets] = direction === 'in' ? [shard.inOffsets, shard.inTargets] : [shard.outOffsets, shard.outTargets];
    return targets.subarray(offsets[local], offsets[local + 1]);
  }

  onChange(listener: () => void): () => void {
    return this.changes.onCatalog(listener);
  }

  search(pattern: string, onProgress: (progress: SearchProgress) => void, signal: AbortSignal, limit?: SearchLimit): Promise<SearchProgress> {
    return this.searcher.search(pattern, onProgress, signal, limit);
  }

  /** Asks again for the tiles and shards that could not be read, and clears their warnings. */
  retryMissingRegions(): void {
    this.missing.clear();
    this.names.retryFailed();
    this.adjacency.retryFailed();
    this.stars.retryFailed();
    this.changes.catalog();
  }

  /** Resolves once no tile, shard or plan is on its way (tests and benchmarks). */
  async whenIdle(pollMs = 10): Promise<void> {
    while (!this.disposed && (this.stars.busy || this.names.inFlight > 0 || this.adjacency.inFlight > 0 || this.changes.waiting)) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.searcher.dispose();
    this.stars.dispose();
    this.names.dispose();
    this.adjacency.dispose();
    this.changes.dispose();
    this.source.dispose();
  }

  private adjacencyOf(id: number): AdjacencyShard | undefined {
    if (!this.has(id)) return undefined;
    return this.adjacency.get(this.adjacency.tileOfStar(id));
  }

  private degreeOf(id: number, direction: 'in' | 'out'): number | undefined {
    if (!this.has(id)) return undefined;
    const slot = this.stars.slotOfStar(id);
    if (slot >= 0) return direction === 'in' ? this.stars.inDegreeOfSlot(slot) : this.stars.outDegreeOfSlot(slot);
    const shard = this.adjacencyOf(id);
    if (!shard) return undefined;
    const offsets = direction === 'in' ? shard.inOffsets : shard.outOffsets;
    const local = id - shard.firstStar;
    return offsets[local + 1] - offsets[local];
  }

  /** A part could not be read: its warning shows (docs/rules.md#panels). */
  private failed(part: string, message: string): void {
    if (this.missing.failed(part, message)) this.changes.catalog();
  }

  /** A part arrived: a warning about it (or its file) goes. */
  private arrived(part: string): void {
    if (this.missing.arrived(part)) this.changes.catalog();
  }
}
