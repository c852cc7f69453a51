import { isSoftwareRendererName } from '../softwareRasteriser';
import { RendererUnavailableError } from '../types';

/** A WebGL2 context on the canvas, opaque, with a depth buffer; throws when the browser has none. */
export function createWebGL2Context(canvas: HTMLCanvasElement): WebGL2RenderingContext {
  const gl = canvas.getContext('webgl2', { alpha: false, antialias: false, depth: true, preserveDrawingBuffer: false, powerPreference: 'high-performance' });
  if (!gl) throw new RendererUnavailableError('webgl2', 'the browser gave no WebGL2 context');
  return gl;
}

/** Whether the context runs on the CPU (SwiftShader and the like), from its unmasked renderer string where the browser gives it. */
export function isSoftwareContext(gl: WebGL2RenderingContext): boolean {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
  return isSoftwareRendererName(typeof name === 'string' ? name : undefined);
}
