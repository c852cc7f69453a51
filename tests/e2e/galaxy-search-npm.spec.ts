import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { haveSharedGalaxies, sharedGalaxiesDir, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';
import { SCREEN_RENDERER } from './pageEvents';
import { NPM_WHOLE_GRAPH, statsLine } from './renderSupport';

/** How many npm labels the pattern '.' matches (every name with a character other than a line break). */
function npmDotMatches(): number {
  const folder = path.join(sharedGalaxiesDir, 'npm');
  const { last } = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as { last: string };
  const labels = JSON.parse(readFileSync(path.join(folder, last, 'labels.json'), 'utf8')) as unknown[];
  return labels.filter((label) => /./i.test(String(label))).length;
}

// How smoothly the page keeps drawing during this search is measured by `npm run bench -- search`
// (tests/bench/suites/search.ts), not here: timings on this machine are too noisy to assert.
test.describe('searching a big galaxy', () => {
  test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);

  test('searching "." over npm lists every match and draws the first rows', async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto(`/?renderer=${SCREEN_RENDERER}#/galaxy/npm`);
    await expect(statsLine(page)).toHaveText(NPM_WHOLE_GRAPH, { timeout: 240_000 });
    await page.keyboard.press('KeyK'); // hides the help
    await page.getByPlaceholder('enter a search term').focus();
    await page.keyboard.type('.');
    const results = page.locator('[data-window-key="search-results"]');
    await expect(results).toContainText(`${npmDotMatches().toLocaleString('en-US')} matches`, { timeout: 60_000 });
    await expect(results.getByRole('listitem').first()).toBeVisible();
  });

  test('after the galaxy rests its search worker is ended, and the next search still finds the same names', async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto(`/?renderer=${SCREEN_RENDERER}#/galaxy/npm`);
    await expect(statsLine(page)).toHaveText(NPM_WHOLE_GRAPH, { timeout: 240_000 });
    await page.keyboard.press('KeyK'); // hides the help
    const search = page.getByPlaceholder('enter a search term');
    const results = page.locator('[data-window-key="search-results"]');
    await search.fill('^react$');
    // "react" and "React": the search is case-insensitive.
    await expect(results).toContainText('2 matches', { timeout: 60_000 });
    const before = await results.innerText();
    const searchWorkers = () => page.workers().filter((worker) => worker.url().includes('search.worker')).length;
    expect(searchWorkers()).toBe(1);
    // SEARCH_REST_MS (5 s) without a search: the worker goes with its copy of npm's names.
    await expect.poll(searchWorkers, { timeout: 30_000 }).toBe(0);
    await search.fill('');
    await search.fill('^react$');
    await expect(results).toContainText('2 matches', { timeout: 60_000 });
    expect(await results.innerText()).toBe(before);
    expect(searchWorkers()).toBe(1);
  });

  test('a runaway pattern is stopped after 4 s of matching with the rules\' message, and the next search works', async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto(`/?renderer=${SCREEN_RENDERER}#/galaxy/npm`);
    await expect(statsLine(page)).toHaveText(NPM_WHOLE_GRAPH, { timeout: 240_000 });
    await page.keyboard.press('KeyK'); // hides the help
    // Exponential on npm's names with a long run of word characters before a dash (39 in one of them).
    const runaway = '^(\\w+)*$';
    await page.getByPlaceholder('enter a search term').fill(runaway);
    await expect(page.getByText(`Search for "${runaway}" took longer than 4 s and was stopped. Try a simpler pattern.`)).toBeVisible({ timeout: 60_000 });
    await page.getByPlaceholder('enter a search term').fill('^express$');
    await expect(page.locator('[data-window-key="search-results"]')).toContainText(/\d+ match/, { timeout: 60_000 });
  });
});
