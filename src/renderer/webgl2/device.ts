import { isSoftwareRendererName } from '../softwareRasteriser';
import { MAX_POINT_SIZE } from '../starStyle';
import { StartedCanvas } from '../startedCanvas';
import { RendererUnavailableError } from '../types';

const CONTEXT_ATTRIBUTES: WebGLContextAttributes = { alpha: false, antialias: false, depth: true, preserveDrawingBuffer: false, powerPreference: 'high-performance' };

/** A WebGL2 context on the canvas, opaque, with a depth buffer; throws when the browser has none. */
export function createWebGL2Context(canvas: HTMLCanvasElement): WebGL2RenderingContext {
  const gl = canvas.getContext('webgl2', CONTEXT_ATTRIBUTES);
  if (!gl) throw new RendererUnavailableError('webgl2', 'the browser gave no WebGL2 context');
  return gl;
}

/**
 * The WebGL2 context the first renderer of a page will draw with, made before that renderer (the
 * entry's first stars, the star budget's adapter probe, which then costs no context of its own:
 * 35-65 ms of main thread here, on SwiftShader), on the canvas the renderer takes. One per page
 * start (src/boot/pageStart.ts).
 */
export class EarlyWebGL2Context {
  private readonly started = new StartedCanvas<WebGL2RenderingContext>(
    (gl) => gl.isContextLost(),
    (gl) => gl.getExtension('WEBGL_lose_context')?.loseContext(),
  );
  private rendererStarted = false;

  /** The context, made now if need be; undefined once a renderer has taken its canvas, or where the browser gives none. */
  context(): WebGL2RenderingContext | undefined {
    if (this.started.context || this.rendererStarted || typeof document === 'undefined') return this.started.context;
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2', CONTEXT_ATTRIBUTES);
    if (gl) this.started.hold(canvas, gl);
    return gl ?? undefined;
  }

  /** The context's canvas, for the first renderer, once, unless it was lost meanwhile; what was drawn on it before is freed. */
  takeCanvas(): HTMLCanvasElement | undefined {
    this.rendererStarted = true;
    return this.started.take()?.canvas;
  }

  /** Frees `release` (GL objects drawn with before the renderer) when the renderer takes the canvas. */
  releaseWhenTaken(release: () => void): void {
    this.started.releaseWhenTaken(release);
  }

  /**
   * Drops the context nobody took (the page left the galaxy before its renderer started): its
   * canvas leaves the page, with whatever was drawn on it, and the context is given back.
   */
  drop(): void {
    this.started.drop();
  }
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
