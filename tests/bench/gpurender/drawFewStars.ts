/**
 * Three stars drawn by the WebGPU renderer through Dawn into an offscreen texture and read back: the
 * path the gpu-render bench measures (tests/unit/renderer/webgpuInDawn.test.ts runs this in a child
 * process with the Vulkan environment). Prints the adapter and, per star, the brightest pixel near
 * where the camera projects it, halfway between two of them and in a corner, and the lit pixels of the frame.
 */
import { openDawnRenderer, showStars, wholeViewCamera } from './dawnRenderer';

const WIDTH = 160, HEIGHT = 100;
const positions = Float32Array.from([-400, 0, 0, 0, 0, 0, 400, 0, 0]);
const { renderer, canvas, device, adapter } = await openDawnRenderer(WIDTH, HEIGHT);
showStars(renderer, positions, Float32Array.from([30, 30, 30]));
const camera = wholeViewCamera(positions, WIDTH, HEIGHT);
renderer.render(camera);
await device.queue.onSubmittedWorkDone();
const pixels = await canvas.readPixels(device);
const brightness = (x: number, y: number) => pixels[(y * WIDTH + x) * 4] + pixels[(y * WIDTH + x) * 4 + 1] + pixels[(y * WIDTH + x) * 4 + 2];
const brightestNear = (cx: number, cy: number) => {
  let best = 0;
  for (let y = Math.max(0, cy - 2); y <= Math.min(HEIGHT - 1, cy + 2); y++) for (let x = Math.max(0, cx - 2); x <= Math.min(WIDTH - 1, cx + 2); x++) best = Math.max(best, brightness(x, y));
  return best;
};
const stars = [0, 1, 2].map((star) => {
  const screen = camera.project(positions[star * 3], positions[star * 3 + 1], positions[star * 3 + 2]);
  return screen ? brightestNear(Math.round(screen.x), Math.round(screen.y)) : -1;
});
let lit = 0;
for (let i = 0; i < WIDTH * HEIGHT; i++) if (brightness(i % WIDTH, Math.floor(i / WIDTH)) > 60) lit++;
renderer.dispose();
const between = camera.project(-200, 0, 0);
const gap = between ? brightestNear(Math.round(between.x), Math.round(between.y)) : -1;
process.stdout.write(`${JSON.stringify({ adapter, stars, lit, gap, corner: brightness(0, 0) })}\n`);
