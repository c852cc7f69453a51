import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { dropFile, keptGalaxyNames } from './openGraphSupport';

/**
 * Issue "Hostile input, round three", the graphs a visitor opens in the browser: two tabs keeping
 * galaxies at once, an edge list whose names are markup, a kept record damaged in storage, and an
 * address that stalls after its headers.
 */
const text = (value: string) => new TextEncoder().encode(value);
const THREE = { bytes: text('a,b\nb,c\n'), stars: 3 };
const SIX = { bytes: text('a,b\nb,c\nc,d\nd,e\ne,f\n'), stars: 6 };
const LOCAL_ROUTE = /#\/galaxy\/local:([^?]+)(\?|$)/;

async function home(page: Page): Promise<void> {
  await page.goto('/?renderer=webgl2#/');
  await expect(page.getByRole('heading', { name: 'Your galaxies' })).toBeVisible();
}

/** The local galaxy a page opened, once it has gone to one. */
async function openedName(page: Page): Promise<string> {
  await expect(page).toHaveURL(LOCAL_ROUTE);
  return LOCAL_ROUTE.exec(page.url())?.[1] ?? '';
}

/** Drops race2.csv holding `bytes` on the page at the time `at` (ms since 1970). */
async function dropAt(page: Page, bytes: Uint8Array, at: number): Promise<void> {
  await page.evaluate(
    ({ data, at }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], 'race2.csv'));
      setTimeout(() => {
        for (const type of ['dragenter', 'drop']) document.body.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }, at - Date.now());
    },
    { data: [...bytes], at },
  );
}

/**
 * Holds this browser's kept-galaxy stores in a transaction of `page` (kept alive by one read after
 * another) until the returned function is called, so that what other tabs ask of them meanwhile
 * waits and then runs at once.
 */
async function holdStores(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('galaxy-local', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction(['galaxies', 'files'], 'readwrite');
          const store = transaction.objectStore('galaxies');
          const page = window as unknown as { releaseStores?: () => Promise<void> };
          let held = true;
          const completed = new Promise<void>((done) => (transaction.oncomplete = () => done(open.result.close())));
          page.releaseStores = () => {
            held = false;
            return completed;
          };
          const spin = () => {
            if (held) store.get('').onsuccess = spin;
          };
          store.get('').onsuccess = () => {
            spin();
            resolve();
          };
        };
      }),
  );
  return () => page.evaluate(() => (window as unknown as { releaseStores: () => Promise<void> }).releaseStores());
}

test('two tabs keeping graphs of one file name at the same moment keep both, each with its own stars', async ({ page }) => {
  const other = await page.context().newPage();
  const holder = await page.context().newPage();
  await home(holder);
  const kept: Record<string, number> = {};
  const race = async (first: typeof THREE, second: typeof THREE) => {
    await Promise.all([home(page), home(other)]);
    // Both drops at one moment of the browser's clock, from inside each page: no round trip between
    // them. The stores are held until both imports are done, so both tabs keep their galaxy at once.
    const release = await holdStores(holder);
    const at = Date.now() + 500;
    await Promise.all([dropAt(page, first.bytes, at), dropAt(other, second.bytes, at)]);
    for (const tab of [page, other]) await expect(tab.getByRole('status').filter({ hasText: 'Keeping race2.csv' })).toBeVisible();
    await release();
    const names = await Promise.all([openedName(page), openedName(other)]);
    expect(names[0], 'the two imports got one name').not.toBe(names[1]);
    for (const [at, tab] of [page, other].entries()) {
      const { stars } = at === 0 ? first : second;
      await expect(tab.getByTestId('galaxy-stats')).toContainText(`${stars} stars`);
      kept[names[at]] = stars;
    }
  };
  for (let round = 0; round < 3; round++) await race(THREE, SIX);
  // Two identical files at once.
  await race(THREE, THREE);

  expect(Object.keys(kept)).toHaveLength(8);
  expect((await keptGalaxyNames(page)).sort()).toEqual(Object.keys(kept).sort());
  await home(page);
  const list = page.getByRole('list', { name: 'Your galaxies' });
  await expect(list.getByRole('listitem')).toHaveCount(8);
  for (const [name, stars] of Object.entries(kept)) {
    await expect(list.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) })).toContainText(`${stars} stars`);
  }
  await Promise.all([other.close(), holder.close()]);
});

test('an edge list whose first name is markup opens as its .csv extension says', async ({ page }) => {
  await home(page);
  await dropFile(page, 'markup.csv', text('<b>alice</b>,bob\n<i>carol</i>,<b>alice</b>\n'));
  expect(await openedName(page)).toBe('markup');
  await expect(page.getByTestId('galaxy-stats')).toContainText('3 stars · 2 links');
});

/** Changes fields of one stored record, as a damaged disk or another program might. */
async function damage(page: Page, store: 'galaxies' | 'files', name: string, fields: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    ({ store, name, fields }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('galaxy-local', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction(store, 'readwrite');
          const records = transaction.objectStore(store);
          const read = records.get(name);
          read.onsuccess = () => {
            const changed = { ...(read.result as object), ...fields };
            if (store === 'files') records.put(changed, name);
            else records.put(changed);
          };
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    { store, name, fields },
  );
}

test('a kept galaxy whose stored data is damaged is marked on Home, says so when opened, can be removed, and the others stay', async ({ page }) => {
  for (const [file, { bytes }] of [['labels.csv', THREE], ['counts.csv', SIX], ['fine.csv', SIX]] as const) {
    await home(page);
    await dropFile(page, file, bytes);
    await openedName(page);
  }
  await home(page);
  await damage(page, 'files', 'labels', { labels: null });
  await damage(page, 'galaxies', 'counts', { nodeCount: -1, bytes: 'x' });
  await page.reload();

  const list = page.getByRole('list', { name: 'Your galaxies' });
  const item = (name: string) => list.getByRole('listitem').filter({ hasText: name });
  for (const name of ['labels', 'counts']) {
    await expect(item(name).getByRole('alert')).toHaveText('Cannot be opened: Its stored data is damaged.');
    await expect(item(name)).not.toContainText(/stars|NaN/);
    await expect(item(name).getByRole('link')).toHaveCount(0);
  }
  await expect(item('fine')).toContainText('6 stars · 5 links');
  await expect(item('fine').getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/open-graph-damaged-home.png' });

  await page.goto('/?renderer=webgl2#/galaxy/local:labels');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('local:labels: its stored data is damaged (labels.json is not text). Remove it on Home, then open the file again.');
  await expect(alert).not.toContainText('Cannot read properties');
  await page.goto('/?renderer=webgl2#/galaxy/local:counts');
  await expect(page.getByRole('alert')).toContainText('local:counts: its stored data is damaged (nodeCount is not a star count of 1 or more)');

  await home(page);
  await item('labels').getByRole('button', { name: 'Remove labels' }).click();
  await item('counts').getByRole('button', { name: 'Remove counts' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  expect(await keptGalaxyNames(page)).toEqual(['fine']);
  await item('fine').getByRole('link', { name: 'fine' }).click();
  await expect(page.getByTestId('galaxy-stats')).toContainText('6 stars · 5 links');
});

test.describe('an address that stalls', () => {
  let server: Server;
  let origin: string;
  const stalled: ServerResponse[] = [];

  test.beforeAll(async () => {
    // Headers (with a size) at once, then never a byte of the body.
    server = createServer((_request: IncomingMessage, response: ServerResponse) => {
      response.writeHead(200, { 'content-type': 'text/csv', 'content-length': '1000', 'access-control-allow-origin': '*' });
      response.flushHeaders();
      stalled.push(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    for (const response of stalled) response.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  test('gives up after the stall limit of galaxy downloads, naming its file, and keeps nothing', async ({ page }) => {
    await page.clock.install();
    await home(page);
    await page.getByPlaceholder('https://example.org/graph.csv').fill(`${origin}/files/slow.csv`);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reading slow.csv' })).toBeVisible();
    await page.clock.fastForward(31_000);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Could not open slow.csv');
    await expect(alert).toContainText('The download of “slow.csv” stalled: nothing arrived for 30 seconds');
    await page.screenshot({ path: 'test-results/open-graph-address-stalled.png' });
    expect(await keptGalaxyNames(page)).toEqual([]);
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
