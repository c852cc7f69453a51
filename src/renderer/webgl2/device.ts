import { RendererUnavailableError } from '../types';

/** A WebGL2 context on the canvas, opaque, with a depth buffer; throws when the browser has none. */
export function createWebGL2Context(canvas: HTMLCanvasElement): WebGL2RenderingContext {
  const gl = canvas.getContext('webgl2', { alpha: false, antialias: false, depth: true, preserveDrawingBuffer: false, powerPreference: 'high-performance' });
  if (!gl) throw new RendererUnavailableError('webgl2', 'the browser gave no WebGL2 context');
  return gl;
}
