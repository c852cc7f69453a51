import path from 'node:path';
import { expect, test } from '@playwright/test';
import { busiestNode, count, dropFile, expectDegrees, importFixture } from './openGraphSupport';

/**
 * Issue 12: a visitor drops a graph file of every format `galaxy build` reads on Home; the galaxy
 * appears at once, settles while they watch, and a star's degrees are those of the file.
 */
const FIXTURES = 'tests/fixtures/importers';
const cases: { file: string; format: string; galaxy: string; backend: 'webgl2' | 'webgpu' }[] = [
  { file: `${FIXTURES}/karate.csv`, format: 'edge list (CSV)', galaxy: 'karate', backend: 'webgl2' },
  { file: `${FIXTURES}/karate.tsv`, format: 'edge list (TSV)', galaxy: 'karate', backend: 'webgpu' },
  { file: `${FIXTURES}/karate.dot`, format: 'DOT', galaxy: 'karate', backend: 'webgl2' },
  { file: `${FIXTURES}/karate.graphml`, format: 'GraphML', galaxy: 'karate', backend: 'webgpu' },
  { file: `${FIXTURES}/karate.gexf`, format: 'GEXF', galaxy: 'karate', backend: 'webgl2' },
  { file: `${FIXTURES}/karate.d3.json`, format: 'node-link JSON (d3)', galaxy: 'karate.d3', backend: 'webgpu' },
  { file: `${FIXTURES}/karate.ngraph.json`, format: 'node-link JSON (ngraph)', galaxy: 'karate.ngraph', backend: 'webgl2' },
  { file: 'package-lock.json', format: 'package-lock.json', galaxy: 'package-lock', backend: 'webgpu' },
  { file: `${FIXTURES}/dumpavail-slice.txt`, format: 'Debian Packages', galaxy: 'dumpavail-slice', backend: 'webgl2' },
  { file: `${FIXTURES}/routeviews-sample.bgpdump`, format: 'BGP AS paths', galaxy: 'routeviews-sample', backend: 'webgpu' },
  { file: `${FIXTURES}/karate.gt.gz`, format: 'graph-tool, gzip-compressed', galaxy: 'karate', backend: 'webgl2' },
];

for (const { file, format, galaxy, backend } of cases) {
  test(`${format}: ${path.basename(file)} dropped on Home opens, settles and keeps its degrees (${backend})`, async ({ page }) => {
    const graph = importFixture(file);
    await page.goto(`/?renderer=${backend}#/`);
    await expect(page.getByRole('heading', { name: 'Your galaxies' })).toBeVisible();
    await dropFile(page, file);
    await expect(page).toHaveURL(new RegExp(`#/galaxy/local:${galaxy.replace('.', '\\.')}$`), { timeout: 30_000 });
    const stats = page.getByTestId('galaxy-stats');
    await expect(stats).toContainText(`${count(graph.labels.length)} stars`);
    await expect(stats).toContainText(`${count(graph.sources.length)} links`);
    await expect(page.locator('[data-layout-state="settled"]')).toBeVisible({ timeout: 90_000 });
    await page.waitForFunction(() => (window.galaxyScene?.framesDrawn ?? 0) > 0);
    await expectDegrees(page, graph, busiestNode(graph));
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
}
