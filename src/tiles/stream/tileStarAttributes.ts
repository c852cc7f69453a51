import { starSize } from '../../renderer/starStyle';
import type { DecodedTile } from '../format/tileCodec';
import { NO_COMMUNITY } from '../../constellations/constellations';

/**
 * Writes a tile's stars as drawn from `start` on: positions times the scale s, sizes by the node
 * size rule with the galaxy's true maximum in-degree. The slot pool and the entry's first stars
 * (src/boot/rootTileOnWindow.ts) both draw tiles so. `communities`, given, gets each star's finest
 * community (NO_COMMUNITY where the tile carries none).
 */
export function writeTileStars(
  tile: DecodedTile,
  scale: number,
  maxInDegree: number,
  positions: Float32Array,
  sizes: Float32Array,
  start: number,
  communities?: Uint32Array,
): void {
  for (let k = 0; k < tile.count * 3; k++) positions[start * 3 + k] = tile.positions[k] * scale;
  for (let k = 0; k < tile.count; k++) sizes[start + k] = starSize(tile.inDegree[k], maxInDegree);
  if (!communities) return;
  if (tile.communities) communities.set(tile.communities.subarray(0, tile.count), start);
  else communities.fill(NO_COMMUNITY, start, start + tile.count);
}
