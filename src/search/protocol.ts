import type { EncodedLabelIndex, LabelIndex } from '../data/labelIndex';

/** Messages between the page and the search worker. */
export type SearchRequest =
  /** The names as GraphData holds them: one string crosses threads far faster than 200k. */
  | ({ type: 'labels' } & (LabelIndex | EncodedLabelIndex))
  | { type: 'search'; id: number; pattern: string }
  | { type: 'cancel'; id: number };

export type SearchReply =
  /**
   * The worker starts a slice of search `id` (`matching`) or has ended one and waits for its turn
   * again (`waiting`), having spent `matchedMs` inside slices so far: all the time limit counts.
   */
  | { type: 'matching' | 'waiting'; id: number; matchedMs: number }
  | { type: 'result'; id: number; ids: Uint32Array; invalid: boolean }
  | { type: 'cancelled'; id: number };

/** Labels matched between looks at the message queue for newer requests. */
export const SEARCH_SLICE = 4096;
