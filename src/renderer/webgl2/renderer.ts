import type { Camera } from '../camera';
import { clearColorRgb } from '../clearColor';
import { starAndLinkData } from '../starAndLinkData';
import type { Renderer, RendererOptions } from '../types';
import { createWebGL2Context, isSoftwareContext } from './device';
import { WebGL2Labels } from './labels';
import { WebGL2Links } from './links';
import { WebGL2Points } from './points';
import { WebGL2FrameTarget } from './target';
import { WebGL2GpuTimer } from './gpuTimer';
import { timesGpuFrames } from '../timesGpuFrames';

export function createWebGL2Renderer(canvas: HTMLCanvasElement, options: RendererOptions = {}): Renderer {
  const gl = createWebGL2Context(canvas);
  const points = new WebGL2Points(gl);
  const links = new WebGL2Links(gl, points);
  const target = new WebGL2FrameTarget(gl);
  const labels = new WebGL2Labels(gl);
  const softwareRasteriser = isSoftwareContext(gl);
  const gpuTimer = timesGpuFrames(options.gpuFrameTimes, softwareRasteriser) ? WebGL2GpuTimer.create(gl) : undefined;
  const [r, g, b] = clearColorRgb(options.clearColor);
  const lostListeners: Array<(reason: string) => void> = [];
  const onContextLost = (event: Event) => {
    event.preventDefault();
    for (const listener of lostListeners) listener('WebGL context lost');
  };
  canvas.addEventListener('webglcontextlost', onContextLost);
  // The frame's standing state: depth test and writes on, blending off; a pass that changes one restores it.
  gl.enable(gl.DEPTH_TEST);
  gl.depthFunc(gl.LESS);
  gl.disable(gl.BLEND);
  gl.depthMask(true);
  // The viewport as set (the depth tiles' pass sets it back to the frame's size); set again when the canvas's size changes.
  let viewport = { width: -1, height: -1 };

  return {
    backend: 'webgl2',
    softwareRasteriser,
    canvas,
    ...starAndLinkData(points, links),
    setLabels: (quads) => labels.set(quads),
    resize(width, height) {
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
    },
    render(camera: Camera) {
      gpuTimer?.begin();
      const plan = points.plan(camera);
      // Only culling needs the frame off screen; other frames skip its copy to the canvas.
      if (plan.stages) target.begin(canvas.width, canvas.height);
      if (viewport.width !== canvas.width || viewport.height !== canvas.height) {
        gl.viewport(0, 0, canvas.width, canvas.height);
        viewport = { width: canvas.width, height: canvas.height };
      }
      gl.clearColor(r, g, b, 1);
      gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
      points.draw(camera, plan, target);
      links.draw(camera);
      if (plan.stages) target.present();
      labels.draw(camera.cssWidth, camera.cssHeight);
      gpuTimer?.end();
    },
    ...(gpuTimer && { gpuFrameTimes: () => gpuTimer.finished() }),
    async whenDrawn() {
      const pixel = new Uint8Array(4);
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    },
    onLost(listener) {
      lostListeners.push(listener);
    },
    simulateLoss() {
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    },
    dispose() {
      canvas.removeEventListener('webglcontextlost', onContextLost);
      gpuTimer?.dispose();
      links.dispose();
      labels.dispose();
      points.dispose();
      target.dispose();
    },
  };
}
