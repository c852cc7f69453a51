import path from 'node:path';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { CDPSession } from 'playwright-core';
import { TiledGalaxyReader } from '../../src/tiles/format/tiledGalaxyReader';
import { drawnStarsSettled } from '../support/drawnStars';
import { E2E_TILED_DIR, SYNTHETIC_1M } from '../support/e2eTiledGalaxies';
import { flightPath, flyAndTime, worldCentre } from '../support/flightPath';
import { GPU_BUFFER_METER } from '../support/tabMemory';
import { TEST_VERSION } from '../support/tiledGalaxies';

/**
 * Not a test: a tool for finding what a tiled galaxy's page holds. With GALAXY_E2E_HEAP_SNAPSHOTS=<folder>
 * it opens GALAXY_E2E_HEAP_GALAXY (default synthetic-1m; synthetic-10m needs GALAXY_E2E_HUGE's
 * galaxy) on GALAXY_E2E_HEAP_BACKEND (default webgpu), streams, flies the huge-galaxy flight and
 * searches, logging the page's heap and writing a heap snapshot after streaming and after the
 * flight. `npx tsx scripts/heap-retainers.ts <snapshot>` sums what the snapshot holds by retainer path.
 */
const folder = process.env.GALAXY_E2E_HEAP_SNAPSHOTS;
const galaxy = process.env.GALAXY_E2E_HEAP_GALAXY ?? SYNTHETIC_1M;
const backend = process.env.GALAXY_E2E_HEAP_BACKEND ?? 'webgpu';
const MB = 2 ** 20;

async function heapUsage(cdp: CDPSession): Promise<string> {
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; embedderHeapUsedSize?: number; backingStorageSize?: number };
  const mb = (bytes = 0) => (bytes / MB).toFixed(1);
  return `JS ${mb(usage.usedSize)} MB, Blink ${mb(usage.embedderHeapUsedSize)} MB, array buffers ${mb(usage.backingStorageSize)} MB`;
}

/** A heap snapshot (taken after a collection) into `file`. */
async function writeSnapshot(cdp: CDPSession, file: string): Promise<void> {
  const out = createWriteStream(file);
  const onChunk = (event: { chunk: string }) => out.write(event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await new Promise((resolve) => out.end(resolve));
}

test('heap snapshots of a tiled galaxy streamed, flown and searched', async ({ page }) => {
  test.skip(!folder, 'GALAXY_E2E_HEAP_SNAPSHOTS=<folder> runs it');
  test.setTimeout(1_200_000);
  mkdirSync(folder!, { recursive: true });
  const snapshot = (moment: string) => path.join(folder!, `${galaxy}-${backend}-${moment}.heapsnapshot`);
  await page.addInitScript(GPU_BUFFER_METER);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await page.goto(`/?renderer=${backend}#/galaxy/${galaxy}`);
  await page.waitForFunction(() => Number(window.galaxyScene?.canvas?.dataset.stars ?? 0) > 0, null, { timeout: 120_000 });
  await page.keyboard.press('KeyK');
  await drawnStarsSettled(page, 5_000, 240_000);
  console.log(`${galaxy} ${backend} streamed: ${await heapUsage(cdp)}`);
  await writeSnapshot(cdp, snapshot('streamed'));

  const dir = path.join(E2E_TILED_DIR, galaxy, TEST_VERSION, 'tiles');
  const reader = await TiledGalaxyReader.open(async (file) => new Uint8Array(readFileSync(path.join(dir, file))));
  const start = await page.evaluate(() => window.galaxyScene!.getCamera().position);
  await flyAndTime(page, flightPath(start, worldCentre(reader.index.bounds), 24));
  await drawnStarsSettled(page, 5_000, 120_000);
  console.log(`${galaxy} ${backend} flown: ${await heapUsage(cdp)}`);
  await writeSnapshot(cdp, snapshot('flown'));
  console.log(`${galaxy} ${backend} flown, after a collection: ${await heapUsage(cdp)}`);

  const { names } = await reader.labels(reader.labelShardCount - 1);
  const last = names[names.length - 1];
  await page.getByPlaceholder('enter a search term').fill(`^${last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await expect(page.locator('[data-window-key="search-results"]')).toContainText(/\d[\d,]* match/, { timeout: 900_000 });
  console.log(`${galaxy} ${backend} searched: ${await heapUsage(cdp)}`);
});
