// Temporary (not committed): renderer private memory and tab heaps after a tiled galaxy opens and settles, 100k vs 1M.
import { readFileSync } from 'node:fs';
import { openBenchBrowser } from './support/benchBrowser';
import { E2E_TILED_DIR, SYNTHETIC_1M } from '../support/e2eTiledGalaxies';
import { drawnStarsSettled } from '../support/drawnStars';
import { GPU_BUFFER_METER, TabMeter } from '../support/tabMemory';

const mb = (b: number) => Math.round((b / 2 ** 20) * 10) / 10;
const galaxies = ['synthetic-100k', SYNTHETIC_1M, ...(process.env.PROBE_10M ? ['synthetic-10m'] : [])];
const backends = (process.env.PROBE_BACKENDS ?? 'webgl2,webgpu').split(',');

function privateBytes(pid: number): number {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  let sum = 0;
  for (const m of text.matchAll(/^Private_(Clean|Dirty):\s+(\d+) kB/gm)) sum += Number(m[2]) * 1024;
  return sum;
}

const bench = await openBenchBrowser(['index.html'], { dataDirs: [E2E_TILED_DIR] });
const results: Record<string, unknown> = {};
try {
  for (const backend of backends) {
    for (const name of galaxies) {
      const context = await bench.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript(GPU_BUFFER_METER);
      const cdp = await context.newCDPSession(page);
      const meter = await TabMeter.attach(page, cdp);
      await page.goto(`${bench.origin}/index.html?renderer=${backend}#/galaxy/${name}`);
      await page.waitForFunction(() => Number((window as any).galaxyScene?.canvas?.dataset.stars ?? 0) > 0, null, { timeout: 120_000 });
      const settled = await drawnStarsSettled(page, 4_000, 90_000);
      const held = await meter.retained();
      const browserCdp = await bench.browser.newBrowserCDPSession();
      const info = (await browserCdp.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number }> };
      const renderers = info.processInfo.filter((p) => p.type === 'renderer').map((p) => ({ pid: p.id, privateMB: mb(privateBytes(p.id)) }));
      const gpu = info.processInfo.filter((p) => p.type === 'GPU').map((p) => ({ pid: p.id, privateMB: mb(privateBytes(p.id)) }));
      const stats = await page.evaluate(() => document.querySelector('[data-testid="galaxy-stats-streaming"]')?.textContent ?? '');
      const title = await page.evaluate(() => document.querySelector('[data-testid="galaxy-stats-streaming"]')?.getAttribute('title') ?? '');
      results[`${backend} ${name}`] = { drawn: settled.stars, mainHeapMB: mb(held.mainHeapBytes), workerHeapMB: mb(held.workerHeapBytes), gpuBuffersMB: mb(held.gpuBufferBytes), renderers, gpu, stats, title };
      process.stderr.write(`${backend} ${name} ${JSON.stringify(results[`${backend} ${name}`])}\n`);
      await browserCdp.detach();
      await context.close();
    }
  }
} finally {
  await bench.close();
}
console.log(JSON.stringify(results, null, 2));
