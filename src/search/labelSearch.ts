import { EMPTY_LABELS, type LabelIndex } from '../data/labelIndex';
import { RestTimer } from '../timing/restTimer';
import type { LabelsToSearch, SearchReply, SearchRequest } from './protocol';
import { starsInsideLimit } from './searchLimit';
import type { SearchLimit, SearchOutcome, StarSearch } from './starSearch';

/** The part of a Worker the search client uses (a fake stands in for it in unit tests). */
export interface SearchWorkerLike {
  postMessage(message: SearchRequest, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<SearchReply>) => void) | null;
  terminate(): void;
}

/** How long one search may spend matching before the worker is terminated (the page itself never waits on it). */
export const SEARCH_TIME_LIMIT_MS = 4000;

export function stoppedMessage(pattern: string, limitMs: number): string {
  return `Search for "${pattern}" took longer than ${limitMs / 1000} s and was stopped. Try a simpler pattern.`;
}

/**
 * How long the worker waits for the next search before it is ended with its copy of the names (npm's
 * are about 3 MB): the next search starts a fresh one and sends it the names again.
 */
export const SEARCH_REST_MS = 5_000;

/** A search stopped by the time limit, carrying the visitor-facing message as it is (docs/rules.md#search). */
export class SearchStoppedError extends Error {
  override name = 'SearchStoppedError';
}

/** The search the page waits for. */
interface Pending {
  id: number;
  pattern: string;
  resolve: (outcome: SearchOutcome) => void;
}

/** The search the worker is matching now: the one pending, or one superseded that it has not dropped yet. */
interface Matching {
  id: number;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Regex search over labels in a worker. A new search supersedes the one running (which resolves as
 * cancelled). The time limit counts only matching (docs/rules.md#search): the worker says when each
 * slice starts and ends and how long it has matched; a search whose matching reaches the limit, or
 * which stays inside one slice until it would, is stopped by terminating the worker, and the next
 * search starts a fresh worker with the labels sent again. Waiting for the worker (its start, the
 * labels arriving, a thread starved by other work between slices) does not count. At rest
 * (SEARCH_REST_MS with no search waiting) the worker is ended the same way, and the next search
 * starts a fresh one, sent the labels and the limit again.
 */
export class LabelSearch implements StarSearch {
  private worker: SearchWorkerLike | undefined;
  private labels: LabelIndex = EMPTY_LABELS;
  private nextId = 1;
  private pending: Pending | undefined;
  private matching: Matching | undefined;
  /** The labels went to the worker with their buffers: a fresh worker cannot be given them again. */
  private labelsHandedOver = false;
  /** The stars searches are limited to, kept to hand a fresh worker too. */
  private members: Uint8Array | undefined;
  /** The constellation searches are limited to, and the stars' communities its mask was made from. */
  private limit: { limit: SearchLimit; communities: Uint32Array | undefined } | undefined;
  /** Ends the worker once no search has waited on it for its time. */
  private readonly rest: RestTimer;

  constructor(
    private readonly createWorker: () => SearchWorkerLike,
    private readonly timeLimitMs: number = SEARCH_TIME_LIMIT_MS,
    /** Each star's finest community, for a limit to a constellation (a whole galaxy's communities arrive after its names). */
    private readonly starCommunities: () => Uint32Array | undefined = () => undefined,
    restMs: number = SEARCH_REST_MS,
  ) {
    this.rest = new RestTimer(restMs, this.endAtRest);
  }

  /** A worker runs now (none at rest, none before the first labels). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /** Node names as GraphData holds them. */
  setLabels(labels: LabelIndex): void {
    this.cancel();
    this.labelsHandedOver = false;
    this.labels = { labelText: labels.labelText, labelStarts: labels.labelStarts, labelEnds: labels.labelEnds };
    // Start the worker now, so the first keystroke does not pay for it.
    if (this.worker) this.worker.postMessage({ type: 'labels', ...this.labels });
    else if (labels.labelEnds.length > 0) this.ensureWorker();
    this.restIfIdle();
  }

  /**
   * Names used for one search only (a tiled search's shard): their buffers are handed to the worker
   * instead of copied, so the page keeps no garbage of them, and a search that must move to a fresh
   * worker resolves as cancelled, to be asked again with its names.
   */
  handOverLabels(labels: LabelsToSearch): void {
    this.cancel();
    this.labelsHandedOver = true;
    this.labels = EMPTY_LABELS;
    const buffers = 'bytes' in labels ? [labels.bytes.buffer] : [labels.labelStarts.buffer, labels.labelEnds.buffer];
    (this.worker ?? this.startWorker()).postMessage({ type: 'labels', ...labels }, [...new Set(buffers)]);
  }

  /** Searches from now on match only the stars marked 1 in `members` (undefined: all); the running one is cancelled. */
  limitToStars(members: Uint8Array | undefined): void {
    this.cancel();
    this.limit = undefined;
    this.setMembers(members);
  }

  /** Searches from now on match only the stars of the constellation (its stars found from their communities); undefined: all. */
  limitTo(limit: SearchLimit | undefined): void {
    this.cancel();
    this.limit = undefined;
    if (!limit) return this.setMembers(undefined);
    const communities = this.starCommunities();
    this.limit = { limit, communities };
    this.setMembers(starsInsideLimit(limit, communities, communities?.length ?? 0));
  }

  search(pattern: string): Promise<SearchOutcome> {
    this.cancel();
    // The stars' communities arrived (or changed) since the limit was set: its stars are found again.
    if (this.limit && this.limit.communities !== this.starCommunities()) this.limitTo(this.limit.limit);
    const worker = this.ensureWorker();
    const id = this.nextId++;
    this.rest.cancel();
    return new Promise<SearchOutcome>((resolve) => {
      this.pending = { id, pattern, resolve };
      worker.postMessage({ type: 'search', id, pattern });
    });
  }

  /** Resolves the running search as cancelled and tells the worker to drop it. */
  cancel(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    this.worker?.postMessage({ type: 'cancel', id: pending.id });
    pending.resolve({ status: 'cancelled' });
    this.restIfIdle();
  }

  dispose(): void {
    this.cancel();
    this.rest.cancel();
    this.stopWatching();
    this.worker?.terminate();
    this.worker = undefined;
  }

  private setMembers(members: Uint8Array | undefined): void {
    this.members = members;
    this.worker?.postMessage({ type: 'limit', members });
  }

  private ensureWorker(): SearchWorkerLike {
    if (this.worker) return this.worker;
    const worker = this.startWorker();
    worker.postMessage({ type: 'labels', ...this.labels });
    if (this.members) worker.postMessage({ type: 'limit', members: this.members });
    return worker;
  }

  private startWorker(): SearchWorkerLike {
    const worker = this.createWorker();
    worker.onmessage = (event) => this.receive(event.data);
    this.worker = worker;
    return worker;
  }

  private receive(reply: SearchReply): void {
    if (reply.type === 'matching') {
      this.watch(reply.id, reply.matchedMs);
      return;
    }
    if (reply.type === 'waiting') {
      // Between slices the worker waits for its turn (other searches, a starved thread): not counted.
      if (this.matching?.id === reply.id) this.stopWatching();
      if (reply.matchedMs >= this.timeLimitMs) this.stop(reply.id);
      return;
    }
    if (this.matching?.id === reply.id) this.stopWatching();
    const pending = this.pending;
    if (!pending || pending.id !== reply.id) return;
    this.pending = undefined;
    this.restIfIdle();
    pending.resolve(
      reply.type === 'result'
        ? { status: 'done', ids: reply.ids, invalid: reply.invalid }
        : reply.type === 'unreadable'
          ? { status: 'unreadable', message: reply.message }
          : { status: 'cancelled' },
    );
  }

  /**
   * The worker starts a slice of search `id` having matched for `matchedMs`: the slice may run until
   * the limit, no longer (a pattern stuck inside one name never ends its slice). A superseded search
   * is watched too, since while it is stuck the next one waits behind it.
   */
  private watch(id: number, matchedMs: number): void {
    this.stopWatching();
    const left = this.timeLimitMs - matchedMs;
    if (left <= 0) this.stop(id);
    else this.matching = { id, timer: setTimeout(() => this.stop(id), left) };
  }

  private stopWatching(): void {
    if (this.matching) clearTimeout(this.matching.timer);
    this.matching = undefined;
  }

  /** Search `id` matched for the whole limit: terminate the worker; a newer search waiting behind it goes to a fresh one. */
  private stop(id: number): void {
    this.stopWatching();
    this.worker?.terminate();
    this.worker = undefined;
    const pending = this.pending;
    if (!pending) return;
    if (pending.id === id || this.labelsHandedOver) this.pending = undefined;
    if (pending.id === id) pending.resolve({ status: 'stopped', message: stoppedMessage(pending.pattern, this.timeLimitMs) });
    else if (this.labelsHandedOver) pending.resolve({ status: 'cancelled' });
    else this.ensureWorker().postMessage({ type: 'search', id: pending.id, pattern: pending.pattern });
  }

  /** No search waits on the worker: its rest is counted from now. */
  private restIfIdle(): void {
    if (this.worker && !this.pending) this.rest.restart();
  }

  /**
   * Rest: the worker and its copy of the labels go. A search waiting on it is never dropped (its
   * rest was cancelled when it began; this is the guard). Labels handed over for one search go with
   * it, as after a stop: their caller hands them over again with its next search.
   */
  private endAtRest = () => {
    if (this.pending) return;
    this.stopWatching();
    this.worker?.terminate();
    this.worker = undefined;
  };
}

/** The browser's search worker, bundled by Vite. */
export function createBrowserSearchWorker(): SearchWorkerLike {
  return new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module', name: 'label-search' }) as SearchWorkerLike;
}
