import type { FirstStars } from '../renderer/firstStars';
import type { DecodedTile } from '../tiles/format/tileCodec';
import type { TileIndex } from '../tiles/format/tileIndex';
import { writeTileStars } from '../tiles/stream/tileStarAttributes';
import { openingPose } from '../url/viewPose';
import { parseViewQuery, splitHash } from '../url/viewQuery';
import type { FirstStarsScene } from './firstStarsOnWindow';

/** The root tile as stars to draw: positions times the scale s, sizes by the node size rule with the galaxy's true maximum (as the slot pool sizes them). */
export function firstStarsOf(root: DecodedTile, index: TileIndex, scale: number): FirstStars {
  const positions = new Float32Array(root.count * 3);
  const sizes = new Float32Array(root.count);
  writeTileStars(root, scale, index.maxInDegree, positions, sizes, 0);
  return { count: root.count, positions, sizes };
}

/** A tiled galaxy's root tile seen as the address `href` opens it (its whole box in view unless the address places the camera). */
export function rootTileScene(href: string, index: TileIndex, root: DecodedTile): FirstStarsScene {
  const { query } = splitHash(new URL(href).hash);
  return (aspect) => ({ stars: firstStarsOf(root, index, parseViewQuery(query).scale), pose: openingPose(query, index.bounds, aspect) });
}
