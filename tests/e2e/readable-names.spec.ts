import { expect, test } from '@playwright/test';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';
import { settledNames } from './namesSupport';
import { canvasLocator, NPM_WHOLE_GRAPH, statsLine, type BackendName } from './renderSupport';

test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);

const BACKENDS: BackendName[] = ['webgl2', 'webgpu'];
/** The original viewer's default camera (docs/rules.md#url: pos 0,0,0, lookAt 0,0,0,1), inside npm's cloud. */
const ORIGIN = 'cx=0&cy=0&cz=0&lx=0&ly=0&lz=0&lw=1&l=0';

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const intersects = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const backend of BACKENDS) {
  test(`inside npm at the origin camera, names keep clear of the search box and the stats line and cover at most a third of the sky (${backend})`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto(`/?renderer=${backend}#/galaxy/npm?${ORIGIN}`);
    await expect(statsLine(page)).toHaveText(NPM_WHOLE_GRAPH, { timeout: 120_000 });
    // The help overlay is a panel too (names keep clear of it); the first key press puts it away.
    await canvasLocator(page).focus();
    await page.keyboard.press('h');
    await expect(page.getByTestId('help-overlay')).toHaveCount(0);
    const names = await settledNames(page);
    const canvas = (await canvasLocator(page).boundingBox())!;
    const search = (await page.getByRole('search').boundingBox())!;
    const stats = (await statsLine(page).boundingBox())!;
    await page.screenshot({ path: test.info().outputPath(`npm-origin-names-${backend}.png`) });

    // Names are in the canvas's CSS pixels; the panels in the page's.
    const onPage = names.map((n) => ({ ...n, x: n.x + canvas.x, y: n.y + canvas.y }));
    const covered = names.reduce((sum, n) => sum + n.width * n.height, 0) / (canvas.width * canvas.height);
    console.log(`${backend}: ${names.length} names at npm's origin camera cover ${(covered * 100).toFixed(1)}% of the canvas`);
    expect(names.length, 'the sky is still named').toBeGreaterThan(10);
    expect(covered).toBeLessThanOrEqual(1 / 3);
    for (const name of onPage) {
      expect(intersects(name, search), `${name.text} is not under the search box`).toBe(false);
      expect(intersects(name, stats), `${name.text} is not over the stats line`).toBe(false);
    }
  });
}
