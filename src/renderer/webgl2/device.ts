import { isSoftwareRendererName } from '../softwareRasteriser';
import { MAX_POINT_SIZE } from '../starStyle';
import { StartedCanvas } from '../startedCanvas';
import { RendererUnavailableError } from '../types';

const CONTEXT_ATTRIBUTES: WebGLContextAttributes = { alpha: false, antialias: false, depth: true, preserveDrawingBuffer: false, powerPreference: 'high-performance' };

const startedCanvas = new StartedCanvas<WebGL2RenderingContext>(
  (gl) => gl.isContextLost(),
  (gl) => gl.getExtension('WEBGL_lose_context')?.loseContext(),
);
let rendererStarted = false;

/** A WebGL2 context on the canvas, opaque, with a depth buffer; throws when the browser has none. */
export function createWebGL2Context(canvas: HTMLCanvasElement): WebGL2RenderingContext {
  rendererStarted = true;
  const gl = canvas.getContext('webgl2', CONTEXT_ATTRIBUTES);
  if (!gl) throw new RendererUnavailableError('webgl2', 'the browser gave no WebGL2 context');
  return gl;
}

/**
 * Before any WebGL2 renderer has started, the context the first one will draw with, on the canvas it
 * will take (takeStartedWebGL2Canvas): the star budget's adapter probe (adapterProbe.ts), asked
 * before the renderer is up, then costs no context of its own (35-65 ms of main thread here, on
 * SwiftShader). Undefined once a renderer has started, or where the browser gives none.
 */
export function startWebGL2Context(): WebGL2RenderingContext | undefined {
  if (startedCanvas.context || rendererStarted || typeof document === 'undefined') return startedCanvas.context;
  const canvas = document.createElement('canvas');
  const gl = canvas.getContext('webgl2', CONTEXT_ATTRIBUTES);
  if (gl) startedCanvas.hold(canvas, gl);
  return gl ?? undefined;
}

/** The canvas of startWebGL2Context's context, once, unless it was lost meanwhile; what was drawn on it before is freed. */
export function takeStartedWebGL2Canvas(): HTMLCanvasElement | undefined {
  return startedCanvas.take()?.canvas;
}

/**
 * Drops the started context nobody took (the page left the galaxy before its renderer started): its
 * canvas leaves the page, with whatever was drawn on it, and the context is given back.
 */
export function dropStartedWebGL2Context(): void {
  startedCanvas.drop();
}

/** Frees `release` (GL objects drawn with before the renderer) when a renderer takes the started context's canvas. */
export function releaseWhenStartedCanvasTaken(release: () => void): void {
  startedCanvas.releaseWhenTaken(release);
}

/** The largest point size the stars shaders may ask for on this context: MAX_POINT_SIZE, or less where the driver caps points lower. */
export function maxPointSize(gl: WebGL2RenderingContext): number {
  const range = gl.getParameter(gl.ALIASED_POINT_SIZE_RANGE) as Float32Array | null;
  return Math.min(MAX_POINT_SIZE, range ? range[1] : MAX_POINT_SIZE);
}

/** Whether the context runs on the CPU (SwiftShader and the like), from its unmasked renderer string where the browser gives it. */
export function isSoftwareContext(gl: WebGL2RenderingContext): boolean {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
  return isSoftwareRendererName(typeof name === 'string' ? name : undefined);
}
