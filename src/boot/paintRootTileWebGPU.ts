import type { EarlyGpu } from '../renderer/earlyGpu';
import { paintFirstStars } from '../renderer/webgpu/firstStars';
import { bigStarsPipeline } from '../renderer/webgpu/starPasses';
import { rootTileOnWindow, type RootTilePainter } from './rootTileOnWindow';

/**
 * On the device the entry started, a canvas the first WebGPU renderer then takes, and the big stars'
 * pipeline made at once, so that it compiles while the root tile downloads; the painter then draws
 * the tile on that canvas, unless a renderer took it first. Undefined without a started device.
 */
export async function startRootTilePainter(gpu: EarlyGpu): Promise<RootTilePainter | undefined> {
  const started = await gpu.webgpu.canvas();
  if (!started) return undefined;
  bigStarsPipeline(started.device, started.format);
  return (href, index, root) => {
    if (!gpu.webgpu.stillHeld(started)) return false;
    const { stars, pose, viewport } = rootTileOnWindow(started.context.canvas as HTMLCanvasElement, href, index, root);
    gpu.webgpu.releaseWhenTaken(paintFirstStars(started, stars, pose, viewport));
    return true;
  };
}
