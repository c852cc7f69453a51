import { littleEndianHost } from '../../data/wire/positions';
import type { TileHierarchy } from '../tileHierarchy';
import { TILE_COMMUNITIES_HEADER_BYTES, TILE_COMMUNITIES_MAGIC, tileCommunitiesBytes } from './layout';
import { describeTileRegion } from './region';
import { TileDataError } from './tileError';

/**
 * A tile's communities file before compression (docs/tiles.md): header (magic "GXC1", tile,
 * firstStar, count), then each star's finest community (u32), in the tile's star order.
 */
export function encodeTileCommunities(tile: number, firstStar: number, communities: ArrayLike<number>): Uint8Array {
  const count = communities.length;
  const bytes = new Uint8Array(tileCommunitiesBytes(count));
  const view = new DataView(bytes.buffer);
  view.setUint32(0, TILE_COMMUNITIES_MAGIC, true);
  view.setUint32(4, tile, true);
  view.setUint32(8, firstStar, true);
  view.setUint32(12, count, true);
  for (let k = 0; k < count; k++) view.setUint32(TILE_COMMUNITIES_HEADER_BYTES + k * 4, communities[k], true);
  return bytes;
}

/**
 * Decodes an uncompressed tile communities file into `into` (the tile's own communities column,
 * its star count long). A file that does not match the hierarchy throws TileDataError naming the region.
 */
export function decodeTileCommunities(bytes: Uint8Array, hierarchy: TileHierarchy, tile: number, firstStar: number, into: Uint32Array): Uint32Array {
  const fail = (problem: string): never => {
    throw new TileDataError(`${describeTileRegion(hierarchy, tile)}: communities: ${problem}`, tile);
  };
  const count = hierarchy.starCount[tile];
  if (into.length !== count) throw new RangeError(`a tile of ${count} stars needs ${count} communities, not ${into.length}`);
  if (bytes.byteLength < TILE_COMMUNITIES_HEADER_BYTES) fail(`the file is ${bytes.byteLength} bytes, shorter than its header`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== TILE_COMMUNITIES_MAGIC) fail('the file does not start with "GXC1": not a tile\'s communities');
  if (view.getUint32(4, true) !== tile) fail(`the file is for tile #${view.getUint32(4, true)}, not #${tile}`);
  if (view.getUint32(8, true) !== firstStar || view.getUint32(12, true) !== count) {
    fail(`the file holds stars ${view.getUint32(8, true)} + ${view.getUint32(12, true)}, the hierarchy says ${firstStar} + ${count}`);
  }
  if (bytes.byteLength !== tileCommunitiesBytes(count)) fail(`the file is ${bytes.byteLength} bytes, expected ${tileCommunitiesBytes(count)} (truncated?)`);
  const at = TILE_COMMUNITIES_HEADER_BYTES;
  if (littleEndianHost) new Uint8Array(into.buffer, into.byteOffset, into.byteLength).set(bytes.subarray(at, at + count * 4));
  else for (let k = 0; k < count; k++) into[k] = view.getUint32(at + k * 4, true);
  return into;
}
