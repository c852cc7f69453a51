import { releaseWhenStartedCanvasTaken, startWebGL2Context } from '../renderer/webgl2/device';
import { paintFirstStars } from '../renderer/webgl2/firstStars';
import { rootTileOnWindow, type RootTilePainter } from './rootTileOnWindow';

/**
 * Draws the root tile on the WebGL2 context the first renderer then takes (startWebGL2Context),
 * which frees what this drew with. The context is made when the tile is in: making it sooner holds
 * the main thread (110-190 ms here) while the manifest's answer waits to start the tile worker.
 */
export async function startRootTilePainter(): Promise<RootTilePainter> {
  return (href, index, root) => {
    const gl = startWebGL2Context();
    if (!gl) return false;
    const { stars, pose, viewport } = rootTileOnWindow(gl.canvas as HTMLCanvasElement, href, index, root);
    releaseWhenStartedCanvasTaken(paintFirstStars(gl, stars, pose, viewport));
    return true;
  };
}
