import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { TiledGalaxyReader } from '../../src/tiles/format/tiledGalaxyReader';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';
import { DAMAGED, DAMAGED_TILES, E2E_TILED_DIR, npmLastVersion, SYNTHETIC_1M, TILED_NPM, TWO_VERSIONS } from '../support/e2eTiledGalaxies';
import { describeTileRegion } from '../../src/tiles/format/region';
import { SOFTWARE_STAR_BUDGET } from '../../src/tiles/planner/budgets';
import { TEST_VERSION } from '../support/tiledGalaxies';
import { PNG } from 'pngjs';
import { FIRST_STARS_MARK } from '../../src/boot/firstStarsMark';
import { openingPose } from '../../src/url/viewPose';
import { DEFAULT_SCALE } from '../../src/url/viewQuery';
import { brightestNear, canvasLocator, litCanvasPixels, litPixels, predictScreen } from './renderSupport';
import { cameraSettled } from './pageEvents';
import { drawnStarsSettled } from '../support/drawnStars';

/** What the page should say about a star, read in Node from the same tiles. */
interface StarFacts {
  star: number;
  name: string;
  inDegree: number;
  outDegree: number;
}

async function openReader(galaxy: string, version: string): Promise<TiledGalaxyReader> {
  const dir = path.join(E2E_TILED_DIR, galaxy, version, 'tiles');
  return TiledGalaxyReader.open(async (file) => new Uint8Array(readFileSync(path.join(dir, file))));
}

/** The most linked star of the galaxy: star 0, the first of the root tile. */
async function hubFacts(reader: TiledGalaxyReader): Promise<StarFacts> {
  const tile = await reader.tile(0);
  const { names } = await reader.labels(0);
  return { star: 0, name: names[0], inDegree: tile.inDegree[0], outDegree: tile.outDegree[0] };
}

const count = (n: number) => n.toLocaleString('en-US');
/** The stats line of a tiled galaxy: "x of y stars drawn" while it streams, the classic line once every star is drawn. */
const statsLine = (page: Page) => page.locator('[data-testid="galaxy-stats-streaming"], [data-testid="galaxy-stats"]');
const searchBox = (page: Page) => page.getByPlaceholder('enter a search term');

async function openTiled(page: Page, backend: string, galaxy: string, query = ''): Promise<void> {
  await page.goto(`/?renderer=${backend}#/galaxy/${galaxy}${query}`);
  await page.waitForFunction(() => Number(window.galaxyScene?.canvas?.dataset.stars ?? 0) > 0, null, { timeout: 90_000 });
  await page.keyboard.press('KeyK'); // hides the help
}


async function hoverStar(page: Page, star: number): Promise<{ x: number; y: number }> {
  const spot = (await (await page.waitForFunction((id) => window.galaxyScene?.projectToClient(id), star)).jsonValue()) as { x: number; y: number };
  await page.mouse.move(spot.x - 30, spot.y - 30);
  await page.mouse.move(spot.x, spot.y, { steps: 4 });
  return spot;
}

/** Hover, click and the neighbour list of the galaxy's hub, checked against the tiles read in Node. */
async function checkHub(page: Page, hub: StarFacts, inWord: RegExp): Promise<void> {
  await hoverStar(page, hub.star);
  const tooltip = page.getByTestId('hover-tooltip');
  await expect(tooltip).toContainText(hub.name, { timeout: 30_000 });
  await expect(tooltip.getByTestId('hover-in')).toHaveText(count(hub.inDegree));
  await expect(tooltip.getByTestId('hover-out')).toHaveText(count(hub.outDegree));

  await page.mouse.down();
  await page.mouse.up();
  const details = page.getByTestId('star-details');
  await expect(details).toContainText(hub.name, { timeout: 30_000 });
  await expect(details.getByTestId('degree-in')).toContainText(count(hub.inDegree));
  await details.getByTestId('degree-in').click();
  const degreeWindow = page.locator('[data-window-key="degree"]');
  await expect(degreeWindow).toContainText(`${hub.name} has ${count(hub.inDegree)}`, { timeout: 30_000 });
  await expect(degreeWindow).toContainText(inWord);
  // The first rows name real stars once their label shards are in.
  await expect(degreeWindow.getByRole('listitem').first()).not.toContainText('Loading', { timeout: 30_000 });
}

for (const backend of ['webgl2', 'webgpu'] as const) {
  test.describe(`a tiled galaxy streams (${backend})`, () => {
    test('npm tiled from ../shared: first stars, hover, click, neighbours, search, links on and off, flight', async ({ page }) => {
      test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);
      test.setTimeout(300_000);
      const reader = await openReader(TILED_NPM, npmLastVersion());
      const hub = await hubFacts(reader);
      // Every star of npm fits budget=250k (a software rasteriser's default would draw 100k): it ends with the classic stats line.
      await openTiled(page, backend, TILED_NPM, '?budget=250k');
      await expect(page.getByTestId('galaxy-stats')).toHaveText(`${TILED_NPM} · ${count(reader.index.stars)} stars · ${count(reader.index.links)} links`, { timeout: 90_000 });
      expect(await litCanvasPixels(page, `tiled-npm-${backend}.png`), 'lit pixels of the first tiles').toBeGreaterThan(2_000);

      await checkHub(page, hub, /dependents?/);

      // Search streams through every name shard and ends with the count.
      const labels = JSON.parse(readFileSync(path.join(E2E_TILED_DIR, TILED_NPM, npmLastVersion(), 'labels.json'), 'utf8')) as string[];
      const matches = labels.filter((label) => /^express$/i.test(label)).length;
      await searchBox(page).fill('^express$');
      const results = page.locator('[data-window-key="search-results"]');
      await expect(results).toContainText(`${matches} ${matches === 1 ? 'match' : 'matches'}`, { timeout: 60_000 });
      await expect(results.getByRole('listitem').first()).toContainText(/express/i);

      // Links: on by default; L hides them and the picture changes; L brings them back.
      await searchBox(page).fill('');
      await page.locator('canvas[data-testid="galaxy-canvas"]').focus();
      const withLinks = await litCanvasPixels(page, `tiled-npm-${backend}-links.png`);
      await page.keyboard.press('KeyL');
      await cameraSettled(page);
      const withoutLinks = await litCanvasPixels(page, `tiled-npm-${backend}-nolinks.png`);
      expect(withLinks, 'links light pixels that stars alone do not').toBeGreaterThan(withoutLinks);

      // Flying forward keeps stars on screen as tiles refine.
      const before = await page.evaluate(() => window.galaxyScene!.getCamera().position);
      await page.keyboard.down('KeyW');
      await page.waitForFunction((start) => {
        const now = window.galaxyScene!.getCamera().position;
        return Math.hypot(now[0] - start[0], now[1] - start[1], now[2] - start[2]) > 500;
      }, before);
      await page.keyboard.up('KeyW');
      await cameraSettled(page);
      expect(Number(await canvasLocator(page).getAttribute('data-stars'))).toBeGreaterThan(0);
      expect(await litCanvasPixels(page, `tiled-npm-${backend}-flown.png`), 'lit pixels after the flight').toBeGreaterThan(500);
    });

    test('on a software rasteriser npm tiled draws within the small default budget', async ({ page }) => {
      test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);
      test.setTimeout(180_000);
      const reader = await openReader(TILED_NPM, npmLastVersion());
      await openTiled(page, backend, TILED_NPM);
      test.skip(!(await page.evaluate(() => window.galaxyScene!.softwareRasteriser)), 'the adapter is a GPU: the hardware default draws every star of npm');
      await expect(statsLine(page)).toContainText(`of ${count(reader.index.stars)} stars drawn`);
      const { stars } = await drawnStarsSettled(page, 3_000, 120_000);
      expect(stars, 'stars drawn at rest').toBeGreaterThan(SOFTWARE_STAR_BUDGET / 2);
      expect(stars, 'stars drawn within the software default').toBeLessThanOrEqual(SOFTWARE_STAR_BUDGET);
      await expect(page.getByTestId('galaxy-stats-streaming')).toContainText(`of ${count(reader.index.stars)} stars drawn`);
    });

    test('a generated million stars: drawn within the budget, hover, neighbours, search with progress', async ({ page }) => {
      test.setTimeout(300_000);
      const reader = await openReader(SYNTHETIC_1M, TEST_VERSION);
      const hub = await hubFacts(reader);
      await openTiled(page, backend, SYNTHETIC_1M, '?budget=200k');
      const stats = page.getByTestId('galaxy-stats-streaming');
      await expect(stats).toContainText('of 1,000,000 stars drawn');
      await page.waitForFunction(() => Number(window.galaxyScene?.canvas?.dataset.stars ?? 0) > 50_000, null, { timeout: 120_000 });
      const drawn = Number(await canvasLocator(page).getAttribute('data-stars'));
      expect(drawn, 'stars drawn within budget=200k').toBeLessThanOrEqual(200_000);
      expect(await litCanvasPixels(page, `tiled-1m-${backend}.png`)).toBeGreaterThan(2_000);

      await checkHub(page, hub, /indegree/);

      // The last star of the galaxy sits in one of its finest tiles, which a 200k budget has not loaded.
      const { names } = await reader.labels(reader.labelShardCount - 1);
      const last = names[names.length - 1];
      const lastStar = reader.index.stars - 1;
      const tile = await reader.tile(reader.tileOfStar(lastStar));
      const k = lastStar - tile.firstStar;
      const target = [0, 1, 2].map((axis) => tile.positions[k * 3 + axis] * 1.75);
      await searchBox(page).fill(`^${last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
      const results = page.locator('[data-window-key="search-results"]');
      await expect(results.getByRole('listitem').first()).toContainText(last, { timeout: 120_000 });

      // Clicking it flies to a star that was not loaded (its tile is fetched first) and selects it.
      await results.getByRole('button', { name: last, exact: true }).first().click();
      await expect(page.getByTestId('star-details')).toContainText(last, { timeout: 60_000 });
      await page.waitForFunction(() => window.galaxyScene && !window.galaxyScene.isCameraAnimating());
      const position = await page.evaluate(() => window.galaxyScene!.getCamera().position);
      const distance = Math.hypot(position[0] - target[0], position[1] - target[1], position[2] - target[2]);
      expect(distance, 'camera ends beside the star it flew to').toBeLessThan(400);
    });
  });
}

for (const backend of ['webgl2', 'webgpu'] as const) {
  test(`a tiled galaxy switches versions through the address (${backend})`, async ({ page }) => {
    test.setTimeout(180_000);
    await openTiled(page, backend, TWO_VERSIONS, '?v=v1');
    const stats = statsLine(page);
    await expect(stats).toContainText('20,000 stars');
    await page.evaluate(() => {
      location.hash = location.hash.replace('v=v1', 'v=v2');
    });
    await expect(stats).toContainText('30,000 stars', { timeout: 60_000 });
    await page.waitForFunction(() => Number(window.galaxyScene?.canvas?.dataset.stars ?? 0) > 0);
  });
}

test('a tiled galaxy\'s manifest is asked for before the viewer\'s code runs, its first files at once and only once, and one WebGL2 context made', async ({ page }) => {
  const asked: string[] = [];
  // The page's requests and its workers'.
  page.context().on('request', (request) => asked.push(new URL(request.url()).pathname));
  // index.json held back: the hierarchy and the root tile are asked for beside it, not after it.
  const askedBeforeIndex: string[] = [];
  const firstFiles = ['index.json', 'hierarchy.bin.gz', 'stars/0.bin.gz'];
  const allAsked = (pathnames: readonly string[]) => firstFiles.every((file) => pathnames.some((pathname) => pathname.endsWith(`/v2/tiles/${file}`)));
  await page.route(/\/v2\/tiles\/index\.json$/, async (route) => {
    // Held back until the other first files are asked for; where they wait on it, the wait ends unanswered and the check below fails.
    if (!allAsked(asked)) {
      await page
        .context()
        .waitForEvent('request', { predicate: (request) => allAsked([...asked, new URL(request.url()).pathname]), timeout: 10_000 })
        .catch(() => undefined);
    }
    askedBeforeIndex.push(...asked);
    await route.continue();
  });
  // The star budget's adapter probe asks the context the renderer then draws with, not one of its own.
  await page.addInitScript(() => {
    const canvases = new Set<HTMLCanvasElement>();
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: Parameters<typeof getContext>) {
      const context = getContext.apply(this, args);
      if (String(args[0]) === 'webgl2' && context) canvases.add(this);
      (window as unknown as { webgl2Canvases: number }).webgl2Canvases = canvases.size;
      return context;
    } as typeof getContext;
  });
  await openTiled(page, 'webgl2', TWO_VERSIONS, '?v=v2');
  expect(await page.evaluate(() => (window as unknown as { webgl2Canvases: number }).webgl2Canvases)).toBe(1);
  const times = (end: string) => asked.filter((pathname) => pathname.endsWith(end)).length;
  expect(times(`/${TWO_VERSIONS}/manifest.json`)).toBe(1);
  for (const file of firstFiles) {
    expect(times(`/v2/tiles/${file}`)).toBe(1);
    expect(askedBeforeIndex.some((pathname) => pathname.endsWith(`/v2/tiles/${file}`))).toBe(true);
  }
  // The loader worker is started by the viewer's code once it runs (src/main.tsx).
  const loaderWorker = asked.findIndex((pathname) => /\/loader\.worker[^/]*\.js$/.test(pathname));
  expect(loaderWorker).toBeGreaterThan(asked.findIndex((pathname) => pathname.endsWith('/manifest.json')));
});

/** Which renderer the address asks for, and which backend paints and then draws: WebGPU without an adapter falls back, painter and renderer alike. */
const PAINTERS = [
  { title: 'on webgl2', query: '?renderer=webgl2', backend: 'webgl2', noAdapter: false },
  { title: 'on webgpu', query: '?renderer=webgpu', backend: 'webgpu', noAdapter: false },
  { title: 'by default, where WebGPU gives no adapter, on webgl2', query: '', backend: 'webgl2', noAdapter: true },
] as const;

for (const { title, query, backend, noAdapter } of PAINTERS) {
  test(`${title} the root tile's stars are drawn before the viewer's code runs or the tile worker's code loads, on the canvas its renderer then takes`, async ({ page }) => {
    if (noAdapter) await page.addInitScript(() => navigator.gpu && (navigator.gpu.requestAdapter = async () => null));
    // The viewer's chunk and the tile worker's scripts are held back, so that only the page's entry has run.
    let releaseViewer = () => {};
    const viewerHeld = new Promise<void>((resolve) => (releaseViewer = resolve));
    await page.route(/\/assets\/(main|tile\.worker|tileWorkerMain)-[^/]*\.js$/, async (route) => {
      await viewerHeld;
      await route.continue();
    });
    await page.goto(`/${query}#/galaxy/${TWO_VERSIONS}?v=v2`);
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FIRST_STARS_MARK, { timeout: 30_000 });
    expect(await page.evaluate(() => window.galaxyScene === undefined)).toBe(true);

    // The hub, the root tile's first star, lit where the viewer's opening camera puts it.
    const reader = await openReader(TWO_VERSIONS, 'v2');
    const root = await reader.tile(0);
    const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
    const pose = openingPose('', reader.index.bounds, viewport.width / viewport.height);
    const hub = predictScreen(pose, [root.positions[0] * DEFAULT_SCALE, root.positions[1] * DEFAULT_SCALE, root.positions[2] * DEFAULT_SCALE], viewport.width, viewport.height);
    const shot = PNG.sync.read(await page.screenshot({ path: test.info().outputPath('first-stars.png') }));
    const pixels = { width: shot.width, height: shot.height, data: shot.data };
    expect(litPixels(pixels, 120)).toBeGreaterThan(200);
    expect(hub).toBeDefined();
    const [r, g, b] = brightestNear(pixels, hub!.x, hub!.y, 2);
    expect(r + g + b).toBeGreaterThan(600);

    releaseViewer();
    await page.waitForFunction(() => Number(window.galaxyScene?.canvas?.dataset.stars ?? 0) > 0, null, { timeout: 60_000 });
    // One canvas: the renderer took the one the entry drew on.
    await expect(page.locator('canvas')).toHaveCount(1);
    await expect(canvasLocator(page)).toHaveCount(1);
    await expect(canvasLocator(page)).toHaveAttribute('data-backend', backend);
    expect(await litCanvasPixels(page, 'viewer-stars.png')).toBeGreaterThan(200);
  });
}

test('a missing and a truncated tile are named in the data warnings while the rest draws', async ({ page }) => {
  test.setTimeout(180_000);
  const reader = await openReader(DAMAGED, TEST_VERSION);
  const missing = describeTileRegion(reader.hierarchy, DAMAGED_TILES.missing);
  const truncated = describeTileRegion(reader.hierarchy, DAMAGED_TILES.truncated);
  await openTiled(page, 'webgl2', DAMAGED);
  const warnings = page.getByRole('status', { name: 'Data warnings' });
  await expect(warnings).toContainText('2 problems in this galaxy’s files', { timeout: 60_000 });
  await warnings.getByRole('button', { name: 'Details' }).click();
  await expect(warnings).toContainText(`Could not be loaded: ${missing}`);
  await expect(warnings).toContainText(`Could not be loaded: ${truncated}`);
  const healthy = reader.index.stars - reader.hierarchy.starCount[DAMAGED_TILES.missing] - reader.hierarchy.starCount[DAMAGED_TILES.truncated];
  await expect(page.getByTestId('galaxy-stats-streaming')).toContainText(`${count(healthy)} of ${count(reader.index.stars)} stars drawn`, { timeout: 60_000 });
  expect(await litCanvasPixels(page, 'tiled-damaged.png'), 'the other tiles still draw').toBeGreaterThan(1_000);
});
