/**
 * A frame drawn again with nothing changed but the frame itself, by the WebGPU renderer through
 * Dawn: small stars (splatted), big ones (triangles) and names. Prints which buffers each frame
 * writes (writeBuffer by label), every GPU call each frame makes (by name: the device's, the
 * queue's, the encoder's and its passes', the canvas's and its texture's) and whether the frames
 * drawn at the same view have the same pixels:
 * the first view, the view again (nothing changed), a moved view, and the first view once more.
 * tests/unit/renderer/webgpuInDawn.test.ts runs it.
 */
import { LABEL_ATLAS_HEIGHT, LABEL_ATLAS_WIDTH, LABEL_QUAD_FLOATS } from '../../../src/labels/constants';
import type { LabelQuads } from '../../../src/labels/labelQuads';
import { openDawnRenderer, showStars, wholeViewCamera } from './dawnRenderer';

const WIDTH = 320, HEIGHT = 200, SMALL = 400, NAMES = 4;
// A sheet of small stars and three big ones in front of it.
const positions = new Float32Array((SMALL + 3) * 3);
const sizes = new Float32Array(SMALL + 3).fill(2);
for (let i = 0; i < SMALL; i++) positions.set([((i % 20) - 9.5) * 40, (Math.floor(i / 20) - 9.5) * 25, 0], i * 3);
for (let i = 0; i < 3; i++) {
  positions.set([(i - 1) * 200, 0, 100], (SMALL + i) * 3);
  sizes[SMALL + i] = 120;
}

const data = new Uint8Array(LABEL_ATLAS_WIDTH * LABEL_ATLAS_HEIGHT);
for (let row = 10; row < 20; row++) data.fill(255, row * LABEL_ATLAS_WIDTH, row * LABEL_ATLAS_WIDTH + 100);
const atlas = { data, width: LABEL_ATLAS_WIDTH, height: LABEL_ATLAS_HEIGHT, usedRows: 30 };
/** The same names each frame, as a new LabelQuads each time (as the names' frame hands them over); the atlas is written once. */
function names(): LabelQuads {
  const quads = new Float32Array(NAMES * LABEL_QUAD_FLOATS);
  for (let i = 0; i < NAMES; i++) quads.set([10, 5 + i * 30, 100, 30, 0, 0, 100 / LABEL_ATLAS_WIDTH, 30 / LABEL_ATLAS_HEIGHT, 1, 1, 1, 1], i * LABEL_QUAD_FLOATS);
  return { atlas, dirtyRows: { start: 0, end: 0 }, quads, count: NAMES };
}

const { renderer, canvas, device } = await openDawnRenderer(WIDTH, HEIGHT);
showStars(renderer, positions, sizes);
const camera = wholeViewCamera(positions, WIDTH, HEIGHT);
const first = camera.getPose();
const moved = { ...first, position: [first.position[0] + 60, first.position[1] - 40, first.position[2]] as [number, number, number] };

const written: string[] = [];
const queue = device.queue;
const writeBuffer = queue.writeBuffer.bind(queue) as (...args: unknown[]) => void;
Object.defineProperty(queue, 'writeBuffer', {
  value: (...args: unknown[]) => {
    written.push((args[0] as GPUBuffer).label);
    writeBuffer(...args);
  },
  configurable: true,
});

const called: string[] = [];
const counted = new WeakSet<object>();
/** Counts each call of `object`'s methods `names` (as `${kind}.${name}`), and of what `wrapReturn` wraps in turn. */
function countCalls<T extends object>(object: T, kind: string, names: readonly string[], wrapReturn: (name: string, value: unknown) => unknown = (_, value) => value): T {
  if (counted.has(object)) return object;
  counted.add(object);
  for (const name of names) {
    const method = (object as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
    Object.defineProperty(object, name, {
      value: (...args: unknown[]) => {
        called.push(`${kind}.${name}`);
        return wrapReturn(name, method.apply(object, args));
      },
      configurable: true,
    });
  }
  return object;
}
const passCalls = ['setPipeline', 'setBindGroup', 'dispatchWorkgroups', 'dispatchWorkgroupsIndirect', 'draw', 'drawIndirect', 'setVertexBuffer', 'executeBundles', 'end'];
countCalls(queue, 'queue', ['submit', 'writeTexture']);
countCalls(canvas.context, 'context', ['getCurrentTexture'], (_, texture) => countCalls(texture as GPUTexture, 'texture', ['createView']));
countCalls(device, 'device', ['createCommandEncoder', 'createBuffer', 'createBindGroup', 'createRenderBundleEncoder'], (name, made) =>
  name === 'createCommandEncoder'
    ? countCalls(made as GPUCommandEncoder, 'encoder', ['clearBuffer', 'copyBufferToBuffer', 'beginComputePass', 'beginRenderPass', 'finish'], (_, pass) =>
        pass && typeof pass === 'object' && 'end' in pass ? countCalls(pass, 'pass', passCalls) : pass,
      )
    : made,
);

async function frame(pose: typeof first) {
  camera.setPose(pose);
  renderer.setLabels!(names());
  written.length = 0;
  called.length = 0;
  renderer.render(camera);
  const calls = called.length + written.length;
  await device.queue.onSubmittedWorkDone();
  const writes = written.slice().sort();
  const pixels = await canvas.readPixels(device);
  let lit = 0;
  for (let i = 0; i < pixels.length; i += 4) if (pixels[i] + pixels[i + 1] + pixels[i + 2] > 60) lit++;
  return { writes, calls, pixels, lit };
}

// The labels pipeline's warm-up frame comes first (it writes names of its own).
await frame(first);
const frames = [await frame(first), await frame(first), await frame(moved), await frame(first)];
renderer.dispose();
const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((value, i) => value === b[i]);
process.stdout.write(
  `${JSON.stringify({
    writes: frames.map((f) => f.writes),
    calls: frames.map((f) => f.calls),
    lit: frames.map((f) => f.lit),
    againSame: same(frames[0].pixels, frames[1].pixels),
    movedSame: same(frames[0].pixels, frames[2].pixels),
    backSame: same(frames[0].pixels, frames[3].pixels),
  })}\n`,
);
