/** Messages between the page and the search worker. */
export type SearchRequest =
  | { type: 'labels'; labels: string[] }
  | { type: 'search'; id: number; pattern: string }
  | { type: 'cancel'; id: number };

export type SearchReply =
  | { type: 'result'; id: number; ids: Uint32Array; invalid: boolean }
  | { type: 'cancelled'; id: number };

/** Labels matched between looks at the message queue for newer requests. */
export const SEARCH_SLICE = 4096;
