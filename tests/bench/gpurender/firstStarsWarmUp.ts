/**
 * The entry's warm-up of the first stars' pipeline through Dawn (tests/unit/renderer/webgpuInDawn.test.ts
 * runs it in a child process with the Vulkan environment): one star drawn into a 1x1 target, read
 * back. Prints whether the device raised a validation error, the pixel's colour, and whether the
 * pipeline the renderer then asks for is the one the warm-up drew with.
 */
import { openDawnDevice } from '../../../src/layout/gpu/node/dawnDevice';
import { warmFirstStarsPipeline } from '../../../src/renderer/webgpu/firstStars';
import { bigStarsPipeline } from '../../../src/renderer/webgpu/starPasses';

const { device } = await openDawnDevice({ allowSoftware: true });
const format: GPUTextureFormat = 'rgba8unorm';
const color = device.createTexture({ size: [1, 1], format, usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC });
device.pushErrorScope('validation');
await warmFirstStarsPipeline(device, format, color);
const warmedWith = bigStarsPipeline(device, format);
const error = await device.popErrorScope();
const buffer = device.createBuffer({ size: 256, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
const encoder = device.createCommandEncoder();
encoder.copyTextureToBuffer({ texture: color }, { buffer, bytesPerRow: 256 }, [1, 1]);
device.queue.submit([encoder.finish()]);
await buffer.mapAsync(GPUMapMode.READ);
const pixel = [...new Uint8Array(buffer.getMappedRange(), 0, 4)];
process.stdout.write(`${JSON.stringify({ error: error?.message ?? null, pixel, samePipeline: bigStarsPipeline(device, format) === warmedWith })}\n`);
