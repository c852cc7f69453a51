import type { Page } from 'playwright-core';
import type { LayoutInput } from '../../levels';
import { PAGE_ENTRY, type GpuLayoutRequest, type GpuLayoutStats } from '../page/protocol';
import { serveGpuLayoutPage, type GpuLayoutServer } from './gpuLayoutServer';
import { launchWebGpuChromium, type WebGpuBackend } from './launchChromium';

export interface GpuLayoutResult {
  /** x, y, z per node in the galaxy coordinate range, as `forceLayout` returns. */
  positions: Float32Array;
  stats: GpuLayoutStats;
}

type PageWindow = Record<string, (request: GpuLayoutRequest) => Promise<GpuLayoutStats>>;

/** Opens the layout page in `page`, runs the layout to convergence and collects the positions. */
export async function runGpuLayoutOnPage(page: Page, server: GpuLayoutServer, request: GpuLayoutRequest): Promise<GpuLayoutResult> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.origin}/`);
  await page.waitForFunction((entry) => entry in window, PAGE_ENTRY);
  let stats: GpuLayoutStats;
  try {
    stats = await page.evaluate(
      ([entry, req]) => (window as unknown as PageWindow)[entry](req),
      [PAGE_ENTRY, request] as const,
    );
  } catch (error) {
    const detail = errors.length > 0 ? ` (${errors.slice(0, 3).join('; ')})` : '';
    throw new Error(`the GPU layout failed in Chromium: ${error instanceof Error ? error.message : String(error)}${detail}`);
  }
  const positions = server.positions();
  if (!positions) throw new Error('the GPU layout page sent no positions back');
  return { positions, stats };
}

async function hasWebGpuAdapter(page: Page): Promise<boolean> {
  return page.evaluate(async () => Boolean(await navigator.gpu?.requestAdapter()));
}

/**
 * The GPU layout in headless Chromium: on the machine's GPU if Chromium finds one, else on
 * SwiftShader (WebGPU on the CPU, much slower than the CLI's own layout; `log` says so).
 */
export async function gpuLayoutInChromium(
  input: LayoutInput,
  request: GpuLayoutRequest,
  options: { backend?: WebGpuBackend; log?: (line: string) => void } = {},
): Promise<GpuLayoutResult & { backend: WebGpuBackend }> {
  const log = options.log ?? (() => {});
  const server = await serveGpuLayoutPage(input);
  try {
    const backends: WebGpuBackend[] = options.backend ? [options.backend] : ['hardware', 'swiftshader'];
    for (const backend of backends) {
      const browser = await launchWebGpuChromium(backend);
      try {
        const page = await browser.newPage();
        await page.goto(`${server.origin}/`);
        if (!(await hasWebGpuAdapter(page))) {
          log(`Chromium found no WebGPU adapter (${backend})`);
          continue;
        }
        const result = await runGpuLayoutOnPage(page, server, request);
        log(`GPU layout on ${result.stats.adapter}: ${result.stats.iterations} iterations in ${result.stats.wallSeconds.toFixed(1)} s`);
        if (/swiftshader/i.test(result.stats.adapter)) {
          log('note: SwiftShader is WebGPU on the CPU, with no GPU found; the CPU layout (without --gpu) is faster here');
        }
        return { ...result, backend };
      } finally {
        await browser.close();
      }
    }
    throw new Error('Chromium offers no WebGPU adapter here, not even SwiftShader: build without --gpu');
  } finally {
    await server.close();
  }
}
