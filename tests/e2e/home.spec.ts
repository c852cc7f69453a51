import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { sharedGalaxiesDir } from '../support/sharedGalaxies';

const assets = path.resolve('stories/assets');
/** The folders the e2e server serves at /data (playwright.config.ts), first folder first. */
const dataFolders = [path.resolve('data'), sharedGalaxiesDir];

/** Node count of a served galaxy, read from its positions.bin (12 bytes a node), or undefined. */
function nodeCountOf(name: string): number | undefined {
  for (const folder of dataFolders) {
    const manifestPath = path.join(folder, name, 'manifest.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { last: string };
    const positions = path.join(folder, name, manifest.last, 'positions.bin');
    return existsSync(positions) ? Math.floor(statSync(positions).size / 12) : undefined;
  }
  return undefined;
}

test('Home offers a finished-looking card for every galaxy of the data root and opens one', async ({ page }) => {
  const index = (await (await page.request.get('/data/galaxies.json')).json()) as { galaxies: string[] };
  const others = index.galaxies.filter((name) => name !== 'internet');
  test.skip(others.length === 0, 'the data root lists no galaxy besides internet');

  await page.goto('/#/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to the Internet, Commander');
  const list = page.getByRole('list', { name: 'Galaxies' });
  for (const name of others) {
    await expect(list.locator(`a[href="#/galaxy/${encodeURIComponent(name)}"]`)).toBeVisible();
  }
  await expect(list.getByRole('link')).toHaveCount(others.length);
  // No card shows a broken image: a thumbnail that is missing is replaced by the drawn star field.
  await expect
    .poll(() =>
      page
        .locator('main img')
        .evaluateAll((images) => images.filter((image) => !(image as HTMLImageElement).naturalWidth).length),
    )
    .toBe(0);
  await page.screenshot({ path: 'test-results/home.png' });

  const sized = others
    .map((name) => ({ name, nodeCount: nodeCountOf(name) }))
    .filter((galaxy): galaxy is { name: string; nodeCount: number } => galaxy.nodeCount !== undefined);
  test.skip(sized.length === 0, 'no listed galaxy found in the served folders');
  const smallest = sized.reduce((a, b) => (a.nodeCount <= b.nodeCount ? a : b));
  await list.locator(`a[href="#/galaxy/${encodeURIComponent(smallest.name)}"]`).click();
  await expect(page).toHaveURL(new RegExp(`#/galaxy/${smallest.name}`));
  await expect(page.getByTestId('galaxy-stats')).toContainText(smallest.nodeCount.toLocaleString('en-US'), {
    timeout: 60_000,
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
