/**
 * GPU frame times from the WebGPU renderer's own timestamp queries (src/renderer/webgpu/gpuTimer.ts)
 * through Dawn: a few frames of a small cloud drawn as the camera moves in, by a renderer told to time
 * frames on any adapter and by one left to its default (which times none on a software adapter).
 * tests/unit/renderer/webgpuInDawn.test.ts runs it in a child process with the Vulkan environment.
 * Prints the adapter, whether it is a software one with timestamp-query, the times each renderer
 * reported and the lit pixels of each one's last frame.
 */
import type { Renderer } from '../../../src/renderer/types';
import { openDawnRenderer, showStars, wholeViewCamera } from './dawnRenderer';
import { gpuTimesOf } from './gpuTimesOf';

const WIDTH = 160, HEIGHT = 100, FRAMES = 6;
const count = 2_000;
const positions = new Float32Array(count * 3);
for (let i = 0; i < positions.length; i++) positions[i] = Math.sin(i * 12.9898) * 500;

async function drawFrames(gpuFrameTimes: 'always' | undefined) {
  const opened = await openDawnRenderer(WIDTH, HEIGHT, gpuFrameTimes);
  const { renderer, canvas, device } = opened;
  showStars(renderer, positions, new Float32Array(count).fill(8));
  const camera = wholeViewCamera(positions, WIDTH, HEIGHT);
  const times: number[] = [];
  const start = camera.getPose();
  for (let frame = 0; frame < FRAMES; frame++) {
    const closer = 1 - 0.03 * frame;
    camera.setPose({ ...start, position: [start.position[0] * closer, start.position[1] * closer, start.position[2] * closer] });
    renderer.render(camera);
    await device.queue.onSubmittedWorkDone();
    times.push(...(await gpuTimesOf(renderer, 1)));
  }
  const pixels = await canvas.readPixels(device);
  let lit = 0;
  for (let i = 0; i < WIDTH * HEIGHT; i++) if (pixels[i * 4] + pixels[i * 4 + 1] + pixels[i * 4 + 2] > 60) lit++;
  const timed = hasTimer(renderer);
  renderer.dispose();
  return { opened, times, lit, timed };
}

const hasTimer = (renderer: Renderer) => renderer.gpuFrameTimes !== undefined;

const always = await drawFrames('always');
const byDefault = await drawFrames(undefined);
process.stdout.write(
  `${JSON.stringify({
    adapter: always.opened.adapter,
    software: always.opened.software,
    timestampQuery: always.opened.timestamps,
    frames: FRAMES,
    always: { timed: always.timed, times: always.times, lit: always.lit },
    byDefault: { timed: byDefault.timed, times: byDefault.times, lit: byDefault.lit },
  })}\n`,
);
