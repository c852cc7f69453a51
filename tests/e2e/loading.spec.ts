import { expect, type Route, test } from '@playwright/test';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';
import { animationFrames, SCREEN_RENDERER } from './pageEvents';
import { EVERY_NPM_STAR } from './renderSupport';

declare global {
  interface Window {
    progressLog: string[];
  }
}

test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);

/** Records every text the progress label shows, from the first paint on. */
async function recordProgressLabel(page: import('@playwright/test').Page) {
  await page.addInitScript(() => {
    window.progressLog = [];
    const record = () => {
      const text = document.querySelector('[data-testid="progress"]')?.textContent?.trim();
      if (text && window.progressLog[window.progressLog.length - 1] !== text) window.progressLog.push(text);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

test('opening npm shows each download step in the progress label, then the loaded star count', async ({ page }) => {
  await recordProgressLabel(page);
  // Every star (EVERY_NPM_STAR): the whole galaxy's stats line is what is checked.
  await page.goto(`/?renderer=${SCREEN_RENDERER}#/galaxy/npm?${EVERY_NPM_STAR}`);
  await expect(page.getByTestId('galaxy-stats')).toContainText('195,689 stars', { timeout: 90_000 });
  await expect(page.getByTestId('galaxy-stats')).toContainText('473,907 links');
  await expect(page.getByTestId('progress')).toHaveCount(0);

  const log = await page.evaluate(() => window.progressLog);
  for (const step of ['downloading positions', 'downloading links', 'downloading labels', 'initializing edges']) {
    const shown = log.filter((text) => text.startsWith(`npm: ${step} - `));
    expect(shown.length, `"${step}" in ${log.join(' | ')}`).toBeGreaterThan(0);
    for (const text of shown) expect(text).toMatch(new RegExp(`^npm: ${step} - \\d+%$`));
    const percents = shown.map((text) => Number(/(\d+)%$/.exec(text)?.[1]));
    expect(percents, `${step} only moves forward`).toEqual([...percents].sort((a, b) => a - b));
  }
});

test('a galaxy that does not exist shows the status message and the visitor can go on', async ({ page, baseURL }) => {
  await page.goto(`/?renderer=${SCREEN_RENDERER}#/galaxy/no-such-galaxy`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    new RegExp(`Unexpected status code 404 when calling ${baseURL}/data/no-such-galaxy/manifest\\.json\\?nocache=\\d+`),
  );
  await page.evaluate(() => {
    window.location.hash = '#/galaxy/elm';
  });
  await expect(page.getByTestId('galaxy-stats')).toContainText('3,454');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a damaged galaxy opens with what could be trusted and says what was repaired', async ({ page }) => {
  await page.goto(`/?renderer=${SCREEN_RENDERER}#/galaxy/damaged`);
  await expect(page.getByTestId('galaxy-stats')).toContainText('12 stars');
  const notice = page.getByRole('status', { name: 'Data warnings' });
  await expect(notice).toContainText('4 problems in this galaxy’s files');
  await notice.getByRole('button', { name: 'Details' }).click();
  await expect(notice.getByRole('listitem')).toHaveText([
    'positions.bin is 149 bytes, not a multiple of 12 (x, y, z per node): the last 5 bytes were ignored',
    'links.bin has 3 zero values, which the format does not allow: they were ignored',
    'links.bin has 1 links to nodes beyond the 12 nodes of positions.bin: they were ignored',
    'labels.json has 14 names but positions.bin has 12 nodes: the last 2 names were ignored',
  ]);

  await page.keyboard.press('KeyK'); // any key hides the help
  await page.getByPlaceholder('enter a search term').fill('bold');
  const results = page.locator('[data-window-key="search-results"]');
  await expect(results).toContainText('<b>bold</b> star');
  await expect(results.locator('b')).toHaveCount(0);

  await notice.getByRole('button', { name: 'Dismiss data warnings' }).click();
  await expect(notice).toHaveCount(0);
});

test('opening another galaxy while one downloads cancels the first without an error', async ({ page }) => {
  // npm's links and labels are held until cran is on screen, so npm is still downloading when cran
  // is opened (over loopback npm could otherwise finish first); then they are let through.
  const held: Route[] = [];
  await page.route(/\/npm\/[^/]+\/(links\.bin|labels\.json)$/, (route) => {
    held.push(route);
  });
  await page.goto(`/?renderer=${SCREEN_RENDERER}#/galaxy/npm`);
  await expect(page.getByTestId('progress')).toContainText('npm: downloading');
  // The loader worker downloading npm: cancelling the download ends it, and with it anything it could still send.
  // (The label's first step comes from the page, which has the manifest before the worker runs.)
  const loaderWorkers = () => page.workers().filter((worker) => worker.url().includes('loader'));
  await expect.poll(() => loaderWorkers().length).toBeGreaterThan(0);
  const loaders = loaderWorkers();
  const npmLoaderEnded = Promise.race(loaders.map((worker) => new Promise((resolve) => worker.once('close', resolve))));
  await page.evaluate(() => {
    window.location.hash = '#/galaxy/cran';
  });
  await expect(page.getByTestId('galaxy-stats')).toContainText('cran · 7,774 stars');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The cancelled download does not come back later and replace the galaxy on screen.
  for (const route of held.splice(0)) await route.continue().catch(() => undefined);
  await npmLoaderEnded;
  await animationFrames(page, 10);
  await expect(page.getByTestId('galaxy-stats')).toContainText('cran · 7,774 stars');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
