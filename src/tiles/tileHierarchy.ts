/**
 * The tile tree of a tiled galaxy as the streaming planner sees it: what the tile writer describes and the
 * planner reads, one entry per tile. Tile 0 is the root; a tile's children are contiguous.
 */
export interface TileHierarchy {
  readonly tileCount: number;
  /** -1 for the root. */
  readonly parent: Int32Array;
  /** Index of the first child (meaningless when childCount is 0). */
  readonly firstChild: Uint32Array;
  /** 0 to 8. */
  readonly childCount: Uint8Array;
  /** 0 at the root. */
  readonly level: Uint8Array;
  /** 6 per tile: minX, minY, minZ, maxX, maxY, maxZ in galaxy coordinates (before the scale s). */
  readonly boxes: Float32Array;
  /** Stars stored in this tile itself: each star is stored once, in one tile. */
  readonly starCount: Uint32Array;
  /** Bytes to fetch for this tile's stars. */
  readonly byteSize: Uint32Array;
  /** The galaxy's true maximum in-degree, for the node size rule. */
  readonly maxInDegree: number;
  readonly totalStars: number;
}
