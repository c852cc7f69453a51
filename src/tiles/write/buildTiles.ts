import { labelAt, type LabelIndex } from '../../data/labelIndex';
import { decodeLinks, type DecodedLinks } from '../../data/wire/links';
import { encodeAdjacency } from '../format/adjacencyCodec';
import { encodeHierarchy } from '../format/hierarchyCodec';
import { encodeLabelShard } from '../format/labelShard';
import { fillPath, TILE_INDEX_FILE, tileFilePaths, TILES_FORMAT_VERSION } from '../format/layout';
import { encodeTile } from '../format/tileCodec';
import { tileCommunitiesOf } from './tileCommunities';
import type { TileIndex } from '../format/tileIndex';
import type { TileHierarchy } from '../tileHierarchy';
import { buildOctree } from './buildOctree';

/** Most stars per tile: 4096 stars are 72 KB before and about 40 KB after gzip (docs/decisions.md). */
export const DEFAULT_TILE_CAPACITY = 4096;
/** Shards close once their uncompressed bytes pass this. */
export const SHARD_TARGET_BYTES = 256 * 1024;

/**
 * A version's classic files, each asked for once and in this order (positions, links, labels), so
 * that a caller reading them from disk holds only what is still needed.
 */
export interface ClassicFiles {
  positions(): ArrayBuffer;
  links(): ArrayBuffer;
  labels(starCount: number): LabelIndex;
  /** communities.bin's stars (finest community per classic id), undefined when the version has none. */
  communities?(starCount: number): Uint32Array | undefined;
}

export interface BuildTilesOptions {
  capacity?: number;
  compression?: 'gzip' | 'none';
  /** Uncompressed bytes after which an adjacency or label shard closes (default SHARD_TARGET_BYTES). */
  shardBytes?: number;
  onPhase?: (phase: string) => void;
  /** gzip for `compression: 'gzip'` (node:zlib in the CLI, fflate in the browser). */
  gzip: (bytes: Uint8Array) => Uint8Array;
}

export interface BuiltTiles {
  index: TileIndex;
  /** Bytes written per kind of file. */
  bytes: { hierarchy: number; tiles: number; adjacency: number; labels: number; communities: number };
  largestTileBytes: number;
}

/** `emit` receives each file of `tiles/` by its path inside that folder; `index.json` comes last. */
export type EmitTileFile = (relativePath: string, data: Uint8Array) => void;

/**
 * The tiled form of a version's classic files (docs/tiles.md), handed file by file to `emit`; no
 * file system, so that the CLI writes it to disk and the browser puts it in a zip. Links and names
 * go through the viewer's own decoders, so damaged classic files are repaired the same way.
 */
export function buildTiles(classic: ClassicFiles, emit: EmitTileFile, options: BuildTilesOptions): BuiltTiles {
  const capacity = options.capacity ?? DEFAULT_TILE_CAPACITY;
  const compression = options.compression ?? 'gzip';
  const pack = (bytes: Uint8Array): Uint8Array => (compression === 'gzip' ? options.gzip(bytes) : bytes);
  const phase = options.onPhase ?? (() => {});
  const shardBytes = options.shardBytes ?? SHARD_TARGET_BYTES;

  phase('reading positions.bin');
  const positionsBuffer = classic.positions();
  const starCount = Math.floor(positionsBuffer.byteLength / 12);
  if (starCount === 0) throw new Error('positions.bin holds no stars');
  // Let, so that positions and links can be dropped before labels.json, the biggest file, is read.
  let positions: Int32Array | undefined = new Int32Array(starCount * 3);
  const view = new DataView(positionsBuffer);
  for (let i = 0; i < positions.length; i++) positions[i] = view.getInt32(i * 4, true);

  phase('reading links.bin');
  let links: DecodedLinks | undefined = decodeLinks(classic.links(), starCount);
  const linkCount = links.edgeCount;
  const bounds = coordinateBounds(positions);
  const inDegree = new Uint32Array(starCount);
  const outDegree = new Uint32Array(starCount);
  let maxOutDegree = 0;
  for (let i = 0; i < starCount; i++) {
    inDegree[i] = links.inOffsets[i + 1] - links.inOffsets[i];
    outDegree[i] = links.outOffsets[i + 1] - links.outOffsets[i];
    if (outDegree[i] > maxOutDegree) maxOutDegree = outDegree[i];
  }

  phase('sorting stars into tiles');
  const octree = buildOctree(positions, inDegree, capacity);
  const { starOrder, tileFirstStars } = octree;

  const paths = tileFilePaths(compression);
  const bytes = { hierarchy: 0, tiles: 0, adjacency: 0, labels: 0, communities: 0 };
  const communities = classic.communities?.(starCount);
  if (communities && communities.length !== starCount) throw new Error(`communities.bin gives ${communities.length} stars a community, positions.bin has ${starCount}`);
  const write = (template: string, index: number, data: Uint8Array) => {
    emit(fillPath(template, index), data);
    return data.byteLength;
  };

  phase('writing tiles');
  const byteSize = new Uint32Array(octree.tileCount);
  const hierarchy: TileHierarchy = { ...octree, byteSize };
  let largestTileBytes = 0;
  for (let tile = 0; tile < octree.tileCount; tile++) {
    const first = tileFirstStars[tile];
    const count = tileFirstStars[tile + 1] - first;
    const classicIds = starOrder.subarray(first, first + count);
    const tilePositions = new Int32Array(count * 3);
    const tileIn = new Uint32Array(count);
    const tileOut = new Uint32Array(count);
    for (let k = 0; k < count; k++) {
      const id = classicIds[k];
      tilePositions.set(positions.subarray(id * 3, id * 3 + 3), k * 3);
      tileIn[k] = inDegree[id];
      tileOut[k] = outDegree[id];
    }
    const encoded = pack(encodeTile(hierarchy, tile, first, { classicIds, positions: tilePositions, inDegree: tileIn, outDegree: tileOut }));
    byteSize[tile] = write(paths.tiles, tile, encoded);
    bytes.tiles += byteSize[tile];
    if (communities) bytes.communities += write(paths.communities, tile, pack(tileCommunitiesOf(tile, first, classicIds, communities)));
    largestTileBytes = Math.max(largestTileBytes, byteSize[tile]);
  }

  phase('writing adjacency shards');
  const adjacency = writeAdjacencyShards(links, starOrder, inDegree, outDegree, shardBytes, (shard, data) =>
    write(paths.adjacency, shard, pack(data)),
  );
  bytes.adjacency = adjacency.bytes;
  links = undefined;
  positions = undefined;

  phase('reading labels.json');
  const labels = classic.labels(starCount);
  phase('writing label shards');
  const labelBoundaries = shardBoundaries(starCount, shardBytes, (s) => labels.labelEnds[starOrder[s]] - labels.labelStarts[starOrder[s]] + 3);
  for (let shard = 0; shard + 1 < labelBoundaries.length; shard++) {
    const names: string[] = [];
    for (let s = labelBoundaries[shard]; s < labelBoundaries[shard + 1]; s++) names.push(labelAt(labels, starOrder[s]));
    bytes.labels += write(paths.labels, shard, pack(new TextEncoder().encode(encodeLabelShard(names))));
  }

  phase('writing hierarchy and index');
  const hierarchyBytes = pack(encodeHierarchy(hierarchy, { totalLinks: linkCount }));
  emit(paths.hierarchy, hierarchyBytes);
  bytes.hierarchy = hierarchyBytes.byteLength;
  const index: TileIndex = {
    format: TILES_FORMAT_VERSION,
    stars: starCount,
    links: linkCount,
    maxInDegree: octree.maxInDegree,
    maxOutDegree,
    bounds,
    tileCapacity: capacity,
    tileCount: octree.tileCount,
    compression,
    hierarchy: paths.hierarchy,
    tiles: paths.tiles,
    adjacency: { path: paths.adjacency, starBoundaries: adjacency.boundaries },
    labels: { path: paths.labels, starBoundaries: labelBoundaries },
    ...(communities ? { communities: paths.communities } : {}),
  };
  emit(TILE_INDEX_FILE, new TextEncoder().encode(`${JSON.stringify(index)}\n`));
  return { index, bytes, largestTileBytes };
}

/** Out- and in-links in shards of star ranges, targets renumbered to tiled star numbers. */
function writeAdjacencyShards(
  links: DecodedLinks,
  starOrder: Uint32Array,
  inDegree: Uint32Array,
  outDegree: Uint32Array,
  shardBytes: number,
  writeShard: (shard: number, data: Uint8Array) => number,
): { boundaries: number[]; bytes: number } {
  const starCount = starOrder.length;
  const starOf = new Uint32Array(starCount);
  for (let s = 0; s < starCount; s++) starOf[starOrder[s]] = s;
  const boundaries = shardBoundaries(starCount, shardBytes, (s) => {
    const id = starOrder[s];
    return 8 + 4 * (outDegree[id] + inDegree[id]);
  });
  let bytes = 0;
  for (let shard = 0; shard + 1 < boundaries.length; shard++) {
    const first = boundaries[shard];
    const count = boundaries[shard + 1] - first;
    const outOffsets = new Uint32Array(count + 1);
    const inOffsets = new Uint32Array(count + 1);
    for (let k = 0; k < count; k++) {
      const id = starOrder[first + k];
      outOffsets[k + 1] = outOffsets[k] + outDegree[id];
      inOffsets[k + 1] = inOffsets[k] + inDegree[id];
    }
    const outTargets = new Uint32Array(outOffsets[count]);
    const inTargets = new Uint32Array(inOffsets[count]);
    for (let k = 0; k < count; k++) {
      const id = starOrder[first + k];
      for (let e = links.outOffsets[id], at = outOffsets[k]; e < links.outOffsets[id + 1]; e++, at++) outTargets[at] = starOf[links.outTargets[e]];
      for (let e = links.inOffsets[id], at = inOffsets[k]; e < links.inOffsets[id + 1]; e++, at++) inTargets[at] = starOf[links.inTargets[e]];
    }
    bytes += writeShard(shard, encodeAdjacency({ shard, firstStar: first, count, outOffsets, outTargets, inOffsets, inTargets }));
  }
  return { boundaries, bytes };
}

/** Star numbers where shards start, each shard closing once its bytes pass `target`; ends with the total. */
function shardBoundaries(starCount: number, target: number, bytesOf: (star: number) => number): number[] {
  const boundaries = [0];
  let bytes = 0;
  for (let s = 0; s < starCount; s++) {
    bytes += bytesOf(s);
    if (bytes >= target && s + 1 < starCount) {
      boundaries.push(s + 1);
      bytes = 0;
    }
  }
  boundaries.push(starCount);
  return boundaries;
}

function coordinateBounds(positions: Int32Array): TileIndex['bounds'] {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    const axis = i % 3;
    if (positions[i] < min[axis]) min[axis] = positions[i];
    if (positions[i] > max[axis]) max[axis] = positions[i];
  }
  return { min, max };
}
