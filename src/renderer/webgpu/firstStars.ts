import { Camera, type CameraPose } from '../camera';
import { clearColorRgb } from '../clearColor';
import { firstStarsCamera, type FirstStars, type FirstStarsViewport } from '../firstStars';
import { uploadBuffer } from './buffers';
import type { StartedWebGPUCanvas } from './device';
import { bigStarsPipeline, starBindGroup } from './starPasses';
import { DEPTH_FORMAT, DepthTarget } from './target';
import { FrameUniforms } from './uniforms';

/**
 * Draws `stars` once, white on the default background, each a triangle of the big stars' pipeline
 * the renderer uses (starsBig.wgsl, same size rule and sprite), on the canvas the first WebGPU
 * renderer then takes. The pipeline is made on `started`'s device before the stars are known
 * (bigStarsPipeline), so that it compiles while the root tile downloads. Returns what frees the
 * buffers it drew with.
 */
export function paintFirstStars(started: StartedWebGPUCanvas, stars: FirstStars, pose: CameraPose, viewport: FirstStarsViewport): () => void {
  const { device, context, format } = started;
  const depth = new DepthTarget(device);
  const release = submitStars(device, format, {
    stars,
    camera: firstStarsCamera(pose, viewport),
    width: viewport.width,
    height: viewport.height,
    color: context.getCurrentTexture().createView(),
    depth: depth.view(viewport.width, viewport.height),
  });
  return () => {
    release();
    depth.dispose();
  };
}

/** One star straight ahead of a camera at the origin, big enough to cover the whole of a 1x1 target. */
const WARM_UP_STAR: FirstStars = { count: 1, positions: new Float32Array([0, 0, -10]), sizes: new Float32Array([64]) };

/**
 * Draws one star with the big stars' pipeline into a 1x1 target of the canvas's format (`color`
 * where given, which stays the caller's), and frees what it drew with once the GPU is done. A CPU
 * rasteriser (SwiftShader) compiles a pipeline's shaders into machine code at its first draw, not
 * when the pipeline is made: done while the first stars download, that compile is off their frame.
 * On a hardware GPU it is one pixel.
 */
export function warmFirstStarsPipeline(device: GPUDevice, format: GPUTextureFormat, color?: GPUTexture): Promise<void> {
  const texture = (textureFormat: GPUTextureFormat) => device.createTexture({ size: [1, 1], format: textureFormat, usage: GPUTextureUsage.RENDER_ATTACHMENT });
  const target = color ?? texture(format);
  const depth = texture(DEPTH_FORMAT);
  const camera = new Camera();
  camera.setViewport(1, 1, 1, 1);
  const release = submitStars(device, format, { stars: WARM_UP_STAR, camera, width: 1, height: 1, color: target.createView(), depth: depth.createView() });
  return device.queue.onSubmittedWorkDone().then(() => {
    release();
    if (target !== color) target.destroy();
    depth.destroy();
  });
}

interface StarsFrame {
  stars: FirstStars;
  camera: Camera;
  width: number;
  height: number;
  color: GPUTextureView;
  depth: GPUTextureView;
}

/** Clears `frame`'s targets and draws its stars white with the big stars' pipeline; returns what frees the buffers. */
function submitStars(device: GPUDevice, format: GPUTextureFormat, frame: StarsFrame): () => void {
  const { stars } = frame;
  const uniforms = new FrameUniforms(device);
  uniforms.write(frame.camera, frame.width, frame.height);
  const storage = GPUBufferUsage.STORAGE;
  const slots = new Uint32Array(stars.count);
  for (let star = 0; star < stars.count; star++) slots[star] = star;
  const buffers = [
    uploadBuffer(device, stars.positions, 'first star positions', storage),
    uploadBuffer(device, new Uint8Array(stars.count * 4).fill(255), 'first star colours', storage),
    uploadBuffer(device, stars.sizes, 'first star sizes', storage),
    uploadBuffer(device, new Float32Array(stars.count).fill(1), 'first star footprints', storage),
    uploadBuffer(device, slots, 'first stars', storage),
  ];
  const [positions, colors, sizes, footprints, bigIn] = buffers;
  const pipeline = bigStarsPipeline(device, format);
  const [r, g, b] = clearColorRgb(undefined);
  const encoder = device.createCommandEncoder({ label: 'first stars' });
  const pass = encoder.beginRenderPass({
    colorAttachments: [{ view: frame.color, clearValue: { r, g, b, a: 1 }, loadOp: 'clear', storeOp: 'store' }],
    depthStencilAttachment: { view: frame.depth, depthClearValue: 1, depthLoadOp: 'clear', depthStoreOp: 'discard' },
  });
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, starBindGroup(device, pipeline, 'bigStars', { u: uniforms.buffer, positions, colors, sizes, footprints, bigIn }));
  pass.draw(3 * stars.count);
  pass.end();
  device.queue.submit([encoder.finish()]);
  return () => {
    for (const buffer of buffers) buffer.destroy();
    uniforms.dispose();
  };
}
