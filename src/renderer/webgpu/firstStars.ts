import { BIG_LIST_START } from '../shaderConstants';
import type { CameraPose } from '../camera';
import { clearColorRgb } from '../clearColor';
import { firstStarsCamera, type FirstStars, type FirstStarsViewport } from '../firstStars';
import { uploadBuffer } from './buffers';
import type { StartedWebGPUCanvas } from './device';
import { bigStarsPipeline, starBindGroup } from './starPasses';
import { DepthTarget } from './target';
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
  const camera = firstStarsCamera(pose, viewport);
  const uniforms = new FrameUniforms(device);
  uniforms.write(camera, viewport.width, viewport.height);
  const storage = GPUBufferUsage.STORAGE;
  const slots = new Uint32Array(BIG_LIST_START + stars.count);
  for (let star = 0; star < stars.count; star++) slots[BIG_LIST_START + star] = star;
  const buffers = [
    uploadBuffer(device, stars.positions, 'first star positions', storage),
    uploadBuffer(device, new Uint8Array(stars.count * 4).fill(255), 'first star colours', storage),
    uploadBuffer(device, stars.sizes, 'first star sizes', storage),
    uploadBuffer(device, new Float32Array(stars.count).fill(1), 'first star footprints', storage),
    uploadBuffer(device, slots, 'first stars', storage),
  ];
  const [positions, colors, sizes, footprints, bigIn] = buffers;
  const pipeline = bigStarsPipeline(device, format);
  const depth = new DepthTarget(device);
  const [r, g, b] = clearColorRgb(undefined);
  const encoder = device.createCommandEncoder({ label: 'first stars' });
  const pass = encoder.beginRenderPass({
    colorAttachments: [{ view: context.getCurrentTexture().createView(), clearValue: { r, g, b, a: 1 }, loadOp: 'clear', storeOp: 'store' }],
    depthStencilAttachment: { view: depth.view(viewport.width, viewport.height), depthClearValue: 1, depthLoadOp: 'clear', depthStoreOp: 'discard' },
  });
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, starBindGroup(device, pipeline, 'bigStars', { u: uniforms.buffer, positions, colors, sizes, footprints, bigIn }));
  pass.draw(3 * stars.count);
  pass.end();
  device.queue.submit([encoder.finish()]);
  return () => {
    for (const buffer of buffers) buffer.destroy();
    depth.dispose();
    uniforms.dispose();
  };
}
