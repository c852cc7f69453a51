import type { Camera } from '../camera';
import { clearColorRgb } from '../clearColor';
import { starAndLinkData } from '../starAndLinkData';
import type { Renderer, RendererOptions } from '../types';
import { CanvasAttachment } from './canvasAttachment';
import { DEPTH_FORMAT, DepthTarget } from './target';
import { createWebGPUDevice } from './device';
import { WebGPULabels } from './labels';
import { WebGPULinks } from './links';
import { WebGPUPoints } from './points';
import { RecordedPass, type RenderCommands } from './renderBundle';
import { FrameUniforms } from './uniforms';
import { WebGPUGpuTimer } from './gpuTimer';
import { timesGpuFrames } from '../timesGpuFrames';

export async function createWebGPURenderer(canvas: HTMLCanvasElement, options: RendererOptions = {}): Promise<Renderer> {
  const { device, context, format, softwareRasteriser } = await createWebGPUDevice(canvas, options.early?.webgpu);
  const uniforms = new FrameUniforms(device);
  const points = new WebGPUPoints(device, format, uniforms.buffer);
  const links = new WebGPULinks(device, format, uniforms.buffer);
  const depth = new DepthTarget(device);
  const canvasAttachment = new CanvasAttachment();
  const labels = new WebGPULabels(device, format, DEPTH_FORMAT);
  const gpuTimer = timesGpuFrames(options.gpuFrameTimes, softwareRasteriser) ? WebGPUGpuTimer.create(device) : undefined;
  const [r, g, b] = clearColorRgb(options.clearColor);
  const lostListeners: Array<(reason: string) => void> = [];
  let disposed = false;
  // The render pass's descriptor, made at the first frame: each frame after sets only its views (and timestamps).
  let colorAttachment: GPURenderPassColorAttachment | undefined;
  let depthAttachment: GPURenderPassDepthStencilAttachment | undefined;
  let passDescriptor: GPURenderPassDescriptor | undefined;
  /** Whether a frame has drawn stars: the labels pipeline is warmed up in the frame after, not before. */
  let drewStars = false;
  // The render pass's draws, recorded once and replayed while nothing they encode changes.
  const recorded = new RecordedPass(device, { label: 'stars, links and names', colorFormats: [format], depthStencilFormat: DEPTH_FORMAT });
  /** What the recorded draws depend on: stars drawn or not, the points', links' and names' versions (-1: no names). */
  const drawKey = [0, 0, 0, 0];
  let drawsStars = false, drawsLabels = false;
  const recordDraws = (commands: RenderCommands) => {
    if (drawsStars) points.draw(commands);
    links.draw(commands, points);
    if (drawsLabels) labels.draw(commands);
  };

  device.onuncapturederror = (event) => console.error('WebGPU error:', event.error.message);
  void device.lost.then((info) => {
    if (disposed) return;
    for (const listener of lostListeners) listener(`WebGPU device lost (${info.reason}): ${info.message}`);
  });

  return {
    backend: 'webgpu',
    softwareRasteriser,
    canvas,
    ...starAndLinkData(points, links),
    setLabels: (quads) => labels.set(quads),
    resize(width, height) {
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
    },
    render(camera: Camera) {
      const width = canvas.width, height = canvas.height;
      uniforms.write(camera, width, height);
      const encoder = device.createCommandEncoder();
      const timestamps = gpuTimer?.begin();
      const stars = points.prepare(encoder, camera, width, height, timestamps?.first);
      const texture = context.getCurrentTexture(), depthView = depth.view(width, height);
      if (colorAttachment && depthAttachment && passDescriptor) depthAttachment.view = depthView;
      else {
        colorAttachment = { view: texture, clearValue: { r, g, b, a: 1 }, loadOp: 'clear', storeOp: 'store' };
        depthAttachment = { view: depthView, depthClearValue: 1, depthLoadOp: 'clear', depthStoreOp: 'discard' };
        passDescriptor = { colorAttachments: [colorAttachment], depthStencilAttachment: depthAttachment };
      }
      passDescriptor.timestampWrites = timestamps && (stars ? timestamps.last : timestamps.only);
      drawsStars = stars;
      drawsLabels = labels.prepare(camera.cssWidth, camera.cssHeight, drewStars);
      drewStars ||= stars;
      drawKey[0] = stars ? 1 : 0;
      drawKey[1] = points.drawVersion;
      drawKey[2] = links.drawVersion;
      drawKey[3] = drawsLabels ? labels.drawVersion : -1;
      const pass = canvasAttachment.beginPass(encoder, passDescriptor, colorAttachment, texture);
      pass.executeBundles(recorded.bundlesFor(drawKey, recordDraws));
      pass.end();
      gpuTimer?.resolve(encoder);
      device.queue.submit([encoder.finish()]);
      gpuTimer?.read();
    },
    ...(gpuTimer && { gpuFrameTimes: () => gpuTimer.finished() }),
    whenDrawn: () => device.queue.onSubmittedWorkDone(),
    onLost(listener) {
      lostListeners.push(listener);
    },
    simulateLoss() {
      device.destroy();
    },
    dispose() {
      disposed = true;
      gpuTimer?.dispose();
      links.dispose();
      labels.dispose();
      points.dispose();
      depth.dispose();
      uniforms.dispose();
      context.unconfigure();
      device.destroy();
    },
  };
}
