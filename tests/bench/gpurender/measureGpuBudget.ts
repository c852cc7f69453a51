/**
 * The star budget fed by the GPU's own frame times, in Node through Dawn: what a whole galaxy does in
 * the browser on an adapter with timestamp queries (src/scene/sceneStarBudget.ts), without the page.
 * A generated galaxy (clustered, sized by in-degree, links off) is held whole by the renderer; each frame the camera
 * dollies a little (the budget is judged only while the camera moves), the galaxy's cells within the
 * budget are chosen (BudgetedCells, as the whole-galaxy source does) and drawn, and the renderer's
 * GPU frame times go to the frame budget (FrameBudget). Per target frame rate, two phases: the
 * first canvas size, then a sudden slowdown (the canvas grown to the second size, more pixels a
 * star); per phase where the budget settled, how soon it first moved and when it last did, the GPU
 * frame at the end against the target, and whether the budget still moved in the last seconds. `scripts/gpu-measure.sh budget` runs it on a GPU machine;
 * `npm run bench -- gpu-budget` here (SwiftShader: a small galaxy and a low target). Prints one JSON
 * document on stdout, progress on stderr.
 */
import { DEFAULT_TARGET_FPS, FrameBudget, MAX_TARGET_FPS } from '../../../src/tiles/planner/frameBudget';
import { openingBudget } from '../../../src/tiles/planner/budgets';
import { BudgetedCells, starsInCells } from '../../../src/stars/cellsWithinBudget';
import { plannerCameraOf } from '../../../src/scene/plannerCamera';
import { boundsOf } from '../../../src/renderer/camera';
import type { StarCells } from '../../../src/renderer/starCells';
import { list, median, round } from '../support/figures';
import { generatedLayout } from '../support/generatedLayouts';
import { openDawnRenderer, showStars, sizesByInDegree, wholeViewCamera } from './dawnRenderer';

const log = (line: string) => process.stderr.write(`gpu-budget: ${line}\n`);

/** The floor a whole galaxy's budget keeps: the stars a tiled galaxy's root tile holds. */
const FLOOR_STARS = 4096;
/** The last part of each phase, over which the budget should no longer move. */
const STILL_MS = 2_000;

interface Phase {
  size: string;
  /** Where the budget stood when the phase began and where it ended. */
  fromStars: number;
  settledStars: number;
  /** Budget changes in the phase, and the first one's time after the phase began. */
  changes: number;
  firstChangeMs: number | undefined;
  /** The last change's time after the phase began. */
  settledAtMs: number | undefined;
  changesInLast2s: number;
  tailGpuFrameMs: number;
  tailOverTarget: number;
  tailDrawnStars: number;
  framesTimed: number;
}

async function main(): Promise<void> {
  // The first size, then a sudden slowdown: the canvas grows to the second (more pixels a star).
  const sizes = list(process.env.BENCH_GPUBUDGET_SIZES ?? '1280x800,2560x1440').map((size) => size.split('x').map(Number) as [number, number]);
  const { renderer, device, adapter, software, timestamps } = await openDawnRenderer(sizes[0][0], sizes[0][1], 'always');
  log(`${adapter}${software ? ' (software)' : ''}, timestamp queries: ${timestamps}`);
  if (!renderer.gpuFrameTimes) throw new Error('the renderer times no frames on this adapter');
  const gpuFrameTimes = renderer.gpuFrameTimes.bind(renderer);
  const stars = Number(process.env.BENCH_GPUBUDGET_STARS ?? (software ? 200_000 : 10_000_000));
  const targets = list(process.env.BENCH_GPUBUDGET_FPS ?? (software ? '2' : `${DEFAULT_TARGET_FPS},120,${MAX_TARGET_FPS}`)).map(Number);
  const phaseMs = Number(process.env.BENCH_GPUBUDGET_MS ?? (software ? 30_000 : 6_000));
  const layout = generatedLayout(stars, 'clustered');
  const grid = showStars(renderer, layout.positions, sizesByInDegree(stars, layout.targets));
  const opening = openingBudget({ backend: 'webgpu', softwareRasteriser: software }).stars;
  const center = boundsOf(layout.positions).center;
  const runs: unknown[] = [];
  for (const targetFps of targets) {
    const budget = new FrameBudget({ targetFps, initial: Math.min(opening, stars), floor: FLOOR_STARS, ceiling: stars });
    const cells = new BudgetedCells(grid);
    const phases: Phase[] = [];
    const trajectory: Array<{ ms: number; stars: number }> = [{ ms: 0, stars: budget.stars }];
    const start = performance.now();
    let drawnCells: StarCells | undefined;
    let drawn = 0;
    let frame = 0;
    for (const [width, height] of sizes) {
      renderer.resize(width, height);
      const camera = wholeViewCamera(layout.positions, width, height);
      const pose = camera.getPose();
      const phaseStart = performance.now() - start;
      const fromStars = budget.stars;
      const changes: number[] = [];
      const frames: Array<{ ms: number; gpuMs: number; drawn: number }> = [];
      for (; performance.now() - start < phaseStart + phaseMs; frame++) {
        // A slow dolly in and out around the opening view: the camera moves every frame.
        const k = 1 + 0.05 * Math.sin(frame / 40);
        const [x, y, z] = pose.position;
        const [cx, cy, cz] = center;
        camera.setPose({ position: [cx + (x - cx) * k, cy + (y - cy) * k, cz + (z - cz) * k], orientation: pose.orientation });
        const chosen = cells.choose(plannerCameraOf(camera), budget.stars);
        if (chosen !== drawnCells) {
          drawnCells = chosen;
          drawn = starsInCells(chosen);
          renderer.setStarCells(chosen);
        }
        renderer.render(camera);
        await device.queue.onSubmittedWorkDone();
        const now = performance.now() - start;
        for (const gpuMs of gpuFrameTimes()) {
          frames.push({ ms: now, gpuMs, drawn });
          const next = budget.frame(now, gpuMs, drawn);
          if (next === undefined) continue;
          changes.push(now - phaseStart);
          trajectory.push({ ms: round(now, 0), stars: next });
        }
      }
      const tail = frames.filter((f) => f.ms >= phaseStart + phaseMs - STILL_MS);
      const tailMs = median(tail.map((f) => f.gpuMs));
      phases.push({
        size: `${width}x${height}`,
        fromStars,
        settledStars: budget.stars,
        changes: changes.length,
        firstChangeMs: changes.length ? round(changes[0], 0) : undefined,
        settledAtMs: changes.length ? round(changes[changes.length - 1], 0) : undefined,
        changesInLast2s: changes.filter((ms) => ms >= phaseMs - STILL_MS).length,
        tailGpuFrameMs: round(tailMs, 3),
        tailOverTarget: round(tailMs / budget.targetFrameMs, 3),
        tailDrawnStars: median(tail.map((f) => f.drawn)),
        framesTimed: frames.length,
      });
      log(`${targetFps} fps: ${JSON.stringify(phases[phases.length - 1])}`);
    }
    runs.push({ targetFps, targetMs: round(budget.targetFrameMs), phases, trajectory });
  }
  renderer.dispose();
  process.stdout.write(`${JSON.stringify({ adapter, software, timestampQueries: timestamps, stars, links: 'off', starSizes: 'by in-degree', floor: FLOOR_STARS, openingBudget: opening, phaseMs, runs })}\n`);
}

await main();
