import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { startServer } from '../../src/cli/serve/serveGalaxies';
import { busiestNode, count, dropFile, expectDegrees, importFixture, keptGalaxyNames } from './openGraphSupport';

/** Issue 12, "Keep": a galaxy opened in the browser is kept there, survives a reload and saves as a zip the CLI accepts. */
const KARATE = 'tests/fixtures/importers/karate.csv';
let folder: string;

test.beforeAll(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'galaxy-keep-e2e-'));
});

test.afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

const galaxyCli = (args: string[]): string =>
  execFileSync(process.execPath, ['bin/galaxy.js', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

async function openKarate(page: import('@playwright/test').Page, backend: 'webgl2' | 'webgpu') {
  await page.goto(`/?renderer=${backend}#/`);
  await expect(page.getByText('Graphs you open are kept here, in this browser only.')).toBeVisible();
  await dropFile(page, KARATE);
  await expect(page).toHaveURL(/#\/galaxy\/local:karate(\?|$)/);
  await expect(page.locator('[data-layout-state="settled"]')).toBeVisible({ timeout: 90_000 });
}

test('"Save galaxy" gives a zip that galaxy inspect accepts and galaxy serve opens', async ({ page }) => {
  const graph = importFixture(KARATE);
  await openKarate(page, 'webgpu');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save galaxy' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('karate.zip');
  const zipFile = path.join(folder, 'karate.zip');
  await download.saveAs(zipFile);

  const dataRoot = path.join(folder, 'data');
  const entries = unzipSync(new Uint8Array(readFileSync(zipFile)));
  for (const [name, bytes] of Object.entries(entries)) {
    if (name.endsWith('/')) continue;
    mkdirSync(path.dirname(path.join(dataRoot, name)), { recursive: true });
    writeFileSync(path.join(dataRoot, name), bytes);
  }
  expect(Object.keys(entries).some((name) => name === 'karate/manifest.json')).toBe(true);
  expect(Object.keys(entries).some((name) => /^karate\/[^/]+\/tiles\/index\.json$/.test(name))).toBe(true);
  const report = JSON.parse(galaxyCli(['inspect', path.join(dataRoot, 'karate'), '--json'])) as {
    valid: boolean;
    nodes: number;
    edges: number;
    warnings: string[];
    tiles?: { tiles: number; problems: string[] };
  };
  expect(report).toMatchObject({ valid: true, nodes: graph.labels.length, edges: graph.sources.length, warnings: [] });
  // The tiles in the zip pass inspection against the classic files beside them.
  expect(report.tiles).toMatchObject({ tiles: 1, problems: [] });

  const server: Server = await startServer({ dataRoot, port: 0, host: '127.0.0.1' });
  try {
    const address = server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await page.goto(`${origin}/?renderer=webgl2#/galaxy/karate`);
    await expect(page.getByTestId('galaxy-stats')).toContainText(`${count(graph.labels.length)} stars`, { timeout: 60_000 });
    await expect(page.getByTestId('galaxy-stats')).toContainText(`${count(graph.sources.length)} links`);
    await expectDegrees(page, graph, busiestNode(graph));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('a reload keeps the galaxy under "Your galaxies", at its address, until it is removed', async ({ page }) => {
  const graph = importFixture(KARATE);
  await openKarate(page, 'webgl2');
  const settledFrame = await page.screenshot({ path: 'test-results/open-graph-karate-settled.png' });
  expect(settledFrame.length).toBeGreaterThan(0);

  await page.reload();
  await expect(page.getByTestId('galaxy-stats')).toContainText(`${count(graph.labels.length)} stars`, { timeout: 60_000 });
  await expect(page.locator('[data-layout-state="settled"]')).toBeVisible();
  await expectDegrees(page, graph, busiestNode(graph));

  await page.goto('/?renderer=webgl2#/');
  const list = page.getByRole('list', { name: 'Your galaxies' });
  // Home is on screen before the reload, as a visitor would see it: a reload issued right after the
  // hash navigation to Home once reloaded the galaxy's address instead (seen once, in CI).
  await expect(list).toBeVisible();
  await page.reload();
  const item = list.getByRole('listitem').filter({ hasText: 'karate' });
  await expect(item).toContainText(`${count(graph.labels.length)} stars · ${count(graph.sources.length)} links`);
  await expect(item).toContainText(/\d+ (bytes|kB)/);
  await expect(item.getByRole('link', { name: 'karate' })).toHaveAttribute('href', '#/galaxy/local:karate');

  await item.getByRole('button', { name: 'Remove karate' }).click();
  await expect(page.getByText('Graphs you open are kept here, in this browser only.')).toBeVisible();
  expect(await keptGalaxyNames(page)).toEqual([]);
  await page.goto('/?renderer=webgl2#/galaxy/local:karate');
  await expect(page.getByRole('alert')).toContainText('local:karate is not kept in this browser');
});

test('a galaxy whose files went missing is listed as failed and can be removed', async ({ page }) => {
  await openKarate(page, 'webgl2');
  await page.goto('/?renderer=webgl2#/');
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('galaxy-local', 1);
        open.onsuccess = () => {
          const transaction = open.result.transaction('files', 'readwrite');
          transaction.objectStore('files').delete('karate');
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
  );
  await page.reload();
  const item = page.getByRole('list', { name: 'Your galaxies' }).getByRole('listitem').filter({ hasText: 'karate' });
  await expect(item.getByRole('alert')).toContainText('Cannot be opened: Its files are missing');
  await item.getByRole('button', { name: 'Remove karate' }).click();
  await expect(page.getByText('Graphs you open are kept here, in this browser only.')).toBeVisible();
});
