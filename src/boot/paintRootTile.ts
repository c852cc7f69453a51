import { releaseWhenStartedCanvasTaken, startWebGL2Context } from '../renderer/webgl2/device';
import { paintFirstStars, type FirstStars } from '../renderer/webgl2/firstStars';
import type { DecodedTile } from '../tiles/format/tileCodec';
import type { TileIndex } from '../tiles/format/tileIndex';
import { writeTileStars } from '../tiles/stream/tileStarAttributes';
import { openingPose } from '../url/viewPose';
import { parseViewQuery, splitHash } from '../url/viewQuery';
import { FIRST_STARS_MARK } from './firstStarsMark';

/** The root tile as stars to draw: positions times the scale s, sizes by the node size rule with the galaxy's true maximum (as the slot pool sizes them). */
export function firstStarsOf(root: DecodedTile, index: TileIndex, scale: number): FirstStars {
  const positions = new Float32Array(root.count * 3);
  const sizes = new Float32Array(root.count);
  writeTileStars(root, scale, index.maxInDegree, positions, sizes, 0);
  return { count: root.count, positions, sizes };
}

/**
 * Draws the root tile full window, from the camera the address opens with, on the WebGL2 context
 * the first renderer then takes (startWebGL2Context), which frees what this drew with.
 */
export function paintRootTile(href: string, index: TileIndex, root: DecodedTile): void {
  const gl = startWebGL2Context();
  if (!gl) return;
  const { query } = splitHash(new URL(href).hash);
  const canvas = gl.canvas as HTMLCanvasElement;
  // Under the page's own elements, which the viewer renders over it until the renderer takes it.
  canvas.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;display:block';
  document.body.prepend(canvas);
  const ratio = window.devicePixelRatio || 1;
  const cssWidth = window.innerWidth, cssHeight = window.innerHeight;
  const viewport = { width: Math.max(1, Math.round(cssWidth * ratio)), height: Math.max(1, Math.round(cssHeight * ratio)), cssWidth, cssHeight };
  canvas.width = viewport.width;
  canvas.height = viewport.height;
  const stars = firstStarsOf(root, index, parseViewQuery(query).scale);
  releaseWhenStartedCanvasTaken(paintFirstStars(gl, stars, openingPose(query, index.bounds, cssWidth / cssHeight), viewport));
  performance.mark(FIRST_STARS_MARK);
}
