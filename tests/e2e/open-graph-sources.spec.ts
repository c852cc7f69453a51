import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { importGraph } from '../../src/importers';
import { busiestNode, count, expectDegrees, importFixture, keptGalaxyNames } from './openGraphSupport';

/**
 * Issue 12, "Open": besides a drop, the file input named "Open a graph file" and the address of a
 * file on a host that allows cross-origin reads (a local host on a test port, with and without CORS).
 */
const PORT = 4507;
let server: Server;

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const url = request.url ?? '/';
    const cors = url.startsWith('/cors/');
    if (url.endsWith('/karate.dot')) {
      response.writeHead(200, { 'content-type': 'text/plain', ...(cors ? { 'access-control-allow-origin': '*' } : {}) });
      response.end(readFileSync('tests/fixtures/importers/karate.dot'));
    } else {
      response.writeHead(404, cors ? { 'access-control-allow-origin': '*' } : {});
      response.end('not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('the file input named "Open a graph file" opens a gzip-compressed graph-tool file', async ({ page }) => {
  const graph = importFixture('tests/fixtures/importers/karate.gt.gz');
  await page.goto('/?renderer=webgpu#/');
  await page.getByLabel('Open a graph file', { exact: true }).first().setInputFiles('tests/fixtures/importers/karate.gt.gz');
  await expect(page).toHaveURL(/#\/galaxy\/local:karate(\?|$)/);
  await expect(page.getByTestId('galaxy-stats')).toContainText(`${count(graph.labels.length)} stars`);
  await expect(page.locator('[data-layout-state="settled"]')).toBeVisible({ timeout: 90_000 });
  await expectDegrees(page, graph, busiestNode(graph));
});

test('an address on a host that allows cross-origin reads opens; others say why', async ({ page }) => {
  const graph = importFixture('tests/fixtures/importers/karate.dot');
  await page.goto('/?renderer=webgl2#/');
  const address = page.getByPlaceholder('https://example.org/graph.csv');

  await address.fill(`http://127.0.0.1:${PORT}/plain/karate.dot`);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(
    `Failed to download http://127.0.0.1:${PORT}/plain/karate.dot: the host cannot be reached or does not allow other sites to read the file (CORS)`,
  );
  await page.getByRole('button', { name: 'Dismiss' }).click();

  await address.fill(`http://127.0.0.1:${PORT}/cors/missing.dot`);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(`Unexpected status code 404 when calling http://127.0.0.1:${PORT}/cors/missing.dot`);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  expect(await keptGalaxyNames(page)).toEqual([]);

  await address.fill(`http://127.0.0.1:${PORT}/cors/karate.dot`);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page).toHaveURL(/#\/galaxy\/local:karate(\?|$)/);
  await expect(page.getByTestId('galaxy-stats')).toContainText(`${count(graph.labels.length)} stars · ${count(graph.sources.length)} links`);
  await expect(page.locator('[data-layout-state="settled"]')).toBeVisible({ timeout: 90_000 });
  await expectDegrees(page, graph, busiestNode(graph));
});

test('a format chosen by the visitor is used as galaxy build --format would: plain AS paths in a .txt', async ({ page }) => {
  const file = 'tests/fixtures/importers/aspaths.txt';
  const graph = importGraph(readFileSync(file), file, 'bgp');
  await page.goto('/?renderer=webgl2#/');
  await page.getByLabel('Format').selectOption('bgp');
  await page.getByLabel('Open a graph file', { exact: true }).first().setInputFiles(file);
  await expect(page).toHaveURL(/#\/galaxy\/local:aspaths(\?|$)/);
  await expect(page.getByTestId('galaxy-stats')).toContainText(`${count(graph.labels.length)} stars · ${count(graph.sources.length)} links`);
  await expect(page.locator('[data-layout-state="settled"]')).toBeVisible({ timeout: 90_000 });
  await expectDegrees(page, graph, busiestNode(graph));
});
