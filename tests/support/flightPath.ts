import type { Page } from 'playwright-core';
import { lookAtOrientation } from '../../src/renderer/camera';
import type { CameraPose } from '../../src/scene/scene';
import { DEFAULT_SCALE } from '../../src/url/viewQuery';

type Vec3 = [number, number, number];

/** The centre of a tiled galaxy's index.json bounds in world coordinates (scale applied; the address's default). */
export function worldCentre(bounds: { min: ArrayLike<number>; max: ArrayLike<number> }, scale = DEFAULT_SCALE): Vec3 {
  const { min, max } = bounds;
  return [((min[0] + max[0]) / 2) * scale, ((min[1] + max[1]) / 2) * scale, ((min[2] + max[2]) / 2) * scale];
}

/**
 * A fixed flight, the same for every galaxy laid out in the same space: from `start` straight
 * towards `centre` until `closeIn` of the distance is left (tiles refine on the way), then half a
 * turn around `centre` at that distance (new regions come into view), always looking at `centre`.
 */
export function flightPath(start: Vec3, centre: Vec3, steps: number, closeIn = 0.15): CameraPose[] {
  const offset: Vec3 = [start[0] - centre[0], start[1] - centre[1], start[2] - centre[2]];
  const inward = Math.max(1, Math.floor(steps / 2));
  const poses: CameraPose[] = [];
  for (let i = 0; i < steps; i++) {
    let position: Vec3;
    if (i < inward) {
      const keep = 1 - (1 - closeIn) * ((i + 1) / inward);
      position = [centre[0] + offset[0] * keep, centre[1] + offset[1] * keep, centre[2] + offset[2] * keep];
    } else {
      const angle = (Math.PI * (i + 1 - inward)) / Math.max(1, steps - inward);
      const [x, y, z] = [offset[0] * closeIn, offset[1] * closeIn, offset[2] * closeIn];
      position = [centre[0] + x * Math.cos(angle) + z * Math.sin(angle), centre[1] + y, centre[2] - x * Math.sin(angle) + z * Math.cos(angle)];
    }
    poses.push({ position, orientation: lookAtOrientation(position, centre) });
  }
  return poses;
}

export interface FlightFrames {
  /** Per pose: frame begin (the animation frame's timestamp) to the GPU having finished that frame, ms. */
  frameMs: number[];
  /** Stars drawn in each of those frames (the canvas's data-stars). */
  stars: number[];
  /** Poses after which the scene drew no frame (not timed). */
  undrawn: number;
}

/**
 * Page script: sets each pose on `window.galaxyScene` and times the frame the scene draws it in,
 * from the frame's timestamp until its GPU work is done (WebGPU `onSubmittedWorkDone`, WebGL2 a
 * one-pixel `readPixels`, on the device or context `GPU_BUFFER_METER` saw). A string, because tsx
 * would wrap named page functions in a helper the page lacks.
 */
const FLY_AND_TIME = `async (poses) => {
  const scene = window.galaxyScene;
  const meter = window.__gpuBufferMeter;
  const canvas = scene.canvas;
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const gpuDone = async () => {
    if (scene.backend === 'webgpu' && meter && meter.device) await meter.device.queue.onSubmittedWorkDone();
    else if (meter && meter.gl) meter.gl.readPixels(0, 0, 1, 1, meter.gl.RGBA, meter.gl.UNSIGNED_BYTE, new Uint8Array(4));
  };
  const frameMs = [];
  const stars = [];
  let undrawn = 0;
  for (const pose of poses) {
    await frame();
    const before = scene.framesDrawn;
    scene.setCamera(pose);
    const begin = await frame();
    await gpuDone();
    const end = performance.now();
    if (scene.framesDrawn > before) {
      frameMs.push(end - begin);
      stars.push(Number(canvas.dataset.stars));
    } else undrawn++;
  }
  return { frameMs, stars, undrawn };
}`;

/** Flies the page's scene along `poses`, timing each frame (needs `GPU_BUFFER_METER` installed for the GPU wait). */
export async function flyAndTime(page: Page, poses: CameraPose[]): Promise<FlightFrames> {
  return (await page.evaluate(`(${FLY_AND_TIME})(${JSON.stringify(poses)})`)) as FlightFrames;
}
