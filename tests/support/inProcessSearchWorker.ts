import { splitLabels } from '../../src/data/labelIndex';
import type { SearchWorkerLike } from '../../src/search/labelSearch';
import type { SearchReply, SearchRequest } from '../../src/search/protocol';
import { matchLabels } from '../../src/search/regexSearch';

/** Runs the search worker's protocol in-process (Node has no Web Worker); `hang` makes the next search never answer. */
export class InProcessSearchWorker implements SearchWorkerLike {
  onmessage: ((event: MessageEvent<SearchReply>) => void) | null = null;
  labels: string[] = [];
  terminated = false;
  hang = false;
  received: SearchRequest[] = [];

  postMessage(message: SearchRequest): void {
    this.received.push(message);
    if (message.type === 'labels') this.labels = splitLabels(message);
    if (message.type !== 'search' || this.hang) return;
    const ids = matchLabels(message.pattern, this.labels);
    queueMicrotask(() => this.onmessage?.({ data: { type: 'result', id: message.id, ids, invalid: false } } as MessageEvent<SearchReply>));
  }

  terminate(): void {
    this.terminated = true;
  }
}
