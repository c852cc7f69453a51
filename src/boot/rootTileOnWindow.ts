import type { CameraPose } from '../renderer/camera';
import type { FirstStars, FirstStarsViewport } from '../renderer/firstStars';
import type { DecodedTile } from '../tiles/format/tileCodec';
import type { TileIndex } from '../tiles/format/tileIndex';
import { writeTileStars } from '../tiles/stream/tileStarAttributes';
import { openingPose } from '../url/viewPose';
import { parseViewQuery, splitHash } from '../url/viewQuery';

/** Draws a tiled galaxy's root tile on a backend's started canvas; false when that canvas could not be had. */
export type RootTilePainter = (href: string, index: TileIndex, root: DecodedTile) => boolean;

/** The root tile as stars to draw: positions times the scale s, sizes by the node size rule with the galaxy's true maximum (as the slot pool sizes them). */
export function firstStarsOf(root: DecodedTile, index: TileIndex, scale: number): FirstStars {
  const positions = new Float32Array(root.count * 3);
  const sizes = new Float32Array(root.count);
  writeTileStars(root, scale, index.maxInDegree, positions, sizes, 0);
  return { count: root.count, positions, sizes };
}

/**
 * Puts `canvas` on the page full window, under the page's own elements (the viewer renders over it
 * until its renderer takes it), sized in device pixels; returns the root tile's stars and the camera
 * the address opens with, for a backend's painter to draw.
 */
export function rootTileOnWindow(canvas: HTMLCanvasElement, href: string, index: TileIndex, root: DecodedTile): { stars: FirstStars; pose: CameraPose; viewport: FirstStarsViewport } {
  const { query } = splitHash(new URL(href).hash);
  canvas.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;display:block';
  document.body.prepend(canvas);
  const ratio = window.devicePixelRatio || 1;
  const cssWidth = window.innerWidth, cssHeight = window.innerHeight;
  const viewport = { width: Math.max(1, Math.round(cssWidth * ratio)), height: Math.max(1, Math.round(cssHeight * ratio)), cssWidth, cssHeight };
  canvas.width = viewport.width;
  canvas.height = viewport.height;
  return {
    stars: firstStarsOf(root, index, parseViewQuery(query).scale),
    pose: openingPose(query, index.bounds, cssWidth / cssHeight),
    viewport,
  };
}
