import { expect, test, type Page, type Route } from '@playwright/test';
import { linksBin, positionsBin } from '../support/wireFixtures';
import { canvasLocator, canvasPixels, hidePanels, type Pixels } from './renderSupport';

/**
 * Issue 11, the viewer's half: hostile or unlucky input must never trap the visitor. Galaxies here
 * are served by route interception, so each test controls exactly what the host answers (or that it
 * never answers).
 */

type Backend = 'webgl2' | 'webgpu';
const BACKENDS: Backend[] = ['webgl2', 'webgpu'];

interface FakeGalaxy {
  positions: Array<[number, number, number]>;
  links?: number[][];
  endpoint?: string;
  /** A file whose requests are held open forever (the host never answers), read at each request. */
  hold?: 'positions.bin' | 'manifest.json';
}

/** A ring of `count` stars with radius `radius`, each linked to the next. */
function ring(count: number, radius: number): Array<[number, number, number]> {
  return Array.from({ length: count }, (_, i) => {
    const angle = (i / count) * 2 * Math.PI;
    return [Math.round(Math.cos(angle) * radius), Math.round(Math.sin(angle) * radius), Math.round(((i % 7) - 3) * radius * 0.05)];
  });
}

/** Serves a galaxy named `name` from the data root; returns the routes held open. */
async function serveGalaxy(page: Page, name: string, galaxy: FakeGalaxy): Promise<Route[]> {
  const held: Route[] = [];
  const files: Record<string, { body: Buffer; type: string }> = {
    'manifest.json': {
      body: Buffer.from(JSON.stringify({ last: 'v1', all: ['v1'], ...(galaxy.endpoint ? { endpoint: galaxy.endpoint } : {}) })),
      type: 'application/json',
    },
    'positions.bin': { body: Buffer.from(positionsBin(galaxy.positions)), type: 'application/octet-stream' },
    'links.bin': { body: Buffer.from(linksBin(galaxy.links ?? galaxy.positions.map((_, i) => [(i + 1) % galaxy.positions.length]))), type: 'application/octet-stream' },
    'labels.json': { body: Buffer.from(JSON.stringify(galaxy.positions.map((_, i) => `star-${i}`))), type: 'application/json' },
  };
  await page.route(`**/data/${name}/**`, async (route) => {
    const file = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    if (file === galaxy.hold) {
      held.push(route);
      return;
    }
    const served = files[file];
    if (!served) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ status: 200, body: served.body, contentType: served.type });
  });
  return held;
}

test.describe('addresses', () => {
  test('a malformed %-escape gets the unknown-galaxy panel, Go home goes home, and the panel leaves with the route', async ({ page }) => {
    await page.goto('/#/galaxy/%E0%A4%A');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Could not open the galaxy “%E0%A4%A”');
    await expect(alert).toContainText('The address names no galaxy: "%E0%A4%A" is not a valid percent-encoded name');
    await expect(page.getByText('URI malformed')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/hostile-bad-escape.png' });

    await alert.getByRole('link', { name: 'Go home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to the Internet, Commander');
    expect(new URL(page.url()).hash).toBe('#/');
    await expect(page.getByRole('alert')).toHaveCount(0);

    // Back on the bad address, then a hash change typed by the visitor leaves the error screen too.
    await page.goBack();
    await expect(page.getByRole('alert')).toContainText('The address names no galaxy');
    await page.evaluate(() => (location.hash = '#/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to the Internet, Commander');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('scale', () => {
  for (const odd of ['0', '-5', '1e9']) {
    test(`s=${odd} is an odd value: the galaxy opens at the default scale and the address says so`, async ({ page }) => {
      await serveGalaxy(page, 'odd-scale', { positions: ring(50, 1000) });
      await page.goto(`/?renderer=webgl2#/galaxy/odd-scale?s=${odd}&l=1`);
      await waitForStars(page);
      // Star 0 of the ring is at (1000, 0, -150) in positions.bin: placed at the default scale, 1.75.
      expect(await page.evaluate(() => window.galaxyScene?.starPosition(0))).toEqual([1750, 0, -262.5]);
      await expect(page).toHaveURL(/[?&]s=1\.75(&|$)/);
      expect(await litCanvasPixels(page, `hostile-scale-${odd}`)).toBeGreaterThan(20);
    });
  }
});

test.describe('manifests', () => {
  test('an endpoint that is not an http(s) address or a path is refused with a clear message', async ({ page }) => {
    await serveGalaxy(page, 'bad-endpoint', { positions: ring(50, 1000), endpoint: 'http://[::1' });
    await page.goto('/?renderer=webgl2#/galaxy/bad-endpoint');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('names the endpoint "http://[::1", which is not an http(s) address');
    await expect(alert).not.toContainText("Failed to construct 'URL'");
    await expect(alert.getByRole('link', { name: 'Go home' })).toBeVisible();
  });
});

/** Waits until the galaxy's stars are drawn by a renderer. */
async function waitForStars(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const scene = window.galaxyScene;
      return scene?.starPosition(0) !== undefined && scene.framesDrawn > 0;
    },
    null,
    { timeout: 60_000 },
  );
}

function litPixels(pixels: Pixels): number {
  let lit = 0;
  for (let i = 0; i < pixels.data.length; i += 4) if (pixels.data[i] + pixels.data[i + 1] + pixels.data[i + 2] > 60) lit++;
  return lit;
}

/** Lit pixels of the canvas alone (panels hidden), after the frames asked for are drawn. */
async function litCanvasPixels(page: Page, shot: string): Promise<number> {
  await hidePanels(page);
  const pixels = await canvasPixels(page);
  await canvasLocator(page).screenshot({ path: `test-results/${shot}.png` });
  return litPixels(pixels);
}

test.describe('Home', () => {
  test('one manifest that never answers holds back no other card and is shown unreachable after the limit', async ({ page }) => {
    await page.clock.install();
    await page.route('**/data/galaxies.json', (route) => route.fulfill({ json: { galaxies: ['alpha', 'beta', 'gamma'] } }));
    await page.route('**/data/*/manifest.json', (route) => {
      const name = new URL(route.request().url()).pathname.split('/').at(-2) ?? '';
      if (name === 'beta') return; // never answers
      return route.fulfill({ json: { last: 'v1', all: ['v1'], meta: { title: `Title of ${name}`, description: `About ${name}` } } });
    });
    await page.goto('/#/');
    const list = page.getByRole('list', { name: 'Galaxies' });
    await expect(list.getByRole('link', { name: /Title of alpha/ })).toContainText('About alpha');
    await expect(list.getByRole('link', { name: /Title of gamma/ })).toContainText('About gamma');
    const beta = list.locator('a[href="#/galaxy/beta"]');
    await expect(beta).toContainText('Loading…');
    await expect(beta).toHaveAttribute('aria-busy', 'true');
    await page.screenshot({ path: 'test-results/hostile-home-loading.png' });

    await page.clock.fastForward(10_500);
    await expect(beta).toContainText('Could not be reached. No answer from its host within 10 seconds.');
    await expect(beta).toHaveAttribute('aria-busy', 'false');
    await expect(list.getByRole('link', { name: /Title of alpha/ })).toBeVisible();
    await page.screenshot({ path: 'test-results/hostile-home-unreachable.png' });
  });
});

test.describe('downloads', () => {
  for (const backend of BACKENDS) {
    test(`${backend}: a download that stalls says so after the limit, and Try again loads the galaxy`, async ({ page }) => {
      await page.clock.install();
      const galaxy: FakeGalaxy = { positions: ring(500, 2000), hold: 'positions.bin' };
      const held = await serveGalaxy(page, 'stalls', galaxy);
      await page.goto(`/?renderer=${backend}#/galaxy/stalls?l=1`);
      await expect(page.getByTestId('progress')).toContainText('stalls: downloading');
      // The clock moves on only once positions.bin is asked for: the loader's watchdog runs from then
      // (the label says "downloading" as soon as the manifest is asked for, before the loader starts).
      await expect.poll(() => held.length).toBe(1);
      await page.clock.fastForward(31_000);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('The download of the galaxy “stalls” stalled: nothing arrived for 30 seconds');
      await expect(page.getByTestId('progress')).toHaveCount(0);
      await page.screenshot({ path: `test-results/hostile-stalled-${backend}.png` });

      galaxy.hold = undefined;
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByTestId('galaxy-stats')).toContainText('500');
      await waitForStars(page);
      expect(await litCanvasPixels(page, `hostile-after-retry-${backend}`)).toBeGreaterThan(200);
    });
  }

  test('going Home cancels the download in progress, so coming back downloads afresh', async ({ page }) => {
    const galaxy: FakeGalaxy = { positions: ring(500, 2000), hold: 'positions.bin' };
    await serveGalaxy(page, 'leaves', galaxy);
    const positionRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/leaves/v1/positions.bin')) positionRequests.push(request.url());
    });
    await page.goto('/?renderer=webgl2#/galaxy/leaves');
    await expect(page.getByTestId('progress')).toContainText('leaves: downloading');
    // The label names the manifest's download before positions.bin is asked for; the one held is what is in progress.
    await expect.poll(() => positionRequests.length).toBe(1);
    await page.evaluate(() => (location.hash = '#/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to the Internet, Commander');

    // Back to the same galaxy: a download still pending would be kept waiting for; a cancelled one starts again.
    galaxy.hold = undefined;
    await page.evaluate(() => (location.hash = '#/galaxy/leaves'));
    await expect(page.getByTestId('galaxy-stats')).toContainText('500');
    expect(positionRequests).toHaveLength(2);
  });
});

test.describe('camera and coordinates', () => {
  for (const backend of BACKENDS) {
    test(`${backend}: a camera beyond float32 in the address still shows the galaxy and never writes NaN`, async ({ page }) => {
      await serveGalaxy(page, 'far-camera', { positions: ring(2000, 3000) });
      await page.goto(`/?renderer=${backend}#/galaxy/far-camera?cx=1e308&cy=0&cz=0&lx=0&ly=0&lz=0&lw=1e308&l=0`);
      await waitForStars(page);
      await expect.poll(() => new URL(page.url()).hash).not.toContain('1e308');
      expect(new URL(page.url()).hash).not.toMatch(/NaN|Infinity/);
      const pose = await page.evaluate(() => window.galaxyScene!.getCamera());
      for (const value of [...pose.position, ...pose.orientation]) expect(Number.isFinite(value)).toBe(true);
      expect(await litCanvasPixels(page, `hostile-far-camera-${backend}`)).toBeGreaterThan(300);

      // The same address typed while the galaxy is open: the whole-galaxy view again, never NaN.
      await page.evaluate(() => (location.hash = '#/galaxy/far-camera?cx=-1e308&cy=1e308&cz=0&lx=0&ly=0&lz=0&lw=1&l=0'));
      await expect.poll(() => new URL(page.url()).hash).not.toContain('1e308');
      expect(new URL(page.url()).hash).not.toMatch(/NaN|Infinity/);
      const again = await page.evaluate(() => window.galaxyScene!.getCamera());
      for (const value of [...again.position, ...again.orientation]) expect(Number.isFinite(value)).toBe(true);
      expect(await litCanvasPixels(page, `hostile-far-camera-again-${backend}`)).toBeGreaterThan(300);
    });

    test(`${backend}: stars at ±2^31 get a data warning and do not push the galaxy out of view`, async ({ page }) => {
      const positions = ring(2000, 3000);
      positions.push([2 ** 31 - 1, 0, 0], [0, -(2 ** 31), 0], [0, 0, 2 ** 31 - 1]);
      await serveGalaxy(page, 'absurd', { positions });
      await page.goto(`/?renderer=${backend}#/galaxy/absurd`);
      await waitForStars(page);
      await expect(page.getByRole('status', { name: 'Data warnings' })).toContainText('1 problem in this galaxy’s files');
      await page.getByRole('status', { name: 'Data warnings' }).getByRole('button', { name: 'Details' }).click();
      await expect(page.getByRole('status', { name: 'Data warnings' })).toContainText(
        '3 stars have coordinates beyond ±16777216 (absurdly far out): the start view leaves them out',
      );
      expect(await litCanvasPixels(page, `hostile-absurd-${backend}`)).toBeGreaterThan(300);
    });
  }
});

test.describe('graphics device', () => {
  for (const backend of BACKENDS) {
    test(`${backend}: losses spread over a visit keep recovering; many in a row say the device was lost, with a retry`, async ({ page }) => {
      await page.clock.install();
      await serveGalaxy(page, 'lossy', { positions: ring(1000, 2000) });
      await page.goto(`/?renderer=${backend}#/galaxy/lossy`);
      await waitForStars(page);
      const loseAndRecover = async () => {
        const old = await canvasLocator(page).elementHandle();
        await page.evaluate(() => window.galaxyScene!.simulateDeviceLoss());
        await page.waitForFunction(
          (previous) => {
            const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-testid="galaxy-canvas"]');
            return !!canvas && canvas !== previous && window.galaxyScene?.canvas === canvas && window.galaxyScene.framesDrawn > 0;
          },
          old,
          { timeout: 30_000 },
        );
      };

      // Seven losses in one visit, each after a healthy while: every one is recovered.
      for (let i = 0; i < 7; i++) {
        await loseAndRecover();
        await page.clock.fastForward(11_000);
      }
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(canvasLocator(page)).toHaveAttribute('data-backend', backend);

      // Six in a row: the visitor is told the device was lost (never that WebGL is missing).
      for (let i = 0; i < 5; i++) await loseAndRecover();
      await page.evaluate(() => window.galaxyScene!.simulateDeviceLoss());
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('The graphics device was lost 6 times in a row and could not be recovered');
      await expect(page.getByText('Could not initialize WebGL')).toHaveCount(0);
      // On top of everything (the help overlay included), where the visitor can read it.
      const onTop = await alert.evaluate((panel) => {
        const box = panel.getBoundingClientRect();
        return panel.contains(document.elementFromPoint(box.left + box.width / 2, box.top + 20));
      });
      expect(onTop).toBe(true);
      await page.screenshot({ path: `test-results/hostile-device-lost-${backend}.png` });

      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await waitForStars(page);
      expect(await litCanvasPixels(page, `hostile-device-retry-${backend}`)).toBeGreaterThan(200);
    });
  }
});

test.describe('colon commands', () => {
  test('code typed after ":" is not run: the page keeps answering and says what went wrong', async ({ page }) => {
    await serveGalaxy(page, 'commands', { positions: ring(300, 2000) });
    await page.goto('/?renderer=webgl2#/galaxy/commands?l=1');
    await expect(page.getByTestId('galaxy-stats')).toContainText('300');
    const box = page.getByPlaceholder('enter a search term');
    const status = page.locator('.search-box__status');
    const attempts: Array<[string, string]> = [
      [':while(true){}', 'Unknown command "while": the commands are search, highlight, hl, links, cls, around'],
      [":fetch('/data/galaxies.json')", 'Unknown command "fetch"'],
      [':document.body.remove()', 'Unknown command "document"'],
      [":links('yes')", 'links takes true or false, not "yes"'],
    ];
    for (const [typed, message] of attempts) {
      await box.fill(typed);
      await box.press('Enter');
      await expect(status).toContainText(message);
      await expect(status).toHaveAttribute('role', 'alert');
    }
    // Still answering: a real command runs and the address follows.
    await box.fill(':links false');
    await box.press('Enter');
    await expect(status).toHaveText(':links false → false');
    await expect.poll(() => new URL(page.url()).hash).toContain('l=0');
  });
});
