import { EarlyWebGL2Context } from './webgl2/device';
import { EarlyWebGPUDevice } from './webgpu/device';

/**
 * What a page started of each backend before its first renderer: WebGPU's device and a canvas
 * configured for it, WebGL2's context and its canvas. The first renderer takes them; leaving the
 * galaxy before it did drops them. Made once by the page's entry (src/boot/pageStart.ts).
 */
export class EarlyGpu {
  readonly webgl2 = new EarlyWebGL2Context();
  readonly webgpu = new EarlyWebGPUDevice();

  /** The canvas started for `backend`, for the renderer starting on it, once. */
  takeCanvas(backend: 'webgpu' | 'webgl2'): HTMLCanvasElement | undefined {
    return backend === 'webgl2' ? this.webgl2.takeCanvas() : this.webgpu.takeCanvas();
  }

  /** Drops the canvases no renderer took, with what was drawn on them. */
  drop(): void {
    this.webgl2.drop();
    this.webgpu.drop();
  }
}
