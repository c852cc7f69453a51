/**
 * The renderer measured in Node through Dawn, on whatever Vulkan adapter this process finds:
 * `npm run bench -- gpu-render` starts it with this machine's Vulkan environment
 * (src/layout/gpu/node/vulkanEnvironment.ts; SwiftShader here); scripts/gpu-measure.sh runs it on a
 * machine with a GPU. Prints one JSON document on stdout, progress on stderr.
 *
 * The project's WebGPU renderer (src/renderer/webgpu) draws into an offscreen texture the whole view
 * of each galaxy, links on, at each size: per frame the wall time from encoding to the GPU's
 * onSubmittedWorkDone, and where the adapter has timestamp queries the frame's GPU time as the
 * renderer's own timer measures it for the star budget (`gpuFrameTimes`: its first pass's start to
 * its last pass's end; timed here on a software adapter too). BENCH_GPURENDER_PASSES=1 times each
 * pass instead (`PassTimer`, which writes its own timestamps on every pass, so the renderer's timer
 * is off; the frame is then the sum of its passes). Medians over the timed frames, after warm-up
 * frames (pipelines, first uploads).
 */
import { readSharedGalaxy } from '../../support/readSharedGalaxy';
import { haveSharedGalaxies } from '../../support/sharedGalaxies';
import { list, median, round } from '../support/figures';
import { generatedLayout } from '../support/generatedLayouts';
import { openDawnRenderer, showStars, sizesByInDegree, wholeViewCamera } from './dawnRenderer';
import { gpuTimesOf } from './gpuTimesOf';
import { PassTimer } from './passTimer';

const log = (line: string) => process.stderr.write(`gpu-render: ${line}\n`);

interface Galaxy {
  name: string;
  positions: Float32Array;
  sizes: Float32Array;
  links: { sources: Uint32Array; targets: Uint32Array };
}

/** `npm` (a shared galaxy) or `generated-{stars}` (clustered, 2 links a star). */
function galaxyNamed(name: string): Galaxy | undefined {
  const generated = /^generated-(\d+)$/.exec(name);
  if (!generated && !haveSharedGalaxies) return undefined;
  const graph = generated ? generatedLayout(Number(generated[1]), 'clustered') : readSharedGalaxy(name);
  return { name, positions: graph.positions, sizes: sizesByInDegree(graph.nodeCount, graph.targets), links: { sources: graph.sources, targets: graph.targets } };
}

async function main(): Promise<void> {
  const sizes = list(process.env.BENCH_GPURENDER_SIZES ?? '1280x800,2560x1440').map((size) => size.split('x').map(Number) as [number, number]);
  const byPass = process.env.BENCH_GPURENDER_PASSES === '1';
  const { renderer, device, adapter, software, timestamps } = await openDawnRenderer(sizes[0][0], sizes[0][1], byPass ? 'never' : 'always');
  log(`${adapter}${software ? ' (software)' : ''}, timestamp queries: ${timestamps}`);
  // A software adapter draws 10M stars at seconds a frame: few frames, no 10M unless asked for.
  const galaxies = list(process.env.BENCH_GPURENDER_GALAXIES ?? (software ? 'npm,generated-1000000' : 'npm,generated-1000000,generated-10000000'));
  const frames = Number(process.env.BENCH_GPURENDER_FRAMES ?? (software ? 3 : 30));
  const warmup = Number(process.env.BENCH_GPURENDER_WARMUP ?? 2);
  const timer = timestamps && byPass ? new PassTimer(device) : undefined;
  const frameTimed = timestamps && !byPass;
  const results: Record<string, unknown> = {};
  for (const name of galaxies) {
    const galaxy = galaxyNamed(name);
    if (!galaxy) {
      results[name] = { skipped: 'the shared galaxies are not here' };
      continue;
    }
    log(`${name}: ${galaxy.sizes.length} stars, ${galaxy.links.sources.length} links`);
    showStars(renderer, galaxy.positions, galaxy.sizes, galaxy.links);
    const bySize: Record<string, unknown> = { stars: galaxy.sizes.length, links: galaxy.links.sources.length };
    for (const [width, height] of sizes) {
      renderer.resize(width, height);
      const camera = wholeViewCamera(galaxy.positions, width, height);
      const wall: number[] = [];
      const gpu: number[] = [];
      const passes = new Map<string, number[]>();
      for (let frame = 0; frame < warmup + frames; frame++) {
        const start = performance.now();
        renderer.render(camera);
        await device.queue.onSubmittedWorkDone();
        const wallMs = performance.now() - start;
        const timed = (await timer?.read()) ?? [];
        const frameMs = await gpuTimesOf(renderer, 1);
        if (frame < warmup) continue;
        wall.push(wallMs);
        if (timer) gpu.push(timed.reduce((sum, pass) => sum + pass.ms, 0));
        gpu.push(...frameMs);
        for (const pass of timed) passes.set(pass.name, [...(passes.get(pass.name) ?? []), pass.ms]);
      }
      bySize[`${width}x${height}`] = {
        wallFrameMs: round(median(wall)),
        ...(gpu.length > 0 && { gpuFrameMs: round(median(gpu), 3), gpuFramesTimed: gpu.length }),
        ...(timer && { gpuPassMs: Object.fromEntries([...passes].map(([pass, ms]) => [pass, round(median(ms), 3)])) }),
      };
      log(`${name} ${width}x${height}: ${JSON.stringify(bySize[`${width}x${height}`])}`);
    }
    results[name] = bySize;
  }
  renderer.dispose();
  process.stdout.write(`${JSON.stringify({ adapter, software, timestampQueries: timestamps, gpuFrameMsFrom: frameTimed ? 'renderer' : timer ? 'passes' : 'none', frames, warmupFrames: warmup, galaxies: results })}\n`);
}

await main();
