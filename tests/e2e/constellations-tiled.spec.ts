import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { vec3 } from 'gl-matrix';
import { decodeCommunityStars, parseCommunitiesJson, starMemberships } from '../../src/communities/format';
import { Constellations } from '../../src/constellations/constellations';
import { constellationMembers, starConstellations } from '../../src/constellations/constellationMembers';
import { CONSTELLATION_PALETTE } from '../../src/constellations/palette';
import { presentConstellation } from '../../src/constellations/presentConstellation';
import type { CameraPose } from '../../src/scene/scene';
import { matchesCountText } from '../../src/search/searchStatusText';
import { drawnStarsSettled } from '../support/drawnStars';
import { E2E_TILED_DIR, npmLastVersion, TILED_NPM, TWO_VERSIONS } from '../support/e2eTiledGalaxies';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';
import { openTiles } from '../support/tiledFixtures';
import { attach, expectSamePicture, hueBands, hueDistance, hueOf, linkedCentre, rgbOf, starLight } from './constellationPixels';
import { canvasLocator, canvasPixels, galaxyUrl, openGalaxy, settle, type BackendName } from './renderSupport';

/**
 * Issue 26 on a TILED galaxy: npm tiled (its tiles carry each star's finest community) coloured by
 * constellation on both backends, c=0 as colour off, a tiled galaxy without communities as ever, and
 * the search limited to a constellation (docs/rules.md#search).
 */

const BACKENDS: BackendName[] = ['webgl2', 'webgpu'];
const SCALE = 1.75;
/** Every npm star drawn, whatever the adapter's default. */
const BUDGET = '&budget=250k';

function versionDir(): string {
  return path.join(E2E_TILED_DIR, TILED_NPM, npmLastVersion());
}

function communities() {
  const file = parseCommunitiesJson(readFileSync(path.join(versionDir(), 'communities.json'), 'utf8'));
  const finest = decodeCommunityStars(readFileSync(path.join(versionDir(), 'communities.bin')));
  const labels = (JSON.parse(readFileSync(path.join(versionDir(), 'labels.json'), 'utf8')) as unknown[]).map(String);
  return { file, finest, labels };
}

/** The tiled star number of each classic id (tiles renumber the stars). */
async function starOfClassic(): Promise<Uint32Array> {
  const reader = await openTiles(versionDir());
  const starOf = new Uint32Array(reader.index.stars);
  for (let t = 0; t < reader.hierarchy.tileCount; t++) {
    const tile = await reader.tile(t);
    for (let k = 0; k < tile.count; k++) starOf[tile.classicIds[k]] = tile.firstStar + k;
  }
  return starOf;
}

async function tilesAtRest(page: Page): Promise<void> {
  await drawnStarsSettled(page, 2_000, 120_000);
  await settle(page);
}

async function waitForConstellationColours(page: Page, shown: boolean): Promise<void> {
  await page.waitForFunction((want) => window.galaxyScene?.coloursByConstellation === want, shown, { timeout: 60_000 });
  await tilesAtRest(page);
}

test.describe('constellations on a tiled galaxy', () => {
  test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);

  for (const backend of BACKENDS) {
    test.describe(`${backend} backend`, () => {
      test('npm tiled coloured by constellation: many hues, two stars of two constellations in their hues', async ({ page }, info) => {
        test.setTimeout(240_000);
        const { file, finest } = communities();
        const top = file.levels.at(-1)!;
        await openGalaxy(page, galaxyUrl(backend, TILED_NPM) + BUDGET);
        await waitForConstellationColours(page, true);
        // Nearer the linked core (npm's unlinked stars, white, lie on a shell around it).
        const core = linkedCentre(top, SCALE);
        await page.evaluate((centre) => {
          const scene = window.galaxyScene!;
          const { position, orientation } = scene.getCamera();
          scene.setCamera({ position: position.map((p, k) => centre[k] + (p - centre[k]) * 0.3) as [number, number, number], orientation });
        }, core);
        await tilesAtRest(page);
        await attach(page, info, `${backend}-npm-tiled-constellations.png`);
        const { bands, coloured, lit } = hueBands(await canvasPixels(page));
        expect(coloured / lit).toBeGreaterThan(0.5);
        expect(bands.filter((count) => count > coloured * 0.01).length).toBeGreaterThanOrEqual(8);

        // Two constellations of far-apart hues, each by its most depended-on star, found by its tiled number.
        const membership = starMemberships(file, finest).at(-1)!;
        const positions = new Int32Array(readFileSync(path.join(versionDir(), 'positions.bin')).buffer.slice(0));
        const starOf = await starOfClassic();
        const picks: Array<{ classic: number; colour: number }> = [];
        for (let c = 0; c < top.count && picks.length < 2; c++) {
          if (c === top.unlinked || top.top[c].length === 0) continue;
          const classic = top.top[c][0];
          expect(membership[classic]).toBe(c);
          const colour = CONSTELLATION_PALETTE[top.colour![c]];
          if (picks.length === 1 && hueDistance(hueOf(rgbOf(picks[0].colour)).hue, hueOf(rgbOf(colour)).hue) < 90) continue;
          picks.push({ classic, colour });
        }
        expect(picks).toHaveLength(2);
        const seen: number[] = [];
        for (const { classic, colour } of picks) {
          const at3 = [0, 1, 2].map((k) => positions[classic * 3 + k] * SCALE);
          const pose: CameraPose = { position: [at3[0], at3[1], at3[2] + 400], orientation: [0, 0, 0, 1] };
          await page.evaluate((p) => window.galaxyScene!.setCamera(p), pose);
          const star = starOf[classic];
          await page.waitForFunction((id) => window.galaxyScene!.projectToClient(id) !== undefined, star, { timeout: 60_000 });
          await tilesAtRest(page);
          const at = (await page.evaluate((id) => window.galaxyScene!.projectToClient(id), star))!;
          const box = (await canvasLocator(page).boundingBox())!;
          const pixels = await canvasPixels(page);
          await attach(page, info, `${backend}-tiled-star-${star}.png`);
          const i = (Math.round(at.y - box.y) * pixels.width + Math.round(at.x - box.x)) * 4;
          const drawn = hueOf([pixels.data[i], pixels.data[i + 1], pixels.data[i + 2]]);
          expect(drawn.saturation).toBeGreaterThan(0.2);
          expect(hueDistance(drawn.hue, hueOf(rgbOf(colour)).hue)).toBeLessThan(15);
          seen.push(drawn.hue);
        }
        expect(hueDistance(seen[0], seen[1])).toBeGreaterThan(60);
      });

      test('npm tiled: c=0 draws the same picture as colour turned off with C', async ({ page }, info) => {
        test.setTimeout(240_000);
        await openGalaxy(page, `${galaxyUrl(backend, TILED_NPM)}${BUDGET}&c=0`);
        await page.waitForFunction(() => window.galaxyScene?.coloursByConstellation === false);
        await tilesAtRest(page);
        const off = await canvasPixels(page);
        await attach(page, info, `${backend}-npm-tiled-c0.png`);
        const { coloured, lit } = hueBands(off);
        expect(coloured / lit).toBeLessThan(0.01);

        await page.goto('about:blank');
        await openGalaxy(page, galaxyUrl(backend, TILED_NPM) + BUDGET);
        await waitForConstellationColours(page, true);
        await page.keyboard.press('KeyC');
        await waitForConstellationColours(page, false);
        const toggled = await canvasPixels(page);
        await attach(page, info, `${backend}-npm-tiled-C.png`);
        expectSamePicture(toggled, off);
      });

      test('a tiled galaxy without communities opens as ever: nothing asked for, every star white', async ({ page }, info) => {
        test.setTimeout(180_000);
        const requests: string[] = [];
        page.on('request', (request) => requests.push(request.url()));
        await openGalaxy(page, galaxyUrl(backend, TWO_VERSIONS));
        await tilesAtRest(page);
        await attach(page, info, `${backend}-tiled-plain.png`);
        expect(requests.filter((url) => /communities/.test(url))).toEqual([]);
        expect(await page.evaluate(() => window.galaxyScene!.coloursByConstellation)).toBe(false);
        const { coloured, lit } = hueBands(await canvasPixels(page));
        expect(lit).toBeGreaterThan(100);
        expect(coloured / lit).toBeLessThan(0.01);
      });
    });
  }

  test('npm tiled: a search limited to a constellation finds only its stars', async ({ page }) => {
    test.setTimeout(300_000);
    const { file, finest, labels } = communities();
    const constellations = new Constellations(file);
    const express = labels.indexOf('express');
    const [top] = starConstellations(constellations, finest[express]);
    const members = constellationMembers(constellations, (star) => finest[star], labels.length, top);
    const pattern = '^gulp';
    const matching = (star: number) => /^gulp/i.test(labels[star]);
    const all = labels.filter((_, star) => matching(star)).length;
    const insideNames = new Set(labels.filter((_, star) => members[star] === 1 && matching(star)));
    expect(insideNames.size).toBeGreaterThan(0);
    expect(insideNames.size).toBeLessThan(all);

    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(`/?renderer=webgl2#/galaxy/${TILED_NPM}?l=0${BUDGET}`);
    await expect(page.getByTestId('galaxy-stats')).toContainText('195,689 stars', { timeout: 240_000 });
    await page.keyboard.press('KeyK'); // hides the help
    const box = page.getByPlaceholder('enter a search term');
    const results = page.locator('[data-window-key="search-results"]');
    await box.fill('^express$');
    await results.getByRole('button', { name: 'express', exact: true }).click({ timeout: 60_000 });
    await expect(page.getByTestId('star-details')).toContainText('express');
    const { name, fullName } = presentConstellation(constellations, 'npm', top);
    await page.getByTestId('star-details').getByRole('button', { name: `Search in ${fullName}` }).click({ timeout: 60_000 });
    await expect(page.getByTestId('search-scope')).toContainText(`in ${name}`);
    await box.fill(pattern);
    await expect(results).toContainText(matchesCountText(insideNames.size), { timeout: 120_000 });
    // A few results, each a star of that constellation.
    const shown = await results.locator('button').allInnerTexts();
    const named = shown.map((text) => text.trim()).filter((text) => /^gulp/i.test(text));
    expect(named.length).toBeGreaterThan(Math.min(3, insideNames.size) - 1);
    for (const text of named.slice(0, 10)) expect(insideNames.has(text), text).toBe(true);
    await page.getByRole('button', { name: 'Search every star' }).click();
    await expect(page.getByTestId('search-scope')).toHaveCount(0);
    await expect(results).toContainText(matchesCountText(all), { timeout: 120_000 });
  });

  for (const backend of BACKENDS) {
    test(`npm tiled: the star details show express's constellations, and a click on one highlights it in pixels and flies to it (${backend})`, async ({ page }) => {
      test.setTimeout(300_000);
      const { file, finest, labels } = communities();
      const constellations = new Constellations(file);
      const express = labels.indexOf('express');
      const refs = starConstellations(constellations, finest[express]);
      const members = constellationMembers(constellations, (star) => finest[star], labels.length, refs[0]);
      const starOf = await starOfClassic();

      await page.setViewportSize({ width: 1024, height: 700 });
      await page.goto(`/?renderer=${backend}#/galaxy/${TILED_NPM}?l=0${BUDGET}`);
      await expect(page.getByTestId('galaxy-stats-streaming')).toBeAttached({ timeout: 240_000 });
      await page.keyboard.press('KeyK'); // hides the help
      const results = page.locator('[data-window-key="search-results"]');
      await page.getByPlaceholder('enter a search term').fill('^express$');
      await results.getByRole('button', { name: 'express', exact: true }).click({ timeout: 60_000 });
      const list = page.getByTestId('star-constellations');
      const buttons = list.locator('.constellation-button');
      await expect(buttons).toHaveCount(refs.length, { timeout: 60_000 });
      for (let i = 0; i < refs.length; i++) await expect(buttons.nth(i)).toHaveAttribute('title', presentConstellation(constellations, 'npm', refs[i]).fullName);

      const top = file.levels[refs[0].level];
      const centre = [0, 1, 2].map((k) => top.centre[3 * refs[0].id + k] * SCALE);
      const lookAway = (pose: CameraPose) => {
        const forward = vec3.transformQuat(vec3.create(), [0, 0, -1], pose.orientation);
        const toCentre = vec3.sub(vec3.create(), centre as [number, number, number], pose.position);
        return (vec3.angle(forward, toCentre) * 180) / Math.PI;
      };
      const before = await page.evaluate(() => window.galaxyScene!.getCamera());
      await buttons.first().click();
      await expect(buttons.first()).toHaveAttribute('aria-pressed', 'true');
      // The flight ends looking at the constellation's centre, no further from it than it began.
      await expect.poll(() => page.evaluate(() => window.galaxyScene!.getCamera()).then(lookAway), { timeout: 60_000 }).toBeLessThan(2);
      await page.waitForFunction(() => !window.galaxyScene!.isCameraAnimating(), null, { timeout: 60_000 });
      const after = await page.evaluate(() => window.galaxyScene!.getCamera());
      console.log(`${backend} tiled flight: ${lookAway(before).toFixed(1)}° → ${lookAway(after).toFixed(1)}° off the constellation's centre`);
      expect(lookAway(after)).toBeLessThan(2);
      expect(vec3.distance(after.position, centre as [number, number, number])).toBeLessThanOrEqual(vec3.distance(before.position, centre as [number, number, number]) + 1);

      // In pixels, names hidden: the constellation's stars keep their light, every other star dims.
      await canvasLocator(page).focus();
      await page.keyboard.press('n');
      await tilesAtRest(page);
      const highlighted = await starLight(page, members, undefined, (classic) => starOf[classic]);
      await page.keyboard.press('Escape');
      await expect(list.locator('.constellation-button[aria-pressed="true"]')).toHaveCount(0);
      await tilesAtRest(page);
      const plain = await starLight(page, members, highlighted.sampled);
      console.log(`${backend} tiled highlight: members ${highlighted.members} against ${plain.members} plain, others ${highlighted.others} against ${plain.others} plain (${highlighted.sampled.length} places)`);
      expect(highlighted.members).toBeGreaterThanOrEqual(plain.members * 0.8);
      expect(highlighted.others).toBeLessThanOrEqual(plain.others * 0.5);
    });
  }
});

