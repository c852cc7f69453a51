import type { TiledGalaxy } from '../tiles/stream/types';
import { SearchStoppedError } from './labelSearch';
import { compileSearchPattern } from './regexSearch';
import type { SearchOutcome, SearchProgress, StarSearch } from './starSearch';

export function searchFailedMessage(pattern: string, error: unknown): string {
  if (error instanceof SearchStoppedError) return error.message;
  const reason = error instanceof Error ? error.message : String(error);
  return `Search for "${pattern}" stopped: ${reason}`;
}

interface Running {
  controller: AbortController;
  resolve: (outcome: SearchOutcome) => void;
}

/**
 * Search over a tiled galaxy's label shards as they stream in (docs/rules.md#search): progress
 * reports the matches so far, a new search aborts the running one. No time limit: fetching shards
 * takes as long as the network does, and a new keystroke stops it.
 */
export class TiledStarSearch implements StarSearch {
  private running: Running | undefined;

  constructor(private readonly galaxy: Pick<TiledGalaxy, 'search'>) {}

  search(pattern: string, onProgress?: (progress: SearchProgress) => void): Promise<SearchOutcome> {
    this.cancel();
    if (!compileSearchPattern(pattern)) return Promise.resolve({ status: 'done', ids: new Uint32Array(0), invalid: true });
    const controller = new AbortController();
    return new Promise<SearchOutcome>((resolve) => {
      const running: Running = { controller, resolve };
      this.running = running;
      const current = () => this.running === running;
      const finish = (outcome: SearchOutcome) => {
        if (!current()) return;
        this.running = undefined;
        resolve(outcome);
      };
      this.galaxy
        .search(
          pattern,
          (progress) => {
            if (current() && !progress.done) onProgress?.(progress);
          },
          controller.signal,
        )
        .then(
          (final) => finish({ status: 'done', ids: final.ids, invalid: false }),
          (error: unknown) => finish({ status: 'stopped', message: searchFailedMessage(pattern, error) }),
        );
    });
  }

  cancel(): void {
    const running = this.running;
    if (!running) return;
    this.running = undefined;
    running.controller.abort();
    running.resolve({ status: 'cancelled' });
  }

  dispose(): void {
    this.cancel();
  }
}
