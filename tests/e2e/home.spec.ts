import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { haveSharedGalaxies, sharedGalaxiesDir, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';

const assets = path.resolve('stories/assets');

/** Galaxies in the shared folder, with their node count read from positions.bin (12 bytes a node). */
function sharedGalaxies(): { name: string; nodeCount: number }[] {
  return readdirSync(sharedGalaxiesDir)
    .filter((name) => existsSync(path.join(sharedGalaxiesDir, name, 'manifest.json')))
    .map((name) => {
      const manifest = JSON.parse(readFileSync(path.join(sharedGalaxiesDir, name, 'manifest.json'), 'utf8')) as {
        last: string;
      };
      const positions = statSync(path.join(sharedGalaxiesDir, name, manifest.last, 'positions.bin'));
      return { name, nodeCount: Math.floor(positions.size / 12) };
    });
}

test.describe('Home over the real galaxies', () => {
  test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);

  test('offers a finished-looking card for every galaxy and opens one', async ({ page }) => {
    const galaxies = sharedGalaxies();
    await page.goto('/#/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to the Internet, Commander');
    const list = page.getByRole('list', { name: 'Galaxies' });
    for (const { name } of galaxies) {
      await expect(list.locator(`a[href="#/galaxy/${encodeURIComponent(name)}"]`)).toBeVisible();
    }
    // These galaxies have no thumbnails: each card shows the drawn star field, no broken image.
    await expect(list.getByTestId('starfield-placeholder').first()).toBeVisible();
    const broken = await list
      .locator('img')
      .evaluateAll((images) => images.filter((image) => !(image as HTMLImageElement).naturalWidth).length);
    expect(broken).toBe(0);
    await page.screenshot({ path: 'test-results/home.png' });

    const smallest = galaxies.reduce((a, b) => (a.nodeCount <= b.nodeCount ? a : b));
    await list.locator(`a[href="#/galaxy/${encodeURIComponent(smallest.name)}"]`).click();
    await expect(page).toHaveURL(new RegExp(`#/galaxy/${smallest.name}`));
    await expect(page.getByTestId('galaxy-stats')).toContainText(smallest.nodeCount.toLocaleString('en-US'), {
      timeout: 60_000,
    });
  });
});

test('the internet media card is titled from the galaxy data and swaps its still for the animation on hover', async ({
  page,
}) => {
  // A data root that offers an internet galaxy seen from a vantage point.
  await page.route('**/data/galaxies.json', (route) =>
    route.fulfill({ json: { galaxies: ['internet', 'zeta'] } }),
  );
  await page.route('**/data/internet/manifest.json*', (route) =>
    route.fulfill({
      json: { last: 'v1', all: ['v1'], meta: { kind: 'internet', vantage: { host: 'rv.example.net', asn: 6447 } } },
    }),
  );
  await page.route('**/data/zeta/manifest.json*', (route) => route.fulfill({ status: 404, body: 'missing' }));
  await page.route('**/data/internet/thumbnail_first.png', (route) =>
    route.fulfill({ path: path.join(assets, 'demo_first.png'), contentType: 'image/png' }),
  );
  await page.route('**/data/internet/thumbnail_150.gif', (route) =>
    route.fulfill({ path: path.join(assets, 'demo_150.gif'), contentType: 'image/gif' }),
  );

  await page.goto('/#/');
  const card = page.getByRole('link', { name: /As seen from rv\.example\.net \/ AS 6447/ });
  await expect(card).toHaveAttribute('href', '#/galaxy/internet?l=1');
  await expect(card).toContainText('The BGP Default-Free Zone');
  const image = card.locator('img');
  await expect(image).toHaveAttribute('src', /_first\.png$/);
  expect(await image.boundingBox()).toMatchObject({ width: 150, height: 93 });
  await card.hover();
  await expect(image).toHaveAttribute('src', /_150\.gif$/);
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(150);
  await page.mouse.move(0, 0);
  await expect(image).toHaveAttribute('src', /_first\.png$/);

  // A galaxy whose manifest cannot be read still gets its card.
  await expect(page.getByRole('link', { name: 'zeta' })).toHaveAttribute('href', '#/galaxy/zeta');
  await page.screenshot({ path: 'test-results/home-internet.png' });
});

test('an unreadable galaxy index is explained, not a blank page', async ({ page }) => {
  await page.route('**/data/galaxies.json', (route) => route.fulfill({ status: 500, body: 'oops' }));
  await page.goto('/#/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to the Internet, Commander');
  await expect(page.getByRole('alert')).toContainText('Unexpected status code 500 when calling /data/galaxies.json');
});
