import { encodeTileCommunities } from '../format/tileCommunitiesCodec';

/** A tile's communities file before compression: the finest community (`communities`, by classic id) of each of its stars. */
export function tileCommunitiesOf(tile: number, firstStar: number, classicIds: ArrayLike<number>, communities: Uint32Array): Uint8Array {
  const tileCommunities = new Uint32Array(classicIds.length);
  for (let k = 0; k < classicIds.length; k++) tileCommunities[k] = communities[classicIds[k]];
  return encodeTileCommunities(tile, firstStar, tileCommunities);
}
