import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { decodeLinks } from '../../src/data/wire/links';
import { decodePositions } from '../../src/data/wire/positions';
import type { PlacedLabel } from '../../src/labels/starLabels';
import { haveSharedGalaxies, sharedGalaxiesDir, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';
import { changedIn, expectNamesBesideTheirStars, settledNames, whole } from './namesSupport';
import { canvasLocator, canvasPixels, galaxyUrl, openGalaxy, predictScreen, settle, type BackendName } from './renderSupport';

test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);

const BACKENDS: BackendName[] = ['webgl2', 'webgpu'];
const GALAXY = 'elm';

/** Positions (scale 1.75, as the viewer draws them), names and in-degrees read from the files, independently of the page. */
function readGalaxy(name: string) {
  const folder = path.join(sharedGalaxiesDir, name);
  const { last } = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as { last: string };
  const file = (f: string) => {
    const bytes = readFileSync(path.join(folder, last, f));
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  };
  const { positions, nodeCount } = decodePositions(file('positions.bin'), 1.75);
  const { inOffsets } = decodeLinks(file('links.bin'), nodeCount);
  const labels = JSON.parse(readFileSync(path.join(folder, last, 'labels.json'), 'utf8')) as string[];
  const inDegree = (id: number) => inOffsets[id + 1] - inOffsets[id];
  return { positions, nodeCount, labels, inDegree };
}

for (const backend of BACKENDS) {
  test.describe(`star names (${backend})`, () => {
    test('the biggest stars in view are named beside their pixels, no two names overlap, N and n=0 turn names off', async ({ page }) => {
      const galaxy = readGalaxy(GALAXY);
      await openGalaxy(page, `/?renderer=${backend}#/galaxy/${GALAXY}?l=0&n=0`);
      await settle(page);
      const pose = await page.evaluate(() => window.galaxyScene!.getCamera());
      const without = await canvasPixels(page);
      expect(await page.evaluate(() => window.galaxyScene!.namedStars().length)).toBe(0);

      await openGalaxy(page, galaxyUrl(backend, GALAXY, pose, false, true));
      const names = await settledNames(page);
      const withNames = await canvasPixels(page);
      const box = (await canvasLocator(page).boundingBox())!;

      // The biggest stars in view (by in-degree, projected here with the camera (docs/rules.md#renderer)) are named.
      const biggest = Array.from({ length: galaxy.nodeCount }, (_, id) => id)
        .filter((id) => {
          const p = predictScreen(pose, [galaxy.positions[id * 3], galaxy.positions[id * 3 + 1], galaxy.positions[id * 3 + 2]], box.width, box.height);
          return p && p.x > 0 && p.y > 0 && p.x < box.width && p.y < box.height;
        })
        .sort((a, b) => galaxy.inDegree(b) - galaxy.inDegree(a))
        .slice(0, 3);
      for (const id of biggest) {
        const label = names.find((n) => n.id === id);
        expect(label, `${galaxy.labels[id]} is named`).toBeDefined();
        expect(label!.text).toBe(galaxy.labels[id]);
      }

      // Beside the pixels each star is drawn at, projected here with the camera (docs/rules.md#renderer).
      const starAt = (label: PlacedLabel) => predictScreen(pose, [galaxy.positions[label.id * 3], galaxy.positions[label.id * 3 + 1], galaxy.positions[label.id * 3 + 2]], box.width, box.height)!;
      expectNamesBesideTheirStars(names, starAt, without, withNames);

      // N hides them: the picture is again the one without names, and the address keeps n=0.
      await canvasLocator(page).focus();
      await page.keyboard.press('n');
      await page.waitForFunction(() => window.galaxyScene!.namedStars().length === 0);
      const hidden = await canvasPixels(page);
      expect(changedIn(without, hidden, whole(without), 24)).toBeLessThan(40);
      await expect.poll(() => page.url()).toContain('n=0');
      // And N shows them again.
      await page.keyboard.press('n');
      expect((await settledNames(page)).length).toBeGreaterThan(0);
    });

    test('the hovered and the selected star are always named; the accessible list selects a star', async ({ page }) => {
      await openGalaxy(page, `/?renderer=${backend}#/galaxy/${GALAXY}?l=0`);
      const names = await settledNames(page);
      const box = (await canvasLocator(page).boundingBox())!;
      // A star that has no name now and is the one picked under its own pixel.
      const target = await page.evaluate(([named]) => {
        const scene = window.galaxyScene!;
        for (let id = 0; ; id++) {
          const at = scene.projectToClient(id);
          if (!scene.starPosition(id)) return undefined;
          if (!at || named.includes(id) || at.x < 50 || at.y < 50 || at.x > innerWidth - 50 || at.y > innerHeight - 50) continue;
          if (scene.pick(at.x, at.y) === id) return { id, ...at };
        }
      }, [names.map((n) => n.id)] as const);
      expect(target).toBeDefined();
      await page.mouse.move(target!.x, target!.y);
      await expect.poll(() => page.evaluate((id) => window.galaxyScene!.namedStars().some((n) => n.id === id), target!.id), { timeout: 15_000 }).toBe(true);
      await page.mouse.click(target!.x, target!.y);
      await expect(page.getByTestId('star-details')).toBeAttached();
      await page.mouse.move(box.x + 5, box.y + box.height - 5);
      await page.mouse.move(box.x + 2, box.y + box.height - 2);
      await expect.poll(() => page.evaluate(() => window.galaxyScene!.namedStars().length), { timeout: 15_000 }).toBeGreaterThan(0);
      await settle(page);
      expect(await page.evaluate((id) => window.galaxyScene!.namedStars().some((n) => n.id === id), target!.id)).toBe(true);

      // The visually hidden list: one button per named star, and pressing one selects that star.
      // (Panels were hidden for the pixels above; a hidden button could not take the focus.)
      await page.evaluate(() => document.querySelectorAll('style').forEach((s) => s.textContent?.includes('visibility: hidden !important') && s.remove()));
      const list = page.getByRole('navigation', { name: 'Named stars in view' });
      await expect(list.getByRole('button').first()).toBeAttached();
      const other = names.find((n) => n.id !== target!.id)!;
      const button = list.locator(`button[data-star-id="${other.id}"]`);
      await expect(button).toHaveText(other.name);
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('star-details')).toContainText(other.name);
    });
  });
}

test('a name written in markup is drawn as text', async ({ page }) => {
  for (const backend of BACKENDS) {
    await openGalaxy(page, `/?renderer=${backend}#/galaxy/damaged?l=0`);
    await page.evaluate(() => window.galaxyScene!.setSelected(3));
    await expect.poll(() => page.evaluate(() => window.galaxyScene!.namedStars().find((n) => n.id === 3)?.text)).toBe('<b>bold</b> star');
    await expect(page.getByTestId('named-stars').locator('button[data-star-id="3"]')).toHaveText('<b>bold</b> star');
    await expect(page.getByTestId('named-stars').locator('b')).toHaveCount(0);
  }
});
