import { expect, test, type Page } from '@playwright/test';
import { dropFile, keptGalaxyNames } from './openGraphSupport';

/** Issue 12, "Bad input": clear messages naming the line, too big refused, nothing kept lost, a cancel leaves nothing. */
const text = (value: string) => new TextEncoder().encode(value);

async function home(page: Page, query = 'renderer=webgl2'): Promise<void> {
  await page.goto(`/?${query}#/`);
  await expect(page.getByRole('heading', { name: 'Your galaxies' })).toBeVisible();
}

async function keepKarate(page: Page): Promise<void> {
  await dropFile(page, 'tests/fixtures/importers/karate.csv');
  await expect(page).toHaveURL(/#\/galaxy\/local:karate(\?|$)/);
  await page.goto('/?renderer=webgl2#/');
  await expect(page.getByRole('list', { name: 'Your galaxies' })).toContainText('karate');
}

const malformed: { name: string; body: string; says: RegExp }[] = [
  { name: 'broken.csv', body: 'alice,bob\ncarol\n', says: /broken\.csv, line 2: expected a source and a target separated by a comma, found "carol"/ },
  { name: 'broken.graphml', body: '<?xml version="1.0"?>\n<graphml>\n<graph>\n<node id="a">\n</graph>\n</graphml>\n', says: /broken\.graphml, line \d+: not well-formed XML/ },
  { name: 'broken.json', body: '{\n  "nodes": [{"id": "a"}],\n  "links": [{"source": "a" "target": "b"}]\n}\n', says: /broken\.json, line 3: not valid JSON/ },
  { name: 'broken.dot', body: 'digraph {\n  a -> b;\n  c -> ;\n}\n', says: /broken\.dot, line 3: not valid DOT/ },
];

for (const { name, body, says } of malformed) {
  test(`a malformed ${name} shows the line, and the galaxies already kept stay`, async ({ page }) => {
    await home(page);
    await keepKarate(page);
    await dropFile(page, name, text(body));
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(`Could not open ${name}`);
    await expect(alert).toContainText(says);
    expect(await keptGalaxyNames(page)).toEqual(['karate']);
    await expect(page.getByRole('list', { name: 'Your galaxies' })).toContainText('karate');
    await page.screenshot({ path: `test-results/open-graph-error-${name}.png` });
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
}

test('a file of an unknown format says which formats are known', async ({ page }) => {
  await home(page);
  await dropFile(page, 'picture.bin', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 1, 2, 3]));
  await expect(page.getByRole('alert')).toContainText(
    'picture.bin: not a graph format this viewer knows. Known formats: edgelist, dot, graphml, gexf, json, package-lock, debian, bgp, graph-tool.',
  );
  expect(await keptGalaxyNames(page)).toEqual([]);
});

test('a graph too big for this browser is refused with the memory it needs and the galaxy build command', async ({ page }) => {
  // ?memory= pretends the browser has only this many MiB: 65 leaves room for inputs up to 37 kB.
  await home(page, 'renderer=webgl2&memory=65');
  await dropFile(page, 'package-lock.json');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/package-lock\.json is too big for this browser: it would need about (\d+\.\d) MB of memory/);
  const needed = Number(/would need about (\d+\.\d) MB/.exec((await alert.textContent()) ?? '')?.[1]);
  expect(needed).toBeGreaterThan(65);
  await expect(alert).toContainText('and this browser gives a page about 65.0 MB');
  await expect(alert.locator('pre')).toHaveText('npx galaxy build package-lock.json --name package-lock --out data');
  await page.screenshot({ path: 'test-results/open-graph-too-big.png' });
  expect(await keptGalaxyNames(page)).toEqual([]);
});

test('a cancelled import leaves nothing behind', async ({ page }) => {
  await home(page);
  await keepKarate(page);
  // A big edge list made in the page: parsing it takes long enough to cancel.
  await page.evaluate(() => {
    const lines: string[] = [];
    for (let i = 0; i < 1_500_000; i++) lines.push(`n${i % 400_000},n${(i * 7919) % 400_000}`);
    const transfer = new DataTransfer();
    transfer.items.add(new File([lines.join('\n')], 'big.csv'));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, cancelable: true, bubbles: true }));
  });
  const progress = page.getByRole('status').filter({ hasText: 'big.csv' });
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'big.csv' })).toHaveCount(0);
  await expect(page).toHaveURL(/#\/$/);
  expect(await keptGalaxyNames(page)).toEqual(['karate']);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your galaxies' }).getByRole('listitem')).toHaveCount(1);
});

test('the drop zone covers the page while a file is dragged over it', async ({ page }) => {
  await home(page);
  await page.evaluate(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['a,b'], 'edges.csv'));
    document.body.dispatchEvent(new DragEvent('dragenter', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  });
  const zone = page.getByTestId('drop-zone');
  await expect(zone).toHaveText('Drop the graph file to open it');
  const box = await zone.boundingBox();
  expect(box!.width).toBeGreaterThan(900);
  expect(box!.height).toBeGreaterThan(600);
  await page.evaluate(() => document.body.dispatchEvent(new DragEvent('dragleave', { dataTransfer: new DataTransfer(), bubbles: true })));
});
