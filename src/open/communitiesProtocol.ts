/** The three wire files of an imported graph, for the communities worker (copies: the page keeps its own). */
export interface CommunitiesRequest {
  positions: ArrayBuffer;
  links: ArrayBuffer;
  labels: string;
  /** The galaxy's ecosystem (src/ecosystems/kind.ts), for the words in constellation names. */
  kind: string;
}

/** What communities.bin and communities.json will hold, in the worker's answer. */
export interface CommunityFiles {
  /** communities.bin: uint32 little-endian per star. */
  stars: ArrayBuffer;
  /** communities.json's text. */
  json: string;
}

export type CommunitiesReply =
  /** Level `level` (0 the finest) was found, with `count` communities. */
  | { type: 'level'; level: number; count: number }
  | { type: 'done'; files: CommunityFiles }
  | { type: 'error'; message: string };
