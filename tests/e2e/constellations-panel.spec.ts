import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { decodeCommunityStars, parseCommunitiesJson, type CommunitiesJson } from '../../src/communities/format';
import { Constellations } from '../../src/constellations/constellations';
import { constellationMembers, starConstellations } from '../../src/constellations/constellationMembers';
import { constellationsInView } from '../../src/constellations/constellationsInView';
import { presentConstellation } from '../../src/constellations/presentConstellation';
import { matchesCountText } from '../../src/search/searchStatusText';
import { E2E_TILED_DIR } from '../support/e2eTiledGalaxies';
import { NPM_WITH_COMMUNITIES } from '../support/e2eTiledGalaxies';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';
import { cameraSettled, SCREEN_RENDERER } from './pageEvents';
import { starLight } from './constellationPixels';
import { canvasLocator, NPM_WHOLE_GRAPH, statsLine, type BackendName } from './renderSupport';

/**
 * docs/rules.md#panels and #search: the Constellations panel, the star details' constellations and
 * the search limited to one, on a classic copy of npm with its communities (written by globalSetup),
 * and npm itself, which has none and opens as before.
 */

/** Far out on +Z looking at the galaxy's middle (the identity orientation looks down -Z): the whole of npm in view. */
const FAR_POSE = { position: [0, 0, 9000] as [number, number, number], orientation: [0, 0, 0, 1] as [number, number, number, number] };
const SCALE = 1.75;
const VIEWPORT = { width: 1024, height: 700 };
/** The panel's and the details' highlight are drawn by each backend: both are checked (docs/rules.md#panels). */
const BACKENDS: BackendName[] = ['webgl2', 'webgpu'];

function communitiesCopy(): { file: CommunitiesJson; finest: Uint32Array; labels: string[] } {
  const dir = path.join(E2E_TILED_DIR, NPM_WITH_COMMUNITIES);
  const { last } = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { last: string };
  const file = parseCommunitiesJson(readFileSync(path.join(dir, last, 'communities.json'), 'utf8'));
  const finest = decodeCommunityStars(readFileSync(path.join(dir, last, 'communities.bin')));
  const labels = (JSON.parse(readFileSync(path.join(dir, last, 'labels.json'), 'utf8')) as unknown[]).map(String);
  return { file, finest, labels };
}

async function openGalaxy(page: Page, name: string, query = '', backend: BackendName = SCREEN_RENDERER): Promise<void> {
  await page.setViewportSize(VIEWPORT);
  await page.goto(`/?renderer=${backend}#/galaxy/${name}${query ? `?${query}` : ''}`);
  await expect(statsLine(page)).toHaveText(NPM_WHOLE_GRAPH, { timeout: 240_000 });
  await page.keyboard.press('KeyK'); // hides the help
}

/** Selects a star by its exact name through the search results, as a visitor would. */
async function selectByName(page: Page, name: string): Promise<void> {
  await page.getByPlaceholder('enter a search term').fill(`^${name}$`);
  const results = page.locator('[data-window-key="search-results"]');
  await results.getByRole('button', { name, exact: true }).click();
  await expect(page.getByTestId('star-details')).toContainText(name);
}

const farQuery = `cx=${FAR_POSE.position[0]}&cy=${FAR_POSE.position[1]}&cz=${FAR_POSE.position[2]}&lx=0&ly=0&lz=0&lw=1&s=${SCALE}`;

test.describe('constellations on the galaxy screen', () => {
  test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);
  test.setTimeout(300_000);

  test('a galaxy without communities has no Constellations panel and no constellation in its details', async ({ page }) => {
    await openGalaxy(page, 'npm');
    await selectByName(page, 'express');
    await expect(page.getByTestId('star-details')).toBeVisible();
    await expect(page.getByTestId('star-constellations')).toHaveCount(0);
    await expect(page.getByTestId('constellations-panel')).toHaveCount(0);
    await expect(page.getByTestId('search-scope')).toHaveCount(0);
  });

  for (const backend of BACKENDS) test(`the panel lists the biggest constellations in view; a click highlights one and flies to it, again or Escape clears (${backend})`, async ({ page }) => {
    const { file } = communitiesCopy();
    const constellations = new Constellations(file);
    await openGalaxy(page, NPM_WITH_COMMUNITIES, farQuery, backend);
    const expected = constellationsInView(constellations.levels, { pose: FAR_POSE, aspect: VIEWPORT.width / VIEWPORT.height, scale: SCALE });
    const names = expected.ids.map((id) => presentConstellation(constellations, 'npm', { level: expected.level, id }).fullName);
    const panel = page.getByTestId('constellations-panel');
    const rows = panel.locator('.constellation-button');
    await expect(rows).toHaveCount(names.length, { timeout: 60_000 });
    for (let i = 0; i < names.length; i++) await expect(rows.nth(i)).toHaveAttribute('title', names[i]);

    // Not under the search box nor over the stats line.
    const box = (await panel.boundingBox())!;
    const search = (await page.getByRole('search').boundingBox())!;
    const stats = (await statsLine(page).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(search.y + search.height);
    expect(box.y + box.height).toBeLessThanOrEqual(stats.y);

    const before = await page.evaluate(() => window.galaxyScene!.getCamera().position);
    await rows.nth(1).click();
    await expect(rows.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await cameraSettled(page);
    const after = await page.evaluate(() => window.galaxyScene!.getCamera().position);
    const ref = { level: expected.level, id: expected.ids[1] };
    const level = file.levels[ref.level];
    const centre = [0, 1, 2].map((k) => level.centre[3 * ref.id + k] * SCALE);
    // The flight ends nearer the constellation's centre than it started, looking at it.
    expect(Math.hypot(...after.map((v, k) => v - centre[k]))).toBeLessThan(Math.hypot(...before.map((v, k) => v - centre[k])));

    // The panel lists again once the camera rests: the highlighted one stays pressed where it is still listed.
    await rows.first().waitFor();
    const pressed = panel.locator('.constellation-button[aria-pressed="true"]');
    if ((await pressed.count()) > 0) {
      await pressed.first().click();
      await expect(panel.locator('.constellation-button[aria-pressed="true"]')).toHaveCount(0);
      await rows.first().click();
      await expect(rows.first()).toHaveAttribute('aria-pressed', 'true');
    }
    await page.keyboard.press('Escape');
    await expect(panel.locator('.constellation-button[aria-pressed="true"]')).toHaveCount(0);
  });

  for (const backend of BACKENDS) test(`the star details show its constellation at each level, top first; a click highlights it, in pixels (${backend})`, async ({ page }) => {
    const { file, finest, labels } = communitiesCopy();
    const constellations = new Constellations(file);
    const express = labels.indexOf('express');
    const expected = starConstellations(constellations, finest[express]).map((ref) => presentConstellation(constellations, 'npm', ref).fullName);
    await openGalaxy(page, NPM_WITH_COMMUNITIES, farQuery, backend);
    await selectByName(page, 'express');
    const list = page.getByTestId('star-constellations');
    await expect(list.locator('.constellation-button')).toHaveCount(expected.length, { timeout: 60_000 });
    for (let i = 0; i < expected.length; i++) await expect(list.locator('.constellation-button').nth(i)).toHaveAttribute('title', expected[i]);
    await list.locator('.constellation-button').first().click();
    await expect(list.locator('.constellation-button').first()).toHaveAttribute('aria-pressed', 'true');
    await cameraSettled(page);

    // In pixels: the highlighted constellation's stars keep their light, every other star dims
    // (names hidden, so that only stars give light).
    await canvasLocator(page).focus();
    await page.keyboard.press('n');
    const [top] = starConstellations(constellations, finest[express]);
    const members = constellationMembers(constellations, (star) => finest[star], labels.length, top);
    const highlighted = await starLight(page, members);
    await page.keyboard.press('Escape');
    await expect(list.locator('.constellation-button[aria-pressed="true"]')).toHaveCount(0);
    const plain = await starLight(page, members, highlighted.sampled);
    console.log(`highlight: members ${highlighted.members} against ${plain.members} plain, others ${highlighted.others} against ${plain.others} plain (median channel sums)`);
    expect(highlighted.members).toBeGreaterThanOrEqual(plain.members * 0.8);
    expect(highlighted.others).toBeLessThanOrEqual(plain.others * 0.5);
  });

  test('a search limited to a constellation finds only its stars; removing the chip searches every star', async ({ page }) => {
    const { file, finest, labels } = communitiesCopy();
    const constellations = new Constellations(file);
    const express = labels.indexOf('express');
    const [top] = starConstellations(constellations, finest[express]);
    const members = constellationMembers(constellations, (star) => finest[star], labels.length, top);
    const pattern = '^gulp';
    const all = labels.filter((label) => /^gulp/i.test(label)).length;
    const inside = labels.filter((label, star) => members[star] === 1 && /^gulp/i.test(label)).length;
    expect(inside).toBeLessThan(all);

    await openGalaxy(page, NPM_WITH_COMMUNITIES, farQuery);
    await selectByName(page, 'express');
    const { name, fullName } = presentConstellation(constellations, 'npm', top);
    await page.getByTestId('star-details').getByRole('button', { name: `Search in ${fullName}` }).click();
    await expect(page.getByTestId('search-scope')).toContainText(`in ${name}`);
    await expect(page.getByPlaceholder('enter a search term')).toBeFocused();
    await page.getByPlaceholder('enter a search term').fill(pattern);
    const results = page.locator('[data-window-key="search-results"]');
    if (inside > 0) await expect(results).toContainText(matchesCountText(inside), { timeout: 60_000 });
    else await expect(page.getByText('No matches')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Search every star' }).click();
    await expect(page.getByTestId('search-scope')).toHaveCount(0);
    await expect(results).toContainText(matchesCountText(all), { timeout: 60_000 });
  });
});
