import { download } from '../data/fetch/download';
import type { EarlyPositions } from '../data/loadTypes';

type Progress = (loaded: number, total: number | undefined) => void;

/**
 * A classic version's positions.bin asked for by the page's entry: read on the page (its first
 * stars are drawn from it) and handed to the loader, which watches it for stalls from its last bytes.
 */
export class EarlyPositionsDownload implements EarlyPositions {
  readonly bytes: Promise<ArrayBuffer | undefined>;
  private readonly stop = new AbortController();
  private lastArrival = performance.now();
  private readonly watchers: Progress[] = [];

  constructor(readonly url: string) {
    this.bytes = download(url, (input, init) => fetch(input, init), this.stop.signal, (loaded, total) => {
      this.lastArrival = performance.now();
      for (const watcher of this.watchers) watcher(loaded, total);
    }).catch(() => undefined);
  }

  quietSince(): number {
    return this.lastArrival;
  }

  watch(onProgress: Progress): void {
    this.watchers.push(onProgress);
  }

  abort(): void {
    this.stop.abort();
  }
}
