import { splitLabels, type LabelIndex } from '../data/labelIndex';
import { readLabelShardFile, type LabelShardFile } from '../tiles/format/labelShard';

/** What a search matches: a galaxy's names as GraphData holds them, or a tiled galaxy's label shard, read in the worker. */
export type LabelsToSearch = LabelIndex | LabelShardFile;

/** Messages between the page and the search worker. */
export type SearchRequest =
  /** The names as GraphData holds them (one string crosses threads far faster than 200k), or a label shard's file. */
  | ({ type: 'labels' } & LabelsToSearch)
  | { type: 'search'; id: number; pattern: string }
  /** Searches from now on match only the stars marked 1 (a constellation's, docs/rules.md#search); undefined: every star. */
  | { type: 'limit'; members: Uint8Array | undefined }
  | { type: 'cancel'; id: number };

export type SearchReply =
  /**
   * The worker starts a slice of search `id` (`matching`) or has ended one and waits for its turn
   * again (`waiting`), having spent `matchedMs` inside slices so far: all the time limit counts.
   */
  | { type: 'matching' | 'waiting'; id: number; matchedMs: number }
  | { type: 'result'; id: number; ids: Uint32Array; invalid: boolean }
  | { type: 'cancelled'; id: number }
  /** The label shard given could not be read (the message names it): search `id` has nothing to match. */
  | { type: 'unreadable'; id: number; message: string };

/** The labels a search worker matches, one string each; a label shard that cannot be read throws its TileDataError. */
export function labelsToMatch(labels: LabelsToSearch): string[] {
  return 'bytes' in labels ? readLabelShardFile(labels) : splitLabels(labels);
}

/** Labels matched between looks at the message queue for newer requests. */
export const SEARCH_SLICE = 4096;
