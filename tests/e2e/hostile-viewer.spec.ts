import { expect, test, type Page, type Route } from '@playwright/test';
import { linksBin, positionsBin } from '../support/wireFixtures';

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
  /** A file whose request is held open forever (the host never answers). */
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
