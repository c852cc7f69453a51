import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';
import type { RenderBenchOptions, RenderBenchResult } from '../pages/render/renderBench';
import type { BenchSuite } from '../run';
import { median, openBenchBrowser } from '../support/benchBrowser';

/** RENDER_BENCH_FRAMES=n measures n frames per case; RENDER_BENCH_SKIP_NPM=1 leaves out npm. */
const FRAMES = Number(process.env.RENDER_BENCH_FRAMES ?? 7);
const SYNTHETIC_STARS = 1_000_000;
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** Median frame time of ours and of the three.js baseline, and how many times faster ours is. */
function summarize(result: RenderBenchResult) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [backend, cases] of Object.entries(result.times)) {
    out[backend] = {};
    for (const [name, t] of Object.entries(cases)) {
      const ours = median(t.oursMs);
      const baseline = median(t.baselineMs);
      out[backend][name] = { oursMs: round(ours, 1), threeJsMs: round(baseline, 1), speedup: round(baseline / ours) };
    }
  }
  return { stars: result.stars, drawnLinks: result.drawnLinks, frameTime: out, ...(result.errors.length ? { errors: result.errors } : {}) };
}

/**
 * Frame time per backend (WebGPU and WebGL2) next to a plain three.js scene (THREE.Points plus
 * THREE.LineSegments of the same data) drawn in the same page, frames alternating between the two.
 */
const suite: BenchSuite = {
  name: 'render',
  async run() {
    const page = 'tests/bench/pages/render/index.html';
    const browser = await openBenchBrowser([page], { webgpu: true });
    try {
      await browser.page.goto(`${browser.origin}/${page}`);
      await browser.page.waitForFunction(() => typeof window.runRenderBench === 'function');
      const run = (options: RenderBenchOptions) => browser.page.evaluate((o) => window.runRenderBench(o), options);
      const backends: RenderBenchOptions['backends'] = ['webgl2', 'webgpu'];
      const views: RenderBenchOptions['views'] = ['whole', 'inside'];
      const results: Record<string, unknown> = {
        note:
          'SwiftShader (CPU) rasteriser; compare ratios, not absolute times. Canvas 1024x640. whole: camera outside showing every star; ' +
          'inside: camera near the centre looking along -Z (a visitor flying through). speedup = three.js ms / ours ms.',
        framesPerCase: FRAMES,
      };
      if (process.env.RENDER_BENCH_SKIP_NPM) results.npm = { skipped: 'RENDER_BENCH_SKIP_NPM is set' };
      else if (haveSharedGalaxies) results.npm = summarize(await run({ scene: { galaxy: 'npm' }, backends, views, frames: FRAMES }));
      else results.npm = { skipped: sharedGalaxiesMissingReason };
      results.synthetic1M = summarize(await run({ scene: { synthetic: SYNTHETIC_STARS }, backends, views, frames: FRAMES }));
      results.targets = { npmSpeedupAtLeast: 1, synthetic1MSpeedupAtLeast: 2 };
      return results;
    } finally {
      await browser.close();
    }
  },
};

export default suite;
