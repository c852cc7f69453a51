import { adjacencyBytes } from './adjacencyCodec';
import { hierarchyBytes } from './layout';
import type { TileIndex } from './tileIndex';

/**
 * The most bytes each file of a tiled galaxy may unpack to (docs/tiles.md#compression): what
 * index.json says it holds, plus a margin, so that a gzip bomb is stopped after a few megabytes
 * instead of filling memory. Tiles are capped by their scratch buffer instead (ScratchUnpacker,
 * the tile's exact size + 4 bytes).
 *
 * The margin is 1 MiB whatever the file: beyond its expected size a file is wrong anyway (each
 * decoder checks the length and names the difference), so the margin only keeps a file slightly
 * too long on the decoder's own message, and adds nothing that matters to memory.
 */
export const UNPACK_MARGIN_BYTES = 1 << 20;

/**
 * index.json states nothing a label shard's size follows from (names may be of any length). The
 * writer closes a shard once it passes 256 KB of JSON, so a shard beyond this fixed ceiling would
 * need a single name of tens of megabytes.
 */
export const LABEL_SHARD_MAX_BYTES = 64 << 20;

/** hierarchy.bin: exactly 24 + 42 bytes per tile of index.json's tileCount. */
export function hierarchyLimit(index: TileIndex): number {
  return hierarchyBytes(index.tileCount) + UNPACK_MARGIN_BYTES;
}

/**
 * An adjacency shard of `count` stars: its header, offsets and targets, with no more out-links
 * than its stars' maximum out-degree allows nor than the galaxy has links (in-links alike).
 */
export function adjacencyLimit(index: TileIndex, count: number): number {
  const outLinks = Math.min(index.links, count * index.maxOutDegree);
  const inLinks = Math.min(index.links, count * index.maxInDegree);
  return adjacencyBytes(count, outLinks, inLinks) + UNPACK_MARGIN_BYTES;
}

export function labelShardLimit(): number {
  return LABEL_SHARD_MAX_BYTES;
}
