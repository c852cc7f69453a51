import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer } from '../../src/cli/serve/serveGalaxies';

/**
 * The round trip of issue 5: `galaxy build` on a real input, `galaxy inspect` accepts the result,
 * `galaxy serve`'s server lists it on Home and the viewer opens it.
 */
let dataRoot: string;
let server: Server;
let origin: string;

const galaxy = (args: string[]): string =>
  execFileSync(process.execPath, ['bin/galaxy.js', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

test.beforeAll(async () => {
  dataRoot = mkdtempSync(path.join(os.tmpdir(), 'galaxy-publish-e2e-'));
  galaxy([
    'build', 'tests/fixtures/importers/dumpavail-slice.txt', '--name', 'debian-slice', '--out', dataRoot,
    '--version-name', 'v1', '--iterations', '50', '--no-progress', '--title', 'A slice of Debian', '--kind', 'debian',
  ]);
  server = await startServer({ dataRoot, port: 0, host: '127.0.0.1' });
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dataRoot, { recursive: true, force: true });
});

test('a galaxy built by the CLI passes galaxy inspect', () => {
  const report = JSON.parse(galaxy(['inspect', path.join(dataRoot, 'debian-slice'), '--json'])) as {
    valid: boolean;
    nodes: number;
    edges: number;
    warnings: string[];
  };
  expect(report.valid).toBe(true);
  expect(report.nodes).toBe(19);
  expect(report.edges).toBeGreaterThan(0);
  expect(report.warnings).toEqual([]);
});

test('galaxy serve lists the built galaxy on Home and the viewer opens it', async ({ page }) => {
  const inspected = JSON.parse(galaxy(['inspect', path.join(dataRoot, 'debian-slice'), '--json'])) as { edges: number };
  await page.goto(`${origin}/?renderer=webgl2#/`);
  const card = page.getByRole('list', { name: 'Galaxies' }).locator('a[href="#/galaxy/debian-slice"]');
  await expect(card).toBeVisible();
  await card.click();
  await expect(page.getByTestId('galaxy-stats')).toContainText('19 stars', { timeout: 60_000 });
  await expect(page.getByTestId('galaxy-stats')).toContainText(`${inspected.edges} links`);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/publish-debian-slice.png' });
});
