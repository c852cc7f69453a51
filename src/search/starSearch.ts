/** How a search ended. */
export type SearchOutcome =
  | { status: 'done'; ids: Uint32Array; invalid: boolean }
  | { status: 'cancelled' }
  | { status: 'stopped'; message: string }
  /** The label shard handed over could not be read: its message names it. */
  | { status: 'unreadable'; message: string };

/** What a search streaming over name shards has found so far (docs/rules.md#search). */
export interface SearchProgress {
  /** Matching star ids found so far, in id order. */
  ids: Uint32Array;
  /** Names searched so far, of all of them. */
  searchedNames: number;
  totalNames: number;
  /** Every name shard has been searched. */
  done: boolean;
}

/**
 * A regex search over every star name of one galaxy, whatever holds the names: a worker over a
 * whole graph's labels (LabelSearch) or a tiled galaxy's label shards (TiledStarSearch). A new
 * search supersedes the running one, which resolves as cancelled.
 */
export interface StarSearch {
  /** Resolves with every match; `onProgress` hears the matches so far while shards stream in. */
  search(pattern: string, onProgress?: (progress: SearchProgress) => void): Promise<SearchOutcome>;
  cancel(): void;
  dispose(): void;
  /**
   * Limits the searches that follow to the stars marked 1 in `members` (a constellation's,
   * docs/rules.md#search); undefined searches every star again. Absent where a search cannot be
   * limited (a tiled galaxy, whose stars' communities are not all at hand).
   */
  limitTo?(members: Uint8Array | undefined): void;
}
