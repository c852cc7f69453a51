import { writeFile } from 'node:fs/promises';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { starSize } from '../../src/renderer/starStyle';
import type { StarCells } from '../../src/renderer/starCells';
import type { StarSource, StarSourceChange } from '../../src/stars/starSource';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';
import { readSharedGalaxy } from '../support/readSharedGalaxy';
import { canvasLocator, canvasPixels, differingPixels, EVERY_NPM_STAR, galaxyUrl, litPixels, openGalaxy, type BackendName } from './renderSupport';

test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);

const BACKENDS: BackendName[] = ['webgl2', 'webgpu'];
/** Empty slots before each cell of the fake pool, and the slot of one of them. */
const GAP = 16;
const EMPTY_SLOT = 5;

/** The fake's own handles, kept on the page between steps. */
interface FakeHandles {
  stars: StarSource;
  emit(change: StarSourceChange): void;
  setCells(cells: StarCells): void;
  cells: StarCells;
}

declare global {
  interface Window {
    tiledFake?: FakeHandles;
  }
}

/** npm's sizes by the node size rule, as the classic path draws them. */
function npmSizes(): number[] {
  const npm = readSharedGalaxy('npm');
  const inDegree = new Uint32Array(npm.nodeCount);
  for (const target of npm.targets) inDegree[target]++;
  const max = inDegree.reduce((a, b) => Math.max(a, b), 0);
  return Array.from(inDegree, (d) => starSize(d, max));
}

/**
 * Replaces the page's classic npm with the same stars given as a tiled galaxy: the stars split by
 * octant around the centre into eight cells, laid into a pool with GAP empty slots before each and
 * listed in the opposite order to the buffer's, each slot holding a star numbered by its node id.
 */
async function drawAsTiled(page: Page, sizes: number[]): Promise<void> {
  await page.evaluate(
    ({ sizes, gap }) => {
      const scene = window.galaxyScene!;
      const n = sizes.length;
      const where = Array.from({ length: n }, (_, id) => scene.starPosition(id)!);
      const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
      for (const p of where) for (let a = 0; a < 3; a++) (min[a] = Math.min(min[a], p[a])), (max[a] = Math.max(max[a], p[a]));
      const mid = min.map((v, a) => (v + max[a]) / 2);
      const octants: number[][] = Array.from({ length: 8 }, () => []);
      where.forEach((p, id) => octants[(p[0] < mid[0] ? 0 : 1) + (p[1] < mid[1] ? 0 : 2) + (p[2] < mid[2] ? 0 : 4)].push(id));
      const capacity = n + gap * 9;
      const positions = new Float32Array(capacity * 3);
      const starSizes = new Float32Array(capacity);
      const starOfSlot = new Int32Array(capacity).fill(-1);
      const slotOfStar = new Int32Array(n).fill(-1);
      const cells: StarCells = { cells: 8, start: new Uint32Array(8), count: new Uint32Array(8), bounds: new Float32Array(48) };
      let slot = gap;
      octants.forEach((ids, o) => {
        const k = 7 - o;
        cells.start[k] = slot;
        cells.count[k] = ids.length;
        const box = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
        for (const id of ids) {
          for (let a = 0; a < 3; a++) {
            positions[slot * 3 + a] = where[id][a];
            box[a] = Math.min(box[a], where[id][a]);
            box[a + 3] = Math.max(box[a + 3], where[id][a]);
          }
          starSizes[slot] = sizes[id];
          starOfSlot[slot] = id;
          slotOfStar[id] = slot++;
        }
        cells.bounds.set(box, k * 6);
        slot += gap;
      });
      const listeners = new Set<(change: StarSourceChange) => void>();
      const handles: FakeHandles = {
        cells,
        stars: {
          capacity,
          positions,
          sizes: starSizes,
          starCount: n,
          bounds: { min: [min[0], min[1], min[2]], max: [max[0], max[1], max[2]] },
          drawnCells: () => handles.cells,
          busy: false,
          get drawnStars() {
            return handles.cells.count.reduce((a, b) => a + b, 0);
          },
          starOfSlot: (s) => starOfSlot[s] ?? -1,
          slotOfStar: (star) => slotOfStar[star] ?? -1,
          setCamera: () => {},
          linkPairs: () => undefined,
          pickingIndexed: true,
          nearestStar: () => undefined,
          onChange: (listener) => {
            listeners.add(listener);
            return () => listeners.delete(listener);
          },
          locate: async (star) => where[star],
        },
        emit: (change) => listeners.forEach((listener) => listener(change)),
        setCells: (next) => {
          handles.cells = next;
          handles.emit({ written: [], drawnChanged: true, linksChanged: false });
        },
      };
      window.tiledFake = handles;
      scene.show({ stars: handles.stars, names: undefined });
    },
    { sizes, gap: GAP },
  );
}

/** Keeps a screenshot of the canvas beside the test's results and attaches it to the report. */
async function keepShot(page: Page, info: TestInfo, name: string): Promise<void> {
  const file = info.outputPath(name);
  await writeFile(file, await canvasLocator(page).screenshot());
  await info.attach(name, { path: file, contentType: 'image/png' });
}

const sizes = haveSharedGalaxies ? npmSizes() : [];

for (const backend of BACKENDS) {
  // 800 x 600 holds more pixels than npm has stars; 400 x 300 fewer, so that the crowded view's
  // hidden-cell culling runs over the given cells.
  for (const { width, height } of [{ width: 800, height: 600 }, { width: 400, height: 300 }]) {
    test(`${backend}: stars given in cells draw the picture the classic path draws, and no empty slot (${width} x ${height})`, async ({ browser }, info) => {
      const page = await browser.newPage({ viewport: { width, height } });
      // Every star (EVERY_NPM_STAR): the classic path's picture of npm drawn whole is the reference.
      await openGalaxy(page, `${galaxyUrl(backend, 'npm')}&${EVERY_NPM_STAR}`);
      await page.evaluate(() => window.galaxyScene!.setCamera(window.galaxyScene!.wholeGalaxyPose()));
      const classic = await canvasPixels(page);
      await keepShot(page, info, `${backend}-npm-classic-${width}.png`);

      await drawAsTiled(page, sizes);
      expect(await page.evaluate(() => window.galaxyScene!.starCounts)).toEqual({ drawn: sizes.length, total: sizes.length });
      await expect(canvasLocator(page)).toHaveAttribute('data-stars', String(sizes.length));
      const tiled = await canvasPixels(page);
      await keepShot(page, info, `${backend}-npm-tiled-${width}.png`);
      expect([tiled.width, tiled.height]).toEqual([classic.width, classic.height]);
      expect(litPixels(classic)).toBeGreaterThan(0.05 * classic.width * classic.height);
      // Only stars tied in depth may shade differently, as the cells are drawn in another order.
      const differing = differingPixels(classic, tiled, 64);
      info.annotations.push({ type: 'measured', description: `${differing} of ${litPixels(classic)} lit pixels differ from the classic picture` });
      expect(differing).toBeLessThan(0.01 * litPixels(classic));

      // A big star written into an empty slot just in front of the camera: in no cell, never drawn.
      await page.evaluate((slot) => {
        const fake = window.tiledFake!;
        const { position } = window.galaxyScene!.getCamera();
        fake.stars.positions.set([position[0], position[1], position[2] - 50], slot * 3);
        fake.stars.sizes[slot] = 200;
        fake.emit({ written: [{ start: slot, count: 1 }], drawnChanged: false, linksChanged: false });
      }, EMPTY_SLOT);
      const withEmptySlot = await canvasPixels(page);
      expect(differingPixels(tiled, withEmptySlot, 64)).toBeLessThan(0.01 * litPixels(classic));

      // The same slot in a cell of its own is drawn, covering most of the view.
      await page.evaluate((slot) => {
        const fake = window.tiledFake!;
        const { cells, start, count, bounds } = fake.cells;
        const box = Array.from(fake.stars.positions.subarray(slot * 3, slot * 3 + 3));
        fake.setCells({
          cells: cells + 1,
          start: Uint32Array.from([...start, slot]),
          count: Uint32Array.from([...count, 1]),
          bounds: Float32Array.from([...bounds, ...box, ...box]),
        });
      }, EMPTY_SLOT);
      const drawnSlot = await canvasPixels(page);
      await keepShot(page, info, `${backend}-npm-slot-in-a-cell-${width}.png`);
      expect(differingPixels(tiled, drawnSlot, 64)).toBeGreaterThan(0.1 * tiled.width * tiled.height);
      await page.close();
    });
  }
}
