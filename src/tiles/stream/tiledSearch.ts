import { LabelSearch, SEARCH_TIME_LIMIT_MS, SearchStoppedError, type SearchWorkerLike } from '../../search/labelSearch';
import { compileSearchPattern } from '../../search/regexSearch';
import type { LabelShardFile } from '../format/labelShard';
import { TileDataError } from '../format/tileError';
import type { LabelShardNames } from './tileSource';
import type { SearchProgress } from '../../search/starSearch';

/** Where a search reads a tiled galaxy's names, shard by shard. */
export interface LabelShards {
  readonly shardCount: number;
  readonly totalStars: number;
  /** First star of every shard, then the total (index.json's labels starBoundaries). */
  readonly starBoundaries: readonly number[];
  /** The shard when it is held whole (one of the last the names were copied from), without fetching it. */
  peek(shard: number): LabelShardNames | undefined;
  /** Fetches a shard without keeping it: a search over millions of names must not hold them all. */
  fetch(shard: number, signal: AbortSignal): Promise<LabelShardFile>;
  /** A shard could not be read: the search goes on without its names. */
  onFailed(shard: number, error: unknown): void;
  /** A shard was read and matched (after a failure too). */
  onRead?(shard: number): void;
}

function abortError(): DOMException {
  return new DOMException('The search was cancelled', 'AbortError');
}

/** Star numbers appended shard by shard; a view of what is found so far never changes afterwards. */
class MatchList {
  private values = new Uint32Array(1024);
  length = 0;

  append(ids: Uint32Array, firstStar: number): void {
    if (this.length + ids.length > this.values.length) {
      const grown = new Uint32Array(Math.max(this.values.length * 2, this.length + ids.length));
      grown.set(this.values.subarray(0, this.length));
      this.values = grown;
    }
    for (let i = 0; i < ids.length; i++) this.values[this.length + i] = ids[i] + firstStar;
    this.length += ids.length;
  }

  view(): Uint32Array {
    return this.values.subarray(0, this.length);
  }
}

/**
 * Searches a tiled galaxy's names by the classic search's rules (src/search/regexSearch.ts), shard
 * by shard in star order, so that the most linked stars are found first. Matching runs in the search
 * worker with its time limit (LabelSearch), since a visitor's pattern may never finish; the next
 * shard is fetched while one is matched. A new search, or the signal, cancels the running one,
 * which rejects with an AbortError; a pattern stopped by the time limit rejects with the rules' message.
 */
export class TiledSearch {
  private readonly labelSearch: LabelSearch;
  private running: AbortController | undefined;

  constructor(
    private readonly shards: LabelShards,
    createWorker: () => SearchWorkerLike,
    timeLimitMs: number = SEARCH_TIME_LIMIT_MS,
  ) {
    this.labelSearch = new LabelSearch(createWorker, timeLimitMs);
  }

  async search(pattern: string, onProgress: (progress: SearchProgress) => void, signal: AbortSignal): Promise<SearchProgress> {
    this.running?.abort();
    const controller = new AbortController();
    this.running = controller;
    const cancel = () => controller.abort();
    signal.addEventListener('abort', cancel);
    controller.signal.addEventListener('abort', () => this.labelSearch.cancel());
    const { shardCount: totalShards, totalStars, starBoundaries } = this.shards;
    try {
      if (signal.aborted) throw abortError();
      if (!compileSearchPattern(pattern)) {
        return { searchedNames: totalStars, totalNames: totalStars, ids: new Uint32Array(0), done: true };
      }
      const matches = new MatchList();
      let progress: SearchProgress | undefined;
      let next = this.load(0, controller.signal);
      for (let shard = 0; shard < totalShards; shard++) {
        let names = await next;
        if (shard + 1 < totalShards) next = this.load(shard + 1, controller.signal);
        while (names) {
          if (controller.signal.aborted) throw abortError();
          // Shards fetched for the search go to the worker as their files, not copied: the page keeps no garbage of them.
          if ('names' in names) this.labelSearch.setLabels(names.names);
          else this.labelSearch.handOverLabels(names);
          const outcome = await this.labelSearch.search(pattern);
          if (controller.signal.aborted) throw abortError();
          if (outcome.status === 'stopped') throw new SearchStoppedError(outcome.message);
          if (outcome.status === 'unreadable') {
            this.shards.onFailed(shard, new TileDataError(outcome.message));
            break;
          }
          if (outcome.status === 'done') {
            this.shards.onRead?.(shard);
            matches.append(outcome.ids, names.firstStar);
            break;
          }
          // The worker that held the names was stopped for an older search: ask for the shard again.
          names = await this.load(shard, controller.signal);
        }
        if (controller.signal.aborted) throw abortError();
        const done = shard + 1 === totalShards;
        progress = { searchedNames: starBoundaries[shard + 1], totalNames: totalStars, ids: matches.view(), done };
        if (!done) onProgress(progress);
      }
      progress ??= { searchedNames: 0, totalNames: totalStars, ids: matches.view(), done: true };
      onProgress(progress);
      return progress;
    } finally {
      signal.removeEventListener('abort', cancel);
      if (this.running === controller) this.running = undefined;
    }
  }

  dispose(): void {
    this.running?.abort();
    this.labelSearch.dispose();
  }

  /** A shard's names, or undefined when it cannot be read (reported, and the search goes on). */
  private load(shard: number, signal: AbortSignal): Promise<LabelShardNames | LabelShardFile | undefined> {
    const held = this.shards.peek(shard);
    if (held) return Promise.resolve(held);
    return this.shards.fetch(shard, signal).catch((error: unknown) => {
      if (signal.aborted) return undefined;
      this.shards.onFailed(shard, error);
      return undefined;
    });
  }
}
