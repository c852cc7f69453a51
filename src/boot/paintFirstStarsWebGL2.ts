import type { EarlyGpu } from '../renderer/earlyGpu';
import { isSoftwareContext } from '../renderer/webgl2/device';
import { paintFirstStars } from '../renderer/webgl2/firstStars';
import { firstStarsOnWindow, type FirstStarsPainter } from './firstStarsOnWindow';

/**
 * Draws the first stars on the WebGL2 context the first renderer then takes (the page's early one),
 * which frees what this drew with. The context is made when the stars are in: making it sooner holds
 * the main thread (110-190 ms here) while the manifest's answer waits to start the tile worker.
 */
export async function startFirstStarsPainter(gpu: EarlyGpu): Promise<FirstStarsPainter> {
  return (scene) => {
    const gl = gpu.webgl2.context();
    if (!gl) return false;
    const { stars, pose, viewport } = firstStarsOnWindow(gl.canvas as HTMLCanvasElement, scene, { backend: 'webgl2', softwareRasteriser: isSoftwareContext(gl) });
    gpu.webgl2.releaseWhenTaken(paintFirstStars(gl, stars, pose, viewport));
    return true;
  };
}
