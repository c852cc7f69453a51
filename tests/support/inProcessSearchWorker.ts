import type { SearchWorkerLike } from '../../src/search/labelSearch';
import { labelsToMatch, type SearchReply, type SearchRequest } from '../../src/search/protocol';
import { errorMessage } from '../../src/tiles/format/tileError';
import { matchLabels } from '../../src/search/regexSearch';

/** A slice of matching that ends having matched `matchedMs` in all, then `waitMs` before the next one starts (a starved thread). */
export interface MatchingStep {
  matchedMs: number;
  waitMs: number;
}

/**
 * Runs the search worker's protocol in-process (Node has no Web Worker). `hang` makes the next
 * search start matching and never answer nor read another message (a pattern stuck inside one name); `startAfterMs` delays
 * the start of matching (a worker still starting, or starved), and `steps` are slices with waits
 * between them before the answer, on timers (fake ones in tests).
 */
export class InProcessSearchWorker implements SearchWorkerLike {
  onmessage: ((event: MessageEvent<SearchReply>) => void) | null = null;
  labels: string[] = [];
  unreadable: string | undefined;
  terminated = false;
  hang = false;
  /** Stuck inside a name since a search with `hang`: like a real worker, it reads no more messages. */
  stuck = false;
  startAfterMs = 0;
  steps: MatchingStep[] = [];
  received: SearchRequest[] = [];
  /** The stars searches are limited to (a 'limit' message), as the real worker keeps them. */
  members: Uint8Array | undefined;

  postMessage(message: SearchRequest): void {
    this.received.push(message);
    if (this.stuck) return;
    if (message.type === 'labels') {
      try {
        this.labels = labelsToMatch(message);
        this.unreadable = undefined;
      } catch (error) {
        this.labels = [];
        this.unreadable = errorMessage(error);
      }
    }
    if (message.type === 'limit') this.members = message.members;
    if (message.type !== 'search') return;
    const { id } = message;
    const unreadable = this.unreadable;
    if (unreadable !== undefined) {
      queueMicrotask(() => this.send({ type: 'unreadable', id, message: unreadable }));
      return;
    }
    const ids = matchLabels(message.pattern, this.labels, this.members);
    const hang = this.hang;
    const steps = [...this.steps];
    const run = () => {
      this.send({ type: 'matching', id, matchedMs: 0 });
      if (hang) {
        this.stuck = true;
        return;
      }
      const next = () => {
        const step = steps.shift();
        if (!step) {
          this.send({ type: 'result', id, ids, invalid: false });
          return;
        }
        this.send({ type: 'waiting', id, matchedMs: step.matchedMs });
        setTimeout(() => {
          this.send({ type: 'matching', id, matchedMs: step.matchedMs });
          next();
        }, step.waitMs);
      };
      next();
    };
    if (this.startAfterMs > 0) setTimeout(run, this.startAfterMs);
    else queueMicrotask(run);
  }

  terminate(): void {
    this.terminated = true;
  }

  private send(reply: SearchReply): void {
    if (!this.terminated) this.onmessage?.({ data: reply } as MessageEvent<SearchReply>);
  }
}
