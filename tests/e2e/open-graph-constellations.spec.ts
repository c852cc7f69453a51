import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { dropFile, importFixture } from './openGraphSupport';

/** Issue 26, "Your own graph": an imported graph's constellations are found in a worker, shown as they come, kept and saved. */
const KARATE = 'tests/fixtures/importers/karate.csv';
let folder: string;

test.beforeAll(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'galaxy-constellations-e2e-'));
});

test.afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

declare global {
  interface Window {
    statusTexts?: string[];
  }
}

test('an import finds its constellations with progress shown, and "Save galaxy" carries communities.bin and communities.json', async ({ page }) => {
  const graph = importFixture(KARATE);
  // Karate's 34 stars take a moment: every text the import panel shows is recorded as it appears.
  await page.addInitScript(() => {
    window.statusTexts = [];
    new MutationObserver(() => {
      const text = document.querySelector('[role="status"]')?.textContent ?? '';
      if (text && window.statusTexts?.at(-1) !== text) window.statusTexts?.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/?renderer=webgl2#/');
  await expect(page.getByText('Graphs you open are kept here, in this browser only.')).toBeVisible();
  await dropFile(page, KARATE);
  await expect(page).toHaveURL(/#\/galaxy\/local:karate(\?|$)/);
  const texts = (await page.evaluate(() => window.statusTexts ?? [])).join('\n');
  expect(texts).toContain('Finding the constellations of karate.csv');
  expect(texts).toContain('Grouping the stars. Cancel keeps the galaxy without them.');
  // Karate's levels come in a few milliseconds, so on a quick machine React may draw the step's end
  // before a level's line (its wording is a unit test's, tests/unit/open/importCommunities.test.ts):
  // each level line drawn reads as one.
  for (const line of texts.split('\n').filter((text) => /level (found|\d+ found)/i.test(text))) {
    expect(line).toMatch(/(Finest level|Level \d+) found: [\d,]+ communit(y|ies)\. Cancel keeps the galaxy without them\./);
  }

  await expect(page.locator('[data-layout-state="settled"]')).toBeVisible({ timeout: 90_000 });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save galaxy' }).click();
  const zipFile = path.join(folder, 'karate.zip');
  await (await downloading).saveAs(zipFile);

  const entries = unzipSync(new Uint8Array(readFileSync(zipFile)));
  const manifest = JSON.parse(strFromU8(entries['karate/manifest.json'])) as { last: string; communities?: string[] };
  expect(manifest.communities).toEqual([manifest.last]);
  const version = `karate/${manifest.last}`;
  expect(entries[`${version}/communities.bin`].byteLength).toBe(graph.labels.length * 4);
  const json = JSON.parse(strFromU8(entries[`${version}/communities.json`])) as { stars: number; levels: { count: number; name: string[] }[] };
  expect(json.stars).toBe(graph.labels.length);
  expect(json.levels[0].count).toBeGreaterThan(1);

  const dataRoot = path.join(folder, 'data');
  for (const [name, bytes] of Object.entries(entries)) {
    if (name.endsWith('/')) continue;
    mkdirSync(path.dirname(path.join(dataRoot, name)), { recursive: true });
    writeFileSync(path.join(dataRoot, name), bytes);
  }
  const inspected = execFileSync(process.execPath, ['bin/galaxy.js', 'inspect', path.join(dataRoot, 'karate')], { encoding: 'utf8' });
  expect(inspected).toContain('community problems: none');
  expect(inspected).toContain('tile communities: in every tile');
  expect(inspected).toContain('tile problems: none');
});

/**
 * A graph big enough that finding its constellations takes a while: 100,000 stars in blocks of 1,000
 * linked within their block (three links each), so that the import's reading is quick and the
 * constellations step is the long one.
 */
function blockGraphCsv(stars = 100_000, block = 1_000): Uint8Array {
  const lines = ['source,target'];
  let state = 12345;
  const random = () => ((state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32);
  for (let star = 0; star < stars; star++) {
    const start = star - (star % block);
    for (let k = 0; k < 3; k++) lines.push(`s${star},s${start + Math.floor(random() * block)}`);
  }
  return new TextEncoder().encode(lines.join('\n'));
}

test('Cancel while the constellations are found keeps the galaxy without them: it opens, and "Save galaxy" carries no communities', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/?renderer=webgl2#/');
  await expect(page.getByText('Graphs you open are kept here, in this browser only.')).toBeVisible();
  await dropFile(page, 'blocks.csv', blockGraphCsv());
  const status = page.locator('[role="status"]');
  await expect(status).toContainText('Finding the constellations of blocks.csv', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(/#\/galaxy\/local:blocks(\?|$)/, { timeout: 60_000 });
  await expect(page.getByTestId('galaxy-stats')).toContainText('100,000 stars', { timeout: 60_000 });
  await expect(page.locator('.constellations-panel')).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save galaxy' }).click();
  const zipFile = path.join(folder, 'blocks.zip');
  await (await downloading).saveAs(zipFile);
  const entries = unzipSync(new Uint8Array(readFileSync(zipFile)));
  const manifest = JSON.parse(strFromU8(entries['blocks/manifest.json'])) as { last: string; communities?: string[] };
  expect(manifest.communities).toBeUndefined();
  expect(Object.keys(entries).filter((name) => name.includes('communities'))).toEqual([]);
  expect(entries[`blocks/${manifest.last}/positions.bin`].byteLength).toBe(100_000 * 12);
});

