import { EMPTY_LABELS, type LabelIndex } from '../data/labelIndex';
import type { SearchReply, SearchRequest } from './protocol';
import type { StarSearch } from './starSearch';

/** The part of a Worker the search client uses (a fake stands in for it in unit tests). */
export interface SearchWorkerLike {
  postMessage(message: SearchRequest): void;
  onmessage: ((event: MessageEvent<SearchReply>) => void) | null;
  terminate(): void;
}

export type SearchOutcome =
  | { status: 'done'; ids: Uint32Array; invalid: boolean }
  | { status: 'cancelled' }
  | { status: 'stopped'; message: string };

/** How long one search may run before the worker is terminated (the page itself never waits on it). */
export const SEARCH_TIME_LIMIT_MS = 4000;

export function stoppedMessage(pattern: string, limitMs: number): string {
  return `Search for "${pattern}" took longer than ${limitMs / 1000} s and was stopped. Try a simpler pattern.`;
}

interface Pending {
  id: number;
  pattern: string;
  resolve: (outcome: SearchOutcome) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Regex search over labels in a worker. A new search supersedes the one running (which resolves as
 * cancelled); a search that outlives the time limit terminates the worker, resolves as stopped, and
 * the next search starts a fresh worker with the labels sent again.
 */
export class LabelSearch implements StarSearch {
  private worker: SearchWorkerLike | undefined;
  private labels: LabelIndex = EMPTY_LABELS;
  private nextId = 1;
  private pending: Pending | undefined;

  constructor(
    private readonly createWorker: () => SearchWorkerLike,
    private readonly timeLimitMs: number = SEARCH_TIME_LIMIT_MS,
  ) {}

  /** Node names as GraphData holds them. */
  setLabels(labels: LabelIndex): void {
    this.cancel();
    this.labels = { labelText: labels.labelText, labelStarts: labels.labelStarts, labelEnds: labels.labelEnds };
    // Start the worker now, so the first keystroke does not pay for it.
    if (this.worker) this.worker.postMessage({ type: 'labels', ...this.labels });
    else if (labels.labelEnds.length > 0) this.ensureWorker();
  }

  search(pattern: string): Promise<SearchOutcome> {
    this.cancel();
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<SearchOutcome>((resolve) => {
      const timer = setTimeout(() => this.stop(id), this.timeLimitMs);
      this.pending = { id, pattern, resolve, timer };
      worker.postMessage({ type: 'search', id, pattern });
    });
  }

  /** Resolves the running search as cancelled and tells the worker to drop it. */
  cancel(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    this.worker?.postMessage({ type: 'cancel', id: pending.id });
    pending.resolve({ status: 'cancelled' });
  }

  dispose(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = undefined;
  }

  private ensureWorker(): SearchWorkerLike {
    if (this.worker) return this.worker;
    const worker = this.createWorker();
    worker.onmessage = (event) => this.receive(event.data);
    worker.postMessage({ type: 'labels', ...this.labels });
    this.worker = worker;
    return worker;
  }

  private receive(reply: SearchReply): void {
    const pending = this.pending;
    if (!pending || pending.id !== reply.id) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    pending.resolve(reply.type === 'result' ? { status: 'done', ids: reply.ids, invalid: reply.invalid } : { status: 'cancelled' });
  }

  private stop(id: number): void {
    const pending = this.pending;
    if (!pending || pending.id !== id) return;
    this.pending = undefined;
    this.worker?.terminate();
    this.worker = undefined;
    pending.resolve({ status: 'stopped', message: stoppedMessage(pending.pattern, this.timeLimitMs) });
  }
}

/** The browser's search worker, bundled by Vite. */
export function createBrowserSearchWorker(): SearchWorkerLike {
  return new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module', name: 'label-search' }) as SearchWorkerLike;
}
