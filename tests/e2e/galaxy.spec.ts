import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { Graph } from '../../src/data/graph';
import { decodeGalaxy } from '../../src/data/wire/decodeGalaxy';
import { haveSharedGalaxies, sharedGalaxiesDir, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';
import { animationFrames, cameraSettled, pressesSettled, pressSettledAfter, SCREEN_RENDERER } from './pageEvents';

/** A real galaxy decoded in Node, to know what the page should say about it. */
function loadShared(name: string): Graph {
  const folder = path.join(sharedGalaxiesDir, name);
  const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as { last: string };
  const read = (file: string) => {
    const bytes = readFileSync(path.join(folder, manifest.last, file));
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  };
  return new Graph(
    decodeGalaxy({
      name,
      version: manifest.last,
      positions: read('positions.bin'),
      links: read('links.bin'),
      labels: readFileSync(path.join(folder, manifest.last, 'labels.json'), 'utf8'),
      scale: 1.75,
    }),
  );
}

const count = (n: number) => n.toLocaleString('en-US');
const searchBox = (page: Page) => page.getByPlaceholder('enter a search term');

async function openGalaxy(page: Page, name: string, query = ''): Promise<void> {
  await page.goto(`/?renderer=${SCREEN_RENDERER}#/galaxy/${name}${query ? `?${query}` : ''}`);
  await expect(page.getByTestId('galaxy-stats')).toBeVisible({ timeout: 60_000 });
  await page.waitForFunction(() => (window.galaxyScene?.framesDrawn ?? 0) > 0, null, { timeout: 60_000 });
}

async function camera(page: Page) {
  return page.evaluate(() => window.galaxyScene!.getCamera());
}

/** Waits until no fly-to animation runs. */
async function cameraAtRest(page: Page): Promise<void> {
  await page.waitForFunction(() => window.galaxyScene && !window.galaxyScene.isCameraAnimating());
}

/** The star's position on screen, waiting until it is in front of the camera. */
async function onScreen(page: Page, id: number): Promise<{ x: number; y: number }> {
  const handle = await page.waitForFunction((star) => window.galaxyScene?.projectToClient(star), id);
  return (await handle.jsonValue()) as { x: number; y: number };
}

function addressParams(page: Page): URLSearchParams {
  const hash = new URL(page.url()).hash;
  return new URLSearchParams(hash.slice(hash.indexOf('?') + 1));
}

/** Searches, clicks the result named `label` and waits until the camera stopped by that star. */
async function focusByName(page: Page, label: string): Promise<void> {
  await searchBox(page).fill(label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const results = page.locator('[data-window-key="search-results"]');
  await results.getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByTestId('star-details')).toContainText(label);
  await cameraAtRest(page);
}

test.describe('the galaxy screen over real galaxies', () => {
  test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);

  test('opens from Home and writes the view into the address', async ({ page }) => {
    await page.goto(`/?renderer=${SCREEN_RENDERER}#/`);
    const cards = page.getByRole('list', { name: 'Galaxies' }).getByRole('link');
    await expect(cards.first()).toBeVisible();
    // Elm when Home offers it (the shared galaxies), else the first galaxy of the data root.
    const elmCard = page.getByRole('list', { name: 'Galaxies' }).locator('a[href="#/galaxy/elm"]');
    const card = (await elmCard.count()) > 0 ? elmCard : cards.first();
    const href = (await card.getAttribute('href'))!;
    const name = decodeURIComponent(href.replace('#/galaxy/', '').split('?')[0]);
    const manifest = await page.evaluate(async (galaxy) => {
      const response = await fetch(`/data/${encodeURIComponent(galaxy)}/manifest.json`);
      return (await response.json()) as { last: string };
    }, name);
    await card.click();
    await expect(page.getByTestId('galaxy-stats')).toContainText(name, { timeout: 60_000 });
    if (name === 'elm') await expect(page.getByTestId('galaxy-stats')).toContainText(`${count(loadShared('elm').starCount)} stars`);
    await expect
      .poll(() => page.url())
      .toMatch(new RegExp(`#/galaxy/${href.replace('#/galaxy/', '').split('?')[0]}\\?cx=-?\\d+&cy=-?\\d+&cz=-?\\d+&lx=.*&v=${manifest.last}`));
    // The page's own query before the hash is left as it was.
    expect(new URL(page.url()).search).toBe(`?renderer=${SCREEN_RENDERER}`);
    // The router keeps its _k key in the history entry, not in the address.
    expect(await page.evaluate(() => (history.state as { _k?: string } | null)?._k)).toMatch(/^\w+$/);
    expect(page.url()).not.toContain('_k=');
    await expect(page.getByTestId('help-overlay')).toBeVisible();
    await expect(page.getByRole('link', { name: 'About...' })).toHaveAttribute('target', '_blank');
  });

  test('search lists the matches with their count, and clicking one flies to it and selects it', async ({ page }) => {
    const elm = loadShared('elm');
    await openGalaxy(page, 'elm');
    const pattern = 'ELM/HTTP';
    const expected = elm.labels.filter((label) => /elm\/http/i.test(label));
    expect(expected.length).toBeGreaterThan(0);
    await searchBox(page).fill(pattern);
    const results = page.locator('[data-window-key="search-results"]');
    await expect(results).toContainText(`${count(expected.length)} ${expected.length === 1 ? 'match' : 'matches'}`);
    const before = await camera(page);

    const target = expected[0];
    const id = elm.findByName(target);
    await results.getByRole('button', { name: target, exact: true }).click();
    const details = page.getByTestId('star-details');
    await expect(details).toContainText(target);
    await expect(details.getByTestId('degree-in')).toContainText(`${count(elm.inDegree(id))} dependent`);
    await expect(details.getByTestId('degree-out')).toContainText(`${count(elm.outDegree(id))} dependenc`);
    await cameraAtRest(page);
    const after = await camera(page);
    expect(after.position).not.toEqual(before.position);
    const [sx, sy, sz] = elm.position(id);
    const distance = Math.hypot(after.position[0] - sx, after.position[1] - sy, after.position[2] - sz);
    expect(distance).toBeGreaterThan(90);
    expect(distance).toBeLessThan(110);

    // A pattern that matches nothing closes the window; an invalid one matches nothing.
    await searchBox(page).fill('no such package anywhere');
    await expect(results).toHaveCount(0);
    await searchBox(page).fill('elm/(');
    await expect(results).toHaveCount(0);
  });

  test('hovering a star shows its name and degrees; a click selects it with the degrees of the data', async ({ page }) => {
    const elm = loadShared('elm');
    await openGalaxy(page, 'elm');
    const label = 'elm/json@1.1.3';
    const id = elm.findByName(label);
    expect(id).toBeGreaterThanOrEqual(0);
    await focusByName(page, label);
    await page.getByTestId('star-details').getByRole('button', { name: /close/i }).click().catch(() => undefined);

    const star = await onScreen(page, id);
    await page.mouse.move(star.x - 40, star.y - 40);
    await page.mouse.move(star.x, star.y, { steps: 4 });
    const tooltip = page.getByTestId('hover-tooltip');
    await expect(tooltip).toContainText(label);
    await expect(tooltip.getByTestId('hover-in')).toHaveText(count(elm.inDegree(id)));
    await expect(tooltip.getByTestId('hover-out')).toHaveText(count(elm.outDegree(id)));
    const box = await tooltip.boundingBox();
    expect(Math.round(box!.x)).toBe(Math.round(star.x + 20));
    expect(Math.round(box!.y)).toBe(Math.round(star.y - 35));

    await page.mouse.down();
    await page.mouse.up();
    const details = page.getByTestId('star-details');
    await expect(details).toContainText(label);
    await expect(details.getByTestId('degree-in')).toContainText(count(elm.inDegree(id)));
    await expect(details.getByTestId('degree-out')).toContainText(count(elm.outDegree(id)));
  });

  test('a double click flies to the star and then selects it', async ({ page }) => {
    const elm = loadShared('elm');
    await openGalaxy(page, 'elm');
    const label = 'elm/json@1.1.3';
    const id = elm.findByName(label);
    await focusByName(page, label);
    await page.getByTestId('star-details').getByRole('button', { name: /close/i }).click();
    await expect(page.getByTestId('star-details')).toHaveCount(0);
    // Back away so the star is far, then double-click it.
    const [sx, sy, sz] = elm.position(id);
    await page.keyboard.down('KeyS');
    await page.waitForFunction(([x, y, z]) => {
      const p = window.galaxyScene!.getCamera().position;
      return Math.hypot(p[0] - x, p[1] - y, p[2] - z) > 250;
    }, [sx, sy, sz] as const);
    await page.keyboard.up('KeyS');
    await cameraSettled(page);
    const far = await camera(page);
    expect(Math.hypot(far.position[0] - sx, far.position[1] - sy, far.position[2] - sz)).toBeGreaterThan(200);
    const star = await onScreen(page, id);
    await page.mouse.dblclick(star.x, star.y);
    await expect(page.getByTestId('star-details')).toContainText(label);
    await cameraAtRest(page);
    const near = await camera(page);
    expect(Math.hypot(near.position[0] - sx, near.position[1] - sy, near.position[2] - sz)).toBeLessThan(110);
  });

  test('a version missing from the manifest falls back to the last one; an edited version downloads again', async ({ page }) => {
    const manifestRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/data/elm/manifest.json')) manifestRequests.push(request.url());
    });
    await openGalaxy(page, 'elm', 'l=1&v=1999-01-01');
    await expect.poll(() => addressParams(page).get('v')).toBe('2020-02-21T00-00-00Z');
    const before = manifestRequests.length;
    await page.evaluate(() => {
      location.hash = location.hash.replace(/v=[^&]*/, 'v=2001-01-01');
    });
    await expect.poll(() => manifestRequests.length).toBeGreaterThan(before);
    await expect(page.getByTestId('galaxy-stats')).toBeVisible({ timeout: 60_000 });
    await expect.poll(() => addressParams(page).get('v')).toBe('2020-02-21T00-00-00Z');
  });

  test('colon commands highlight, toggle links, clear and orbit', async ({ page }) => {
    const elm = loadShared('elm');
    await openGalaxy(page, 'elm', 'l=1');
    const box = searchBox(page);
    const status = page.locator('.search-box__status');
    const official = elm.labels.filter((label) => /^elm\//i.test(label)).length;
    await box.fill(':hl ^elm/ #ff0000');
    await box.press('Enter');
    await expect(status).toHaveText(`:hl ^elm/ #ff0000 → ${official}`);
    await box.fill(':links()');
    await box.press('Enter');
    await expect(status).toHaveText(':links() → false');
    await expect.poll(() => addressParams(page).get('l')).toBe('0');
    await box.fill(':cls()');
    await box.press('Enter');
    await expect(status).toHaveText(':cls() → done');
    await box.fill(':nonsense(');
    await box.press('Enter');
    await expect(status).toHaveAttribute('role', 'alert');

    await box.fill(':around(0, 500)');
    await box.press('Enter');
    await expect(status).toContainText('Orbiting');
    const [cx, , cz] = elm.position(0);
    // The orbit has reached its circle, and goes on around it.
    await page.waitForFunction(([x, z]) => {
      const p = window.galaxyScene!.getCamera().position;
      return Math.abs(Math.hypot(p[0] - x, p[2] - z) - 500) < 0.5;
    }, [cx, cz] as const);
    const first = await camera(page);
    await expect.poll(async () => (await camera(page)).position).not.toEqual(first.position);
    const second = await camera(page);
    for (const pose of [first, second]) expect(Math.hypot(pose.position[0] - cx, pose.position[2] - cz)).toBeCloseTo(500, 0);
    // Any key stops the orbit: the frames after it leave the camera where it was.
    await box.blur();
    await page.keyboard.press('KeyK');
    const stopped = await camera(page);
    await animationFrames(page, 10);
    expect((await camera(page)).position).toEqual(stopped.position);
  });

  test('a degree figure lists the connected stars, and clicking one flies there', async ({ page }) => {
    const elm = loadShared('elm');
    await openGalaxy(page, 'elm');
    const label = 'elm/json@1.1.3';
    const id = elm.findByName(label);
    await focusByName(page, label);
    await page.getByTestId('star-details').getByTestId('degree-in').click();
    const list = page.locator('[data-window-key="degree"]');
    await expect(list).toContainText(`${label} has ${count(elm.inDegree(id))} dependents`);
    const neighbour = elm.label(elm.inNeighbours(id)[0]);
    const neighbourId = elm.inNeighbours(id)[0];
    await list.getByRole('button', { name: neighbour, exact: true }).click();
    await expect(page.getByTestId('star-details')).toContainText(neighbour);
    await cameraAtRest(page);
    const pose = await camera(page);
    const [nx, ny, nz] = elm.position(neighbourId);
    expect(Math.hypot(pose.position[0] - nx, pose.position[1] - ny, pose.position[2] - nz)).toBeLessThan(110);
  });

  test('L toggles links and H toggles the help; other keys hide it', async ({ page }) => {
    await openGalaxy(page, 'cran', 'l=1');
    const help = page.getByTestId('help-overlay');
    await expect(help).toBeVisible();
    await page.keyboard.press('KeyH');
    await expect(help).toBeHidden();
    await page.keyboard.press('Shift+Slash');
    await expect(help).toBeVisible();
    await page.keyboard.press('KeyK');
    await expect(help).toBeHidden();
    await page.keyboard.press('KeyH');
    await expect(help).toBeVisible();
    await page.mouse.move(500, 600);
    await page.mouse.wheel(0, 100);
    await expect(help).toBeHidden();

    await expect.poll(() => addressParams(page).get('l')).toBe('1');
    await page.keyboard.press('KeyL');
    await expect.poll(() => addressParams(page).get('l')).toBe('0');
    // Ctrl+L leaves the links as they are: had it toggled them, the L after it would hide them again.
    await page.keyboard.press('Control+KeyL');
    await page.keyboard.press('KeyL');
    await expect.poll(() => addressParams(page).get('l')).toBe('1');

    await page.keyboard.press('Space');
    await expect(page.getByTestId('steering-overlay')).toHaveText('Press SPACE to deactivate steering mode');
    // While steering, the pointer's offset from the centre turns the camera.
    const before = await camera(page);
    await page.mouse.move(900, 350, { steps: 3 });
    await expect.poll(async () => (await camera(page)).orientation).not.toEqual(before.orientation);
    await page.keyboard.press('Space');
    await expect(page.getByTestId('steering-overlay')).toHaveCount(0);
  });

  test('flying with W moves the camera; a reload lands on the same view', async ({ page }) => {
    await openGalaxy(page, 'brew');
    const start = await camera(page);
    await page.keyboard.down('KeyW');
    await page.waitForFunction((z) => window.galaxyScene!.getCamera().position[2] < z - 10, start.position[2]);
    await page.keyboard.up('KeyW');
    await page.keyboard.press('ArrowLeft');
    await cameraSettled(page);
    const moved = await camera(page);
    expect(moved.position[2]).toBeLessThan(start.position[2]);
    await expect.poll(() => Number(addressParams(page).get('cz'))).toBe(Math.round(moved.position[2]));
    const saved = addressParams(page);

    await page.reload();
    await expect(page.getByTestId('galaxy-stats')).toBeVisible({ timeout: 60_000 });
    await page.waitForFunction(() => (window.galaxyScene?.framesDrawn ?? 0) > 0);
    const restored = await camera(page);
    expect(restored.position.map(Math.round)).toEqual(['cx', 'cy', 'cz'].map((key) => Number(saved.get(key))));
    restored.orientation.forEach((value, i) => expect(value).toBeCloseTo(Number(saved.get(['lx', 'ly', 'lz', 'lw'][i])), 3));
  });

  test('back and forward move the camera and links to each address', async ({ page }) => {
    await openGalaxy(page, 'elm', 'cx=0&cy=0&cz=3000&lx=0&ly=0&lz=0&lw=1&l=1');
    expect((await camera(page)).position).toEqual([0, 0, 3000]);
    await page.evaluate(() => {
      location.hash = '#/galaxy/elm?cx=100&cy=200&cz=1500&lx=0&ly=0.3827&lz=0&lw=0.9239&l=0';
    });
    await expect.poll(async () => (await camera(page)).position).toEqual([100, 200, 1500]);
    await page.goBack();
    await expect.poll(async () => (await camera(page)).position).toEqual([0, 0, 3000]);
    await expect.poll(() => addressParams(page).get('l')).toBe('1');
    await page.goForward();
    await expect.poll(async () => (await camera(page)).position).toEqual([100, 200, 1500]);
    await expect.poll(() => addressParams(page).get('l')).toBe('0');
    expect(await page.getByTestId('galaxy-stats').textContent()).toContain('elm');
  });
});

test.describe('pointer and touch flight', () => {
  test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);

  test('dragging turns the camera without moving it or selecting a star', async ({ page }) => {
    await openGalaxy(page, 'elm');
    const before = await camera(page);
    const presses = await pressesSettled(page);
    await page.mouse.move(500, 350);
    await page.mouse.down();
    await page.mouse.move(650, 380, { steps: 8 });
    await page.mouse.up();
    // Once the controls have decided the press was a drag, nothing more will come of it.
    await pressSettledAfter(page, presses);
    const after = await camera(page);
    expect(after.position).toEqual(before.position);
    expect(after.orientation).not.toEqual(before.orientation);
    await expect(page.getByTestId('star-details')).toHaveCount(0);
  });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true });

    test('no help on load; one finger flies forward, two fly back; tilting turns the camera', async ({ page }) => {
      await openGalaxy(page, 'elm');
      await expect(page.getByTestId('help-overlay')).toHaveCount(0);
      const cdp = await page.context().newCDPSession(page);
      const forwardOf = (pose: { orientation: number[] }) => {
        const [x, y, z, w] = pose.orientation;
        // The camera's -Z axis rotated by its orientation.
        return [-(2 * (x * z + w * y)), -(2 * (y * z - w * x)), -(1 - 2 * (x * x + y * y))];
      };
      const along = (from: { position: number[] }, to: { position: number[] }, direction: number[]) =>
        direction.reduce((sum, d, i) => sum + d * (to.position[i] - from.position[i]), 0);

      const movedFrom = (from: { position: number[] }) =>
        page.waitForFunction((p) => window.galaxyScene!.getCamera().position.some((v, i) => Math.abs(v - p[i]) > 1), from.position);

      const start = await camera(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 500, y: 400 }] });
      await movedFrom(start);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cameraSettled(page);
      const forward = await camera(page);
      expect(along(start, forward, forwardOf(start))).toBeGreaterThan(0);

      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [
          { x: 400, y: 400, id: 1 },
          { x: 600, y: 400, id: 2 },
        ],
      });
      await movedFrom(forward);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cameraSettled(page);
      const back = await camera(page);
      expect(along(forward, back, forwardOf(forward))).toBeLessThan(0);

      await page.evaluate(() => {
        dispatchEvent(new DeviceOrientationEvent('deviceorientation', { alpha: 0, beta: 90, gamma: 0 }));
        dispatchEvent(new DeviceOrientationEvent('deviceorientation', { alpha: 40, beta: 90, gamma: 0 }));
      });
      const tilted = await camera(page);
      expect(tilted.orientation).not.toEqual(back.orientation);
      expect(tilted.position).toEqual(back.position);
    });
  });
});
