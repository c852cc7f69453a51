/** Messages between the page and the search worker. */
export type SearchRequest =
  /** All names joined into one string with their end offsets: one string crosses threads far faster than 200k. */
  | { type: 'labels'; labelText: string; labelEnds: Uint32Array }
  | { type: 'search'; id: number; pattern: string }
  | { type: 'cancel'; id: number };

export type SearchReply =
  | { type: 'result'; id: number; ids: Uint32Array; invalid: boolean }
  | { type: 'cancelled'; id: number };

/** Labels matched between looks at the message queue for newer requests. */
export const SEARCH_SLICE = 4096;
