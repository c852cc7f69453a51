import { expect, test } from '@playwright/test';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';

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
  await page.goto('/?renderer=webgl2#/galaxy/npm');
  await expect(page.getByTestId('galaxy-stats')).toContainText('195,689', { timeout: 90_000 });
  await expect(page.getByTestId('progress')).toHaveCount(0);

  const log = await page.evaluate(() => window.progressLog);
  for (const step of ['downloading positions', 'downloading links', 'downloading labels', 'initializing edges']) {
    expect(log.some((text) => new RegExp(`^npm: ${step} - \\d+%$`).test(text)), `${step} in ${log.join(' | ')}`).toBe(
      true,
    );
  }
  expect(log).toContain('npm: initializing edges - 100%');
  await expect(page.getByTestId('galaxy-stats')).toContainText('473,907');
});

test('a galaxy that does not exist shows the status message and the visitor can go on', async ({ page, baseURL }) => {
  await page.goto('/?renderer=webgl2#/galaxy/no-such-galaxy');
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
