/**
 * Constants of the tiled galaxy format (docs/tiles.md). Every binary file is little-endian and starts
 * with a four-byte magic and a 16- or 24-byte header; columns follow one after another.
 */
export const TILES_FOLDER = 'tiles';
export const TILE_INDEX_FILE = 'index.json';
export const TILES_FORMAT_VERSION = 1;

export const HIERARCHY_MAGIC = 0x31485847; // "GXH1"
export const TILE_MAGIC = 0x31545847; // "GXT1"
export const ADJACENCY_MAGIC = 0x31415847; // "GXA1"
export const TILE_COMMUNITIES_MAGIC = 0x31435847; // "GXC1"

export const HIERARCHY_HEADER_BYTES = 24;
export const TILE_HEADER_BYTES = 16;
export const ADJACENCY_HEADER_BYTES = 24;
export const TILE_COMMUNITIES_HEADER_BYTES = 16;

/** Positions within a tile's box: 16 bits per axis. */
export const QUANTISATION_LEVELS = 65536;

/** Bytes of hierarchy.bin for `tileCount` tiles: the header, then 42 bytes of columns per tile. */
export function hierarchyBytes(tileCount: number): number {
  return HIERARCHY_HEADER_BYTES + tileCount * 42;
}

/** Bytes of a tile holding `count` stars, before compression. */
export function tileBytes(count: number): number {
  return TILE_HEADER_BYTES + count * 4 + align4(count * 6) + count * 8;
}

/** Bytes of a tile's communities file (communities/<t>.bin) for `count` stars, before compression. */
export function tileCommunitiesBytes(count: number): number {
  return TILE_COMMUNITIES_HEADER_BYTES + count * 4;
}

export function align4(bytes: number): number {
  return (bytes + 3) & ~3;
}

/**
 * The paths, relative to `tiles/`, that the writer gives the hierarchy and the templates of tiles and
 * shards (index.json names them, so a reader follows index.json, not these).
 */
export function tileFilePaths(compression: 'gzip' | 'none'): { hierarchy: string; tiles: string; adjacency: string; labels: string; communities: string } {
  const suffix = compression === 'gzip' ? '.gz' : '';
  return {
    hierarchy: `hierarchy.bin${suffix}`,
    tiles: `stars/{index}.bin${suffix}`,
    adjacency: `adjacency/{index}.bin${suffix}`,
    labels: `labels/{index}.json${suffix}`,
    communities: `communities/{index}.bin${suffix}`,
  };
}

/** Fills `{index}` in a path template of index.json. */
export function fillPath(template: string, index: number): string {
  return template.replace('{index}', String(index));
}
