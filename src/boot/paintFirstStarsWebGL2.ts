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
    // Asked only by a scene that needs it (a classic galaxy's star count; the root tile draws all its
    // stars): reading the renderer's name waits on the GPU process, which may still be busy.
    const device = {
      backend: 'webgl2' as const,
      get softwareRasteriser() {
        return isSoftwareContext(gl);
      },
    };
    const { stars, pose, viewport } = firstStarsOnWindow(gl.canvas as HTMLCanvasElement, scene, device);
    gpu.webgl2.releaseWhenTaken(paintFirstStars(gl, stars, pose, viewport));
    return true;
  };
}
