import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { decodeCommunityStars, parseCommunitiesJson, starMemberships } from '../../src/communities/format';
import { CONSTELLATION_PALETTE } from '../../src/constellations/palette';
import type { CameraPose } from '../../src/scene/scene';
import { E2E_TILED_DIR, NPM_WITH_COMMUNITIES, npmLastVersion } from '../support/e2eTiledGalaxies';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';
import { attach, expectSamePicture, hueBands, hueDistance, hueOf, linkedCentre, rgbOf } from './constellationPixels';
import { canvasLocator, canvasPixels, differingPixels, EVERY_NPM_STAR, galaxyUrl, openGalaxy, settle, type BackendName, type Pixels } from './renderSupport';

test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);

const BACKENDS: BackendName[] = ['webgl2', 'webgpu'];

function versionDir(): string {
  return path.join(E2E_TILED_DIR, NPM_WITH_COMMUNITIES, npmLastVersion());
}

/** The mean of npm's linked stars, in world units. */
function npmLinkedCentre(): [number, number, number] {
  return linkedCentre(parseCommunitiesJson(readFileSync(path.join(versionDir(), 'communities.json'), 'utf8')).levels.at(-1)!, SCALE);
}

/** The address's default scale `s`, by which positions.bin's units become world units. */
const SCALE = 1.75;

/** Two top-level constellations of the npm copy with far-apart hues, each with its most depended-on star and its position. */
function twoConstellations(): Array<{ constellation: number; star: number; position: [number, number, number]; colour: number }> {
  const file = parseCommunitiesJson(readFileSync(path.join(versionDir(), 'communities.json'), 'utf8'));
  const stars = decodeCommunityStars(readFileSync(path.join(versionDir(), 'communities.bin')));
  const top = file.levels.at(-1)!;
  const membership = starMemberships(file, stars).at(-1)!;
  const positions = new Int32Array(readFileSync(path.join(versionDir(), 'positions.bin')).buffer.slice(0));
  const scale = SCALE;
  const pick = (c: number) => {
    const star = top.top[c][0];
    expect(membership[star]).toBe(c);
    const position: [number, number, number] = [positions[star * 3] * scale, positions[star * 3 + 1] * scale, positions[star * 3 + 2] * scale];
    return { constellation: c, star, position, colour: CONSTELLATION_PALETTE[top.colour![c]] };
  };
  const first = pick(0);
  for (let c = 1; c < top.count; c++) {
    if (c === top.unlinked || top.top[c].length === 0) continue;
    const second = pick(c);
    if (hueDistance(hueOf(rgbOf(first.colour)).hue, hueOf(rgbOf(second.colour)).hue) >= 90) return [first, second];
  }
  throw new Error('no two constellations with far-apart hues');
}

async function waitForConstellationColours(page: Page, shown: boolean): Promise<void> {
  await page.waitForFunction((want) => window.galaxyScene?.coloursByConstellation === want, shown, { timeout: 60_000 });
  await settle(page);
}

/** The galaxy open, with its communities.bin answered (the address's c= may keep it from being drawn). */
/** Opens npm with communities drawn whole (EVERY_NPM_STAR): these pictures are of every star's colour, compared with npm's without communities. */
async function openWithCommunities(page: Page, url: string): Promise<void> {
  const arrived = page.waitForResponse((response) => response.url().endsWith('/communities.bin'), { timeout: 60_000 });
  await openGalaxy(page, `${url}&${EVERY_NPM_STAR}`);
  expect((await arrived).status()).toBe(200);
}

/** The light links add to a picture: `withLinks` less `withoutLinks` per channel, where it adds over 24 in some channel. */
function linkLight(withLinks: Pixels, withoutLinks: Pixels): Array<[number, number, number]> {
  const light: Array<[number, number, number]> = [];
  for (let i = 0; i < withLinks.data.length; i += 4) {
    const added = [0, 1, 2].map((k) => Math.max(0, withLinks.data[i + k] - withoutLinks.data[i + k])) as [number, number, number];
    if (Math.max(...added) > 24) light.push(added);
  }
  return light;
}

/** How link light spreads over hues: the share that is coloured, and the 15° bands holding over 1% of it. */
function linkHues(light: Array<[number, number, number]>): { colouredShare: number; bands: number } {
  const bandCounts = new Array<number>(24).fill(0);
  let coloured = 0;
  for (const pixel of light) {
    const { hue, saturation } = hueOf(pixel);
    if (saturation < 0.25) continue;
    coloured++;
    bandCounts[Math.floor(hue / 15) % 24]++;
  }
  return { colouredShare: coloured / Math.max(1, light.length), bands: bandCounts.filter((n) => n > coloured * 0.01).length };
}

/** Waits until the whole graph's links are in (the stats line no longer streams) and the frame is drawn. */
async function waitForLinks(page: Page): Promise<void> {
  await expect(page.getByTestId('galaxy-stats')).toHaveText(/ links/, { timeout: 90_000 });
  await expect(page.getByTestId('galaxy-stats')).not.toHaveText(/streaming/, { timeout: 90_000 });
  await settle(page);
}

/** The picture with links and the one without (L pressed), on one page, leaving links hidden. */
async function withAndWithoutLinks(page: Page, info: TestInfo, name: string): Promise<{ withLinks: Pixels; withoutLinks: Pixels }> {
  const withLinks = await canvasPixels(page);
  await attach(page, info, `${name}-links.png`);
  await canvasLocator(page).focus();
  await page.keyboard.press('KeyL');
  await expect.poll(() => new URL(page.url()).hash).toMatch(/[?&]l=0(&|$)/);
  await settle(page);
  const withoutLinks = await canvasPixels(page);
  return { withLinks, withoutLinks };
}

for (const backend of BACKENDS) {
  test.describe(`${backend} backend`, () => {
    test('colour by constellation shows many hues, and two stars of two constellations each in its constellation’s hue', async ({ page }, info) => {
      test.setTimeout(180_000);
      await openWithCommunities(page, galaxyUrl(backend, NPM_WITH_COMMUNITIES));
      await waitForConstellationColours(page, true);
      await attach(page, info, `${backend}-npm-constellations-whole.png`);
      // npm's unlinked stars, white, lie on a shell around the linked ones: nearer the linked core,
      // most of what is lit is coloured, in many hues.
      const core = npmLinkedCentre();
      await page.evaluate((centre) => {
        const scene = window.galaxyScene!;
        const { position, orientation } = scene.getCamera();
        const nearer = position.map((p, k) => centre[k] + (p - centre[k]) * 0.3) as [number, number, number];
        scene.setCamera({ position: nearer, orientation });
      }, core);
      await settle(page);
      await attach(page, info, `${backend}-npm-constellations.png`);
      const { bands, coloured, lit } = hueBands(await canvasPixels(page));
      expect(coloured / lit).toBeGreaterThan(0.5);
      expect(bands.filter((count) => count > coloured * 0.01).length).toBeGreaterThanOrEqual(8);

      const seen: number[] = [];
      for (const { star, position, colour } of twoConstellations()) {
        // Close in front of the star, looking at it down -Z: its disc fills the middle of the canvas.
        const pose: CameraPose = { position: [position[0], position[1], position[2] + 400], orientation: [0, 0, 0, 1] };
        await page.evaluate((p) => window.galaxyScene!.setCamera(p), pose);
        await settle(page);
        const at = await page.evaluate((id) => window.galaxyScene!.projectToClient(id), star);
        const box = (await canvasLocator(page).boundingBox())!;
        const pixels = await canvasPixels(page);
        await attach(page, info, `${backend}-star-${star}.png`);
        const i = (Math.round(at!.y - box.y) * pixels.width + Math.round(at!.x - box.x)) * 4;
        const drawn = hueOf([pixels.data[i], pixels.data[i + 1], pixels.data[i + 2]]);
        const expected = hueOf(rgbOf(colour));
        expect(drawn.saturation).toBeGreaterThan(0.2);
        expect(hueDistance(drawn.hue, expected.hue)).toBeLessThan(15);
        seen.push(drawn.hue);
      }
      expect(hueDistance(seen[0], seen[1])).toBeGreaterThan(60);
    });

    test('links take their stars’ constellation colours with colour on, and with c=0 look as in the galaxy without communities', async ({ page }, info) => {
      test.setTimeout(300_000);
      // The same view into npm's linked core each time, from the whole-galaxy view the galaxy opens at.
      await openGalaxy(page, `${galaxyUrl(backend, 'npm', undefined, true)}&${EVERY_NPM_STAR}`);
      await waitForLinks(page);
      const core = npmLinkedCentre();
      const view = await page.evaluate((centre) => {
        const { position, orientation } = window.galaxyScene!.getCamera();
        return { position: position.map((p, k) => centre[k] + (p - centre[k]) * 0.3) as [number, number, number], orientation };
      }, core);
      const look = async () => {
        await page.evaluate((pose) => window.galaxyScene!.setCamera(pose), view);
        await settle(page);
      };
      await look();
      const plain = await withAndWithoutLinks(page, info, `${backend}-npm-plain`);
      const plainLight = linkHues(linkLight(plain.withLinks, plain.withoutLinks));

      await page.goto('about:blank');
      await openWithCommunities(page, `${galaxyUrl(backend, NPM_WITH_COMMUNITIES, undefined, true)}&c=0`);
      await waitForLinks(page);
      await page.waitForFunction(() => window.galaxyScene?.coloursByConstellation === false);
      await look();
      const off = await canvasPixels(page);
      await attach(page, info, `${backend}-npm-communities-c0-links.png`);
      const offDiffering = differingPixels(off, plain.withLinks, 8);

      await canvasLocator(page).focus();
      await page.keyboard.press('KeyC');
      await waitForConstellationColours(page, true);
      const on = await withAndWithoutLinks(page, info, `${backend}-npm-communities-c1`);
      const onLight = linkHues(linkLight(on.withLinks, on.withoutLinks));

      // c=0: the same picture as without communities, links coloured from positions as ever.
      expect(offDiffering).toBeLessThan(off.width * off.height * 0.005);
      // Colour on: the links' light is nearly all coloured, in many hues, as the stars are; from
      // positions about half of it is near grey (measured: 0.94 against 0.50 on webgl2, 0.94 against
      // 0.49 on webgpu, with some 5,000 pixels of link light; c=0 differed from npm in 0 and 219 pixels).
      expect(onLight.colouredShare).toBeGreaterThan(0.8);
      expect(onLight.colouredShare).toBeGreaterThan(plainLight.colouredShare + 0.2);
      expect(onLight.bands).toBeGreaterThanOrEqual(8);
    });

    test('C and c=0 draw the same picture as the galaxy without communities, which opens as ever', async ({ page }, info) => {
      test.setTimeout(240_000);
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await openGalaxy(page, `${galaxyUrl(backend, 'npm')}&${EVERY_NPM_STAR}`);
      await settle(page);
      const plain = await canvasPixels(page);
      await attach(page, info, `${backend}-npm-plain.png`);
      // A galaxy without communities: nothing asked for that is not there, no warning, every star white.
      expect(requests.filter((url) => /communities\.(json|bin)/.test(url))).toEqual([]);
      await expect(page.getByRole('status', { name: 'Data warnings' })).toHaveCount(0);
      expect(await page.evaluate(() => window.galaxyScene!.coloursByConstellation)).toBe(false);
      const { coloured, lit } = hueBands(plain);
      expect(coloured / lit).toBeLessThan(0.01);

      await page.goto('about:blank');
      await openWithCommunities(page, `${galaxyUrl(backend, NPM_WITH_COMMUNITIES)}&c=0`);
      await page.waitForFunction(() => window.galaxyScene?.coloursByConstellation === false);
      await settle(page);
      const off = await canvasPixels(page);
      await attach(page, info, `${backend}-npm-communities-c0.png`);
      expectSamePicture(off, plain);

      await page.goto('about:blank');
      await openWithCommunities(page, galaxyUrl(backend, NPM_WITH_COMMUNITIES));
      await waitForConstellationColours(page, true);
      expect(differingPixels(await canvasPixels(page), plain, 8)).toBeGreaterThan(plain.width * plain.height * 0.01);
      await page.keyboard.press('KeyC');
      await waitForConstellationColours(page, false);
      const toggled = await canvasPixels(page);
      await attach(page, info, `${backend}-npm-communities-C.png`);
      expectSamePicture(toggled, plain);
      // The address keeps the choice.
      await expect.poll(() => new URL(page.url()).hash).toMatch(/[?&]c=0(&|$)/);
      await page.keyboard.press('KeyC');
      await waitForConstellationColours(page, true);
      await expect.poll(() => new URL(page.url()).hash).toMatch(/[?&]c=1(&|$)/);
    });
  });
}

