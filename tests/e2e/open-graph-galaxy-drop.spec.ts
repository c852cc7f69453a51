import { expect, test, type Page } from '@playwright/test';
import { importGraph } from '../../src/importers';
import { sharedEdgeListCsv } from '../support/sharedEdgeList';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';
import { count, dropFile, importFixture } from './openGraphSupport';

/**
 * A graph file dropped on the galaxy screen opens as a drop on Home does: the same importer worker,
 * progress (with a percentage while the graph is parsed), errors, and the new galaxy's address.
 */

/** Every text the import's status line shows from now on, in order. */
async function recordImportStatus(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { importStatusTexts: seen });
    new MutationObserver(() => {
      const text = document.querySelector('.galaxy-screen-drop [role="status"] p')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { importStatusTexts: string[] }).importStatusTexts);
}

test.describe('dropping a graph file on the galaxy screen', () => {
  test('opens it with progress, as on Home, and goes to the new galaxy', async ({ page }) => {
    test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);
    test.setTimeout(180_000);
    const bytes = new TextEncoder().encode(sharedEdgeListCsv('crates'));
    const graph = importGraph(bytes, 'crates.csv');
    await page.goto('/?renderer=webgl2#/galaxy/elm');
    await expect(page.getByTestId('galaxy-stats')).toContainText('elm', { timeout: 60_000 });
    const statusTexts = await recordImportStatus(page);

    await dropFile(page, 'crates.csv', bytes);
    await expect(page).toHaveURL(/#\/galaxy\/local:crates(\?|$)/, { timeout: 90_000 });
    await expect(page.getByTestId('galaxy-stats')).toContainText(`${count(graph.labels.length)} stars · ${count(graph.sources.length)} links`, {
      timeout: 60_000,
    });
    await expect(page.locator('[data-layout-state]')).toBeVisible();

    // The parse of a 3 MB edge list takes seconds: the panel counted it up in per cent.
    const texts = await statusTexts();
    const parsing = texts.filter((text) => /^Reading the graph in crates\.csv - \d+%$/.test(text));
    expect(parsing.length, texts.join(' | ')).toBeGreaterThanOrEqual(2);
    const percents = parsing.map((text) => Number(/(\d+)%$/.exec(text)?.[1]));
    expect(percents.every((percent, i) => i === 0 || percent >= percents[i - 1])).toBe(true);
    expect(texts).toContain('Preparing the stars of crates.csv…');
    await expect(page.locator('.galaxy-screen-drop')).toHaveCount(0);
  });

  test('shows the drop zone while a file is dragged over, and why a file cannot be opened', async ({ page }) => {
    await page.goto('/?renderer=webgl2#/galaxy/internet');
    await expect(page.getByTestId('galaxy-stats')).toBeVisible({ timeout: 60_000 });

    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['a,b\n'], 'edges.csv'));
      return transfer;
    });
    await page.dispatchEvent('body', 'dragenter', { dataTransfer });
    await expect(page.getByTestId('drop-zone')).toHaveText('Drop the graph file to open it');
    await page.dispatchEvent('body', 'dragleave', { dataTransfer });
    await expect(page.getByTestId('drop-zone')).toHaveCount(0);

    await dropFile(page, 'broken.csv', new TextEncoder().encode('alice,bob\ncarol\n'));
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Could not open broken.csv.');
    await expect(alert).toContainText('broken.csv, line 2: expected a source and a target separated by a comma, found "carol"');
    await expect(page).toHaveURL(/#\/galaxy\/internet(\?|$)/);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert).toHaveCount(0);

    // A good file after the bad one opens.
    const karate = importFixture('tests/fixtures/importers/karate.graphml');
    await dropFile(page, 'tests/fixtures/importers/karate.graphml');
    await expect(page).toHaveURL(/#\/galaxy\/local:karate(\?|$)/, { timeout: 60_000 });
    await expect(page.getByTestId('galaxy-stats')).toContainText(`${count(karate.labels.length)} stars`);
  });
});
