import type { BackendPolicy } from './backendPolicy';
import type { Backend, Renderer, RendererOptions } from './types';
import { createWebGL2Renderer } from './webgl2/renderer';
import { createWebGPURenderer } from './webgpu/renderer';

export class NoRendererError extends Error {
  constructor(readonly reasons: string[]) {
    super(`No renderer could start: ${reasons.join('; ')}`);
    this.name = 'NoRendererError';
  }
}

/**
 * The renderer of the first backend of `order` (the policy's own by default) that starts. A canvas
 * can hold only one kind of context, so each attempt gets a fresh canvas from `makeCanvas`; the one
 * that works is returned with the renderer.
 */
export async function createRenderer(
  makeCanvas: (backend: Backend) => HTMLCanvasElement,
  policy: BackendPolicy,
  order: readonly Backend[] = policy.order,
  options: RendererOptions = {},
): Promise<Renderer> {
  const { started, reasons } = await policy.firstThatStarts((backend) => {
    const canvas = makeCanvas(backend);
    return backend === 'webgpu' ? createWebGPURenderer(canvas, options) : createWebGL2Renderer(canvas, options);
  }, order);
  if (!started) throw new NoRendererError(reasons);
  return started.value;
}
