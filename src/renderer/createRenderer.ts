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
 * A canvas can hold only one kind of context, so each attempt gets a fresh canvas from
 * `makeCanvas`; the one that works is returned with the renderer.
 */
export async function createRenderer(
  makeCanvas: (backend: Backend) => HTMLCanvasElement,
  order: Backend[],
  options: RendererOptions = {},
): Promise<Renderer> {
  const reasons: string[] = [];
  for (const backend of order) {
    const canvas = makeCanvas(backend);
    try {
      return backend === 'webgpu' ? await createWebGPURenderer(canvas, options) : createWebGL2Renderer(canvas, options);
    } catch (error) {
      reasons.push(error instanceof Error ? error.message : String(error));
    }
  }
  throw new NoRendererError(reasons);
}
