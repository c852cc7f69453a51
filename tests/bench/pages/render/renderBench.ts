import { boundsOf, Camera, wholeScenePose } from '../../../../src/renderer/camera';
import type { Backend, Renderer } from '../../../../src/renderer/types';
import { createWebGL2Renderer } from '../../../../src/renderer/webgl2/renderer';
import { createWebGPURenderer } from '../../../../src/renderer/webgpu/renderer';
import { WholeGalaxyStars } from '../../../../src/stars/wholeGalaxyStars';
import { loadGalaxyScene, syntheticScene, type BenchScene } from './benchScene';
import { ThreeBaseline } from './threeBaseline';

export type BenchView = 'whole' | 'inside';

export interface RenderBenchOptions {
  scene: { galaxy: string } | { synthetic: number };
  /** 'whole': from outside, every star in view; 'inside': at the centre looking along -Z, as a visitor flying through. */
  views: BenchView[];
  backends: Backend[];
  frames: number;
}

export interface FrameTimes {
  oursMs: number[];
  baselineMs: number[];
}

export interface RenderBenchResult {
  stars: number;
  drawnLinks: number;
  /** backend -> view and links ('wholeLinksOff', 'insideLinksOn', ...) -> frame times. */
  times: Record<string, Record<string, FrameTimes>>;
  errors: string[];
}

declare global {
  interface Window {
    runRenderBench(options: RenderBenchOptions): Promise<RenderBenchResult>;
  }
}

const WIDTH = 1024;
const HEIGHT = 640;

function makeCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  document.body.appendChild(canvas);
  return canvas;
}

/** Each frame the camera moves a little so that nothing can be cached between frames. */
function cameraForFrame(camera: Camera, bench: BenchScene, view: BenchView, frame: number): void {
  const bounds = boundsOf(bench.positions);
  if (view === 'inside') {
    const [x, y, z] = bounds.center;
    camera.setPose({ position: [x, y, z + bounds.radius * 0.05 - frame * 10], orientation: [0, 0, 0, 1] });
    return;
  }
  const pose = wholeScenePose(bounds, WIDTH / HEIGHT);
  camera.setPose({ position: [pose.position[0], pose.position[1], pose.position[2] * (1 - frame * 0.002)], orientation: pose.orientation });
}

async function measure(ours: Renderer, baseline: ThreeBaseline, bench: BenchScene, view: BenchView, frames: number): Promise<FrameTimes> {
  const camera = new Camera();
  camera.setViewport(WIDTH, HEIGHT, WIDTH, HEIGHT);
  camera.setScene(boundsOf(bench.positions));
  const oursMs: number[] = [];
  const baselineMs: number[] = [];
  for (let frame = -2; frame < frames; frame++) {
    cameraForFrame(camera, bench, view, frame + 2);
    let start = performance.now();
    ours.render(camera);
    await ours.whenDrawn();
    const oursTime = performance.now() - start;
    start = performance.now();
    baseline.render(camera.position, camera.orientation, camera.far);
    baseline.whenDrawn();
    const baselineTime = performance.now() - start;
    if (frame >= 0) {
      oursMs.push(oursTime);
      baselineMs.push(baselineTime);
    }
  }
  return { oursMs, baselineMs };
}

window.runRenderBench = async (options) => {
  const bench = 'galaxy' in options.scene ? await loadGalaxyScene(options.scene.galaxy) : syntheticScene(options.scene.synthetic);
  const baseline = new ThreeBaseline(makeCanvas(), bench);
  // Ours draws by slot, as the scene hands them over: the stars sorted into the whole galaxy's cells.
  const stars = new WholeGalaxyStars(bench.positions);
  const colors = new Uint8Array(bench.colors.length), sizes = new Float32Array(bench.sizes.length);
  for (let slot = 0; slot < stars.starCount; slot++) {
    const star = stars.starOfSlot(slot);
    colors.set(bench.colors.subarray(star * 4, star * 4 + 4), slot * 4);
    sizes[slot] = bench.sizes[star];
  }
  const linkSlots = bench.links.map((star) => stars.slotOfStar(star));
  const result: RenderBenchResult = { stars: bench.positions.length / 3, drawnLinks: bench.links.length / 2, times: {}, errors: [] };
  try {
    for (const backend of options.backends) {
      let ours: Renderer;
      try {
        ours = backend === 'webgpu' ? await createWebGPURenderer(makeCanvas()) : createWebGL2Renderer(makeCanvas());
      } catch (error) {
        result.errors.push(`${backend}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      ours.resize(WIDTH, HEIGHT);
      ours.setStars(stars.positions, colors, sizes, stars.drawnCells());
      const times: Record<string, FrameTimes> = {};
      for (const view of options.views) {
        ours.setLinks(undefined);
        baseline.setLinksVisible(false);
        times[`${view}LinksOff`] = await measure(ours, baseline, bench, view, options.frames);
        if (bench.links.length > 0) {
          ours.setLinks(linkSlots);
          baseline.setLinksVisible(true);
          times[`${view}LinksOn`] = await measure(ours, baseline, bench, view, options.frames);
        }
      }
      result.times[backend] = times;
      ours.dispose();
      ours.canvas.remove();
    }
  } finally {
    baseline.dispose();
  }
  return result;
};
