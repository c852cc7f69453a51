import { TILES_FORMAT_VERSION } from './layout';
import { TileDataError } from './tileError';

/** Stars cut into shards by ranges of star numbers, each shard one file. */
export interface ShardSet {
  /** Path template relative to the tiles folder, `{index}` standing for the shard number. */
  path: string;
  /** Shard k holds stars starBoundaries[k] .. starBoundaries[k + 1] - 1; the last entry is the star count. */
  starBoundaries: number[];
}

/** tiles/index.json: what a reader needs before fetching anything else (docs/tiles.md). */
export interface TileIndex {
  format: number;
  stars: number;
  links: number;
  maxInDegree: number;
  maxOutDegree: number;
  /** Bounds of the stars' whole-number coordinates, galaxy coordinates before the scale s. */
  bounds: { min: [number, number, number]; max: [number, number, number] };
  /** Most stars a tile holds (a tile at the deepest level may hold more). */
  tileCapacity: number;
  tileCount: number;
  /** How the files other than index.json are stored. */
  compression: 'gzip' | 'none';
  /** Path of hierarchy.bin relative to the tiles folder. */
  hierarchy: string;
  /** Path template of a tile relative to the tiles folder, `{index}` standing for the tile number. */
  tiles: string;
  adjacency: ShardSet;
  labels: ShardSet;
  /**
   * Path template of a tile's communities file (each star's finest community, docs/tiles.md), absent
   * for a galaxy without communities. Optional, so that format 1 readers that predate it open such a galaxy.
   */
  communities?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function count(record: Record<string, unknown>, key: string): number {
  const value = record[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new TileDataError(`tiles/index.json: "${key}" is not a whole number`);
  }
  return value;
}

function text(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  if (typeof value !== 'string' || value.length === 0 || value.includes('..')) {
    throw new TileDataError(`tiles/index.json: "${key}" is not a file path`);
  }
  return value;
}

function shardSet(record: Record<string, unknown>, key: string, stars: number): ShardSet {
  const value = record[key];
  if (!isRecord(value)) throw new TileDataError(`tiles/index.json: "${key}" is missing`);
  const boundaries = value.starBoundaries;
  if (
    !Array.isArray(boundaries) ||
    boundaries.length < 2 ||
    boundaries[0] !== 0 ||
    boundaries[boundaries.length - 1] !== stars ||
    boundaries.some((b, i) => typeof b !== 'number' || !Number.isInteger(b) || (i > 0 && b <= (boundaries[i - 1] as number)))
  ) {
    throw new TileDataError(`tiles/index.json: "${key}.starBoundaries" must rise from 0 to the star count`);
  }
  return { path: text(value, 'path'), starBoundaries: boundaries as number[] };
}

function triple(value: unknown): [number, number, number] {
  if (!Array.isArray(value) || value.length !== 3 || value.some((v) => typeof v !== 'number' || !Number.isFinite(v))) {
    throw new TileDataError('tiles/index.json: "bounds" needs min and max as [x, y, z] of finite numbers');
  }
  return value as [number, number, number];
}

/** Checks tiles/index.json (text or parsed JSON); a file this reader cannot use throws TileDataError. */
export function parseTileIndex(json: string | unknown): TileIndex {
  let parsed: unknown = json;
  if (typeof json === 'string') {
    try {
      parsed = JSON.parse(json);
    } catch {
      throw new TileDataError('tiles/index.json is not valid JSON');
    }
  }
  if (!isRecord(parsed)) throw new TileDataError('tiles/index.json is not a JSON object');
  const format = count(parsed, 'format');
  if (format !== TILES_FORMAT_VERSION) {
    throw new TileDataError(`tiles/index.json is format ${format}; this reader knows format ${TILES_FORMAT_VERSION}`);
  }
  const stars = count(parsed, 'stars');
  const compression = parsed.compression;
  if (compression !== 'gzip' && compression !== 'none') throw new TileDataError('tiles/index.json: "compression" must be "gzip" or "none"');
  const bounds = parsed.bounds;
  if (!isRecord(bounds)) throw new TileDataError('tiles/index.json: "bounds" is missing');
  return {
    format,
    stars,
    links: count(parsed, 'links'),
    maxInDegree: count(parsed, 'maxInDegree'),
    maxOutDegree: count(parsed, 'maxOutDegree'),
    bounds: { min: triple(bounds.min), max: triple(bounds.max) },
    tileCapacity: count(parsed, 'tileCapacity'),
    tileCount: count(parsed, 'tileCount'),
    compression,
    hierarchy: text(parsed, 'hierarchy'),
    tiles: text(parsed, 'tiles'),
    adjacency: shardSet(parsed, 'adjacency', stars),
    labels: shardSet(parsed, 'labels', stars),
    ...(parsed.communities === undefined ? {} : { communities: text(parsed, 'communities') }),
  };
}
