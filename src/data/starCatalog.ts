/**
 * What panels, search and commands ask of a galaxy, whole or still streaming. A classic galaxy's
 * Graph answers everything at once; a tiled galaxy answers what has arrived and `undefined` for
 * the rest: asking starts the fetch of the shard that holds the answer, and `onChange` listeners
 * are called when it is in, so a panel re-renders and asks again.
 *
 * Star ids are the galaxy's own: classic ids for a classic galaxy, tiled star numbers
 * (docs/tiles.md "Star numbers") for a tiled one.
 */
export interface StarCatalog {
  readonly name: string;
  readonly version: string;
  readonly starCount: number;
  readonly edgeCount: number;
  /** The galaxy's true maximum in-degree (the node size rule). */
  readonly maxInDegree: number;
  has(id: number): boolean;
  /** The star's name, or undefined until its label shard has arrived. */
  labelOf(id: number): string | undefined;
  inDegreeOf(id: number): number | undefined;
  outDegreeOf(id: number): number | undefined;
  /** Stars this star links to ('out') or that link to it ('in'), or undefined until its adjacency shard has arrived. */
  neighboursOf(id: number, direction: 'in' | 'out'): Uint32Array | undefined;
  /** The star's finest-level community (docs/communities.md), or undefined when the galaxy has none or it has not arrived. */
  communityOf?(id: number): number | undefined;
  /** Regions whose stars could not be read (a tiled galaxy's tiles; none for a whole galaxy), newest last. */
  readonly missingRegions: readonly string[];
  /** Something asked for earlier has arrived. */
  onChange(listener: () => void): () => void;
}
