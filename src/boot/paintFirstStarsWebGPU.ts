import type { EarlyGpu } from '../renderer/earlyGpu';
import { paintFirstStars, warmFirstStarsPipeline } from '../renderer/webgpu/firstStars';
import { firstStarsOnWindow, type FirstStarsPainter } from './firstStarsOnWindow';

/**
 * On the device the entry started, a canvas the first WebGPU renderer then takes, and the big stars'
 * pipeline made and drawn with once into a 1x1 target at once, so that it compiles (and a CPU
 * rasteriser turns it into machine code) while the first stars download; the painter then draws
 * them on that canvas, unless a renderer took it first. Undefined without a started device.
 */
export async function startFirstStarsPainter(gpu: EarlyGpu): Promise<FirstStarsPainter | undefined> {
  const started = await gpu.webgpu.canvas();
  if (!started) return undefined;
  void warmFirstStarsPipeline(started.device, started.format);
  return (scene) => {
    if (!gpu.webgpu.stillHeld(started)) return false;
    const { stars, pose, viewport } = firstStarsOnWindow(started.context.canvas as HTMLCanvasElement, scene, { backend: 'webgpu', softwareRasteriser: started.softwareRasteriser });
    gpu.webgpu.releaseWhenTaken(paintFirstStars(started, stars, pose, viewport));
    gpu.webgpu.holdUntilDrawn(started.device.queue.onSubmittedWorkDone());
    return true;
  };
}
