/**
 * The first frame that shows star names, drawn by the WebGPU renderer through Dawn: how long the GPU
 * takes over it (render to onSubmittedWorkDone) when names come in the frame right after the first
 * stars (before the labels pipeline's warm-up has run) and when they come after one more frame (the
 * warm-up's), each on a renderer of its own, alternately; what the GPU is given in that frame; and
 * whether the warm-up frame changed any pixel. `npm run bench -- first-names` and
 * tests/unit/renderer/webgpuInDawn.test.ts run it (request: { rounds }).
 */
import { readFileSync } from 'node:fs';
import { LABEL_ATLAS_HEIGHT, LABEL_ATLAS_WIDTH, LABEL_QUAD_FLOATS } from '../../../src/labels/constants';
import type { LabelQuads } from '../../../src/labels/labelQuads';
import { openDawnRenderer, showStars, wholeViewCamera } from './dawnRenderer';

const WIDTH = 320, HEIGHT = 200, NAMES = 20;
const { rounds } = JSON.parse(readFileSync(process.env.GALAXY_DAWN_REQUEST_FILE ?? '', 'utf8')) as { rounds: number };
const positions = Float32Array.from([-400, 0, 0, 0, 0, 0, 400, 0, 0]);

/** NAMES quads, each over a 100 x 30 texel box of a field that is high in its middle rows (a bar of "letters"). */
function someNames(): LabelQuads {
  const data = new Uint8Array(LABEL_ATLAS_WIDTH * LABEL_ATLAS_HEIGHT);
  for (let row = 10; row < 20; row++) data.fill(255, row * LABEL_ATLAS_WIDTH, row * LABEL_ATLAS_WIDTH + 100);
  const quads = new Float32Array(NAMES * LABEL_QUAD_FLOATS);
  for (let i = 0; i < NAMES; i++) {
    quads.set([10 + (i % 2) * 150, 5 + Math.floor(i / 2) * 18, 100, 30, 0, 0, 100 / LABEL_ATLAS_WIDTH, 30 / LABEL_ATLAS_HEIGHT, 1, 1, 1, 1], i * LABEL_QUAD_FLOATS);
  }
  return { atlas: { data, width: LABEL_ATLAS_WIDTH, height: LABEL_ATLAS_HEIGHT, usedRows: 30 }, dirtyRows: { start: 0, end: 30 }, quads, count: NAMES };
}

async function firstNamesFrame(afterWarmUp: boolean) {
  const { renderer, canvas, device } = await openDawnRenderer(WIDTH, HEIGHT);
  showStars(renderer, positions, Float32Array.from([30, 30, 30]));
  const camera = wholeViewCamera(positions, WIDTH, HEIGHT);
  renderer.render(camera);
  await device.queue.onSubmittedWorkDone();
  const before = await canvas.readPixels(device);
  let unchangedByWarmUp: boolean | undefined;
  if (afterWarmUp) {
    renderer.render(camera);
    await device.queue.onSubmittedWorkDone();
    const after = await canvas.readPixels(device);
    unchangedByWarmUp = before.every((value, i) => value === after[i]);
  }
  const made: string[] = [];
  for (const name of ['createTexture', 'createBuffer', 'createBindGroup', 'createRenderPipeline'] as const) {
    const original = device[name].bind(device) as (...args: unknown[]) => unknown;
    (device as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      made.push(name);
      return original(...args);
    };
  }
  const started = performance.now();
  renderer.setLabels!(someNames());
  renderer.render(camera);
  await device.queue.onSubmittedWorkDone();
  const firstNamesMs = performance.now() - started;
  made.push('|');
  const shown = await canvas.readPixels(device);
  let changed = 0;
  for (let i = 0; i < shown.length; i += 4) if (Math.abs(shown[i] - before[i]) > 60) changed++;
  const again = performance.now();
  renderer.render(camera);
  await device.queue.onSubmittedWorkDone();
  const nextMs = performance.now() - again;
  renderer.dispose();
  return { firstNamesMs, nextMs, made: made.slice(0, made.indexOf('|')), namedPixels: changed, unchangedByWarmUp };
}

const cold: Awaited<ReturnType<typeof firstNamesFrame>>[] = [];
const warm: Awaited<ReturnType<typeof firstNamesFrame>>[] = [];
for (let round = 0; round < rounds; round++) {
  warm.push(await firstNamesFrame(true));
  cold.push(await firstNamesFrame(false));
}
process.stdout.write(`${JSON.stringify({ cold, warm })}\n`);
