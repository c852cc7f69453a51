import type { EarlyGpu } from '../renderer/earlyGpu';
import { paintFirstStars } from '../renderer/webgl2/firstStars';
import { rootTileOnWindow, type RootTilePainter } from './rootTileOnWindow';

/**
 * Draws the root tile on the WebGL2 context the first renderer then takes (the page's early one),
 * which frees what this drew with. The context is made when the tile is in: making it sooner holds
 * the main thread (110-190 ms here) while the manifest's answer waits to start the tile worker.
 */
export async function startRootTilePainter(gpu: EarlyGpu): Promise<RootTilePainter> {
  return (href, index, root) => {
    const gl = gpu.webgl2.context();
    if (!gl) return false;
    const { stars, pose, viewport } = rootTileOnWindow(gl.canvas as HTMLCanvasElement, href, index, root);
    gpu.webgl2.releaseWhenTaken(paintFirstStars(gl, stars, pose, viewport));
    return true;
  };
}
