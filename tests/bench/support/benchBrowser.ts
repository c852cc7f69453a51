import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { build, preview } from 'vite';
import { chromiumArgs, chromiumPath } from '../../support/chromium';
import { sharedGalaxiesDir } from '../../support/sharedGalaxies';

export interface BenchBrowser {
  /** For suites that open a fresh context per measurement. */
  browser: Browser;
  page: Page;
  origin: string;
  close(): Promise<void>;
}

/** GALAXY_BENCH_OUT_DIR: another folder, where several checkouts share one node_modules. */
const BENCH_OUT_DIR = process.env.GALAXY_BENCH_OUT_DIR ?? 'node_modules/.cache/galaxy-bench';
/**
 * GALAXY_BENCH_ISOLATED=1: the pages are served cross-origin isolated, where Chromium's
 * performance.now() is coarsened to 5 µs instead of 100 µs (for timing single API calls in the page).
 */
const isolatedHeaders =
  process.env.GALAXY_BENCH_ISOLATED === '1' ? { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } : undefined;

/**
 * A production build of the given bench pages (paths of their index.html) served by Vite's preview
 * server with the shared galaxies (and data/, and any `dataDirs` before them) at /data, and Debian's
 * Chromium on it: benchmarks run the same bundled code and browser a visitor gets.
 */
export async function openBenchBrowser(pages: string[], options: { webgpu?: boolean; dataDirs?: string[] } = {}): Promise<BenchBrowser> {
  process.env.GALAXY_DATA_DIR = [...(options.dataDirs ?? []), sharedGalaxiesDir, 'data'].join(path.delimiter);
  await build({
    logLevel: 'warn',
    build: {
      outDir: BENCH_OUT_DIR,
      emptyOutDir: true,
      // GALAXY_BENCH_NO_MINIFY=1: readable function names in profiles (timings then differ a little from a visitor's bundle).
      ...(process.env.GALAXY_BENCH_NO_MINIFY === '1' ? { minify: false } : {}),
      rollupOptions: { input: Object.fromEntries(pages.map((page, i) => [`page${i}`, path.resolve(page)])) },
    },
  });
  const server = await preview({ logLevel: 'warn', build: { outDir: BENCH_OUT_DIR }, preview: { port: 0, host: '127.0.0.1', headers: isolatedHeaders } });
  const origin = (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '');
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs({ webgpu: options.webgpu ?? true }),
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  return {
    browser,
    page,
    origin,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

export { median } from './figures';
