import { writeFileSync } from 'node:fs';
import { expect, type Page, type TestInfo } from '@playwright/test';
import type { CommunityLevelJson } from '../../src/communities/format';
import { brightestNear, canvasLocator, canvasPixels, type Pixels } from './renderSupport';

/** Pixel checks of stars coloured by constellation (tests/e2e/constellations*.spec.ts). */

/** HSV hue (degrees) and saturation of a pixel. */
export function hueOf([r, g, b]: readonly number[]): { hue: number; saturation: number; value: number } {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  let hue = 0;
  if (delta > 0) {
    if (max === r) hue = 60 * (((g - b) / delta + 6) % 6);
    else if (max === g) hue = 60 * ((b - r) / delta + 2);
    else hue = 60 * ((r - g) / delta + 4);
  }
  return { hue, saturation: max === 0 ? 0 : delta / max, value: max };
}

export function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}

export function rgbOf(colour: number): [number, number, number] {
  return [(colour >>> 24) & 255, (colour >>> 16) & 255, (colour >>> 8) & 255];
}

/** Coloured pixels (saturation over 0.25, not dark) in each 15° band of hue. */
export function hueBands(pixels: Pixels): { bands: number[]; coloured: number; lit: number } {
  const bands = new Array<number>(24).fill(0);
  let coloured = 0;
  let lit = 0;
  for (let i = 0; i < pixels.data.length; i += 4) {
    const pixel = [pixels.data[i], pixels.data[i + 1], pixels.data[i + 2]];
    const { hue, saturation, value } = hueOf(pixel);
    if (value < 60) continue;
    lit++;
    if (saturation < 0.25) continue;
    coloured++;
    bands[Math.floor(hue / 15) % 24]++;
  }
  return { bands, coloured, lit };
}

/** The canvas as it is now, attached to the report and kept in the test's output folder to look at. */
export async function attach(page: Page, info: TestInfo, name: string): Promise<void> {
  const body = await canvasLocator(page).screenshot();
  writeFileSync(info.outputPath(name), body);
  await info.attach(name, { body, contentType: 'image/png' });
}

/**
 * The same picture as the galaxy without communities. WebGPU's splatting picks among stars at one
 * depth in no fixed order, so two openings of one galaxy differ in a few hundred pixels of white stars
 * of other brightness (747 of 716,800 seen): those may differ, a colour may not appear.
 */
export function expectSamePicture(picture: Pixels, plain: Pixels, tolerance = 0.005): void {
  let differing = 0;
  let coloured = 0;
  for (let i = 0; i < plain.data.length; i += 4) {
    const a = [picture.data[i], picture.data[i + 1], picture.data[i + 2]];
    const b = [plain.data[i], plain.data[i + 1], plain.data[i + 2]];
    if (Math.max(...a.map((v, k) => Math.abs(v - b[k]))) <= 8) continue;
    differing++;
    if (hueOf(a).saturation > 0.1) coloured++;
  }
  expect(coloured).toBe(0);
  expect(differing).toBeLessThan(plain.width * plain.height * tolerance);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * The light (median channel sum of the brightest pixel within a pixel) where stars of a constellation
 * (`members`, by classic id) and stars outside it are drawn, away from the panels; `starOf` gives the
 * scene's star number of a classic id (a tiled galaxy renumbers them). `sampled` reuses the places
 * sampled before, so that two pictures from one camera compare the same places.
 */
export async function starLight(
  page: Page,
  members: Uint8Array,
  sampled?: { member: boolean; x: number; y: number }[],
  starOf: (classicId: number) => number = (id) => id,
): Promise<{ members: number; others: number; sampled: { member: boolean; x: number; y: number }[] }> {
  if (!sampled) {
    const ids: number[] = [];
    for (let classic = 0; classic < members.length; classic += 97) ids.push(classic);
    const projected = await page.evaluate((stars) => stars.map(([classic, star]) => ({ classic, at: window.galaxyScene!.projectToClient(star) })), ids.map((id) => [id, starOf(id)]));
    const canvas = (await canvasLocator(page).boundingBox())!;
    const panels = await page.evaluate(() =>
      [...document.querySelectorAll('.galaxy-panel, [role="search"], .stats-line')].map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
    );
    const clear = (x: number, y: number) => !panels.some((r) => x > r.left - 3 && x < r.right + 3 && y > r.top - 3 && y < r.bottom + 3);
    sampled = projected
      .filter(({ at }) => at && at.x > canvas.x + 2 && at.y > canvas.y + 2 && at.x < canvas.x + canvas.width - 2 && at.y < canvas.y + canvas.height - 2 && clear(at.x, at.y))
      .map(({ classic, at }) => ({ member: members[classic] === 1, x: at!.x - canvas.x, y: at!.y - canvas.y }));
  }
  const pixels = await canvasPixels(page);
  const places = sampled;
  const light = (member: boolean) => median(places.filter((s) => s.member === member).map((s) => brightestNear(pixels, s.x, s.y).reduce((a, b) => a + b, 0)));
  return { members: light(true), others: light(false), sampled: places };
}

/** The mean of the linked stars (every top-level constellation's centre by its size, the unlinked left out), in world units at `scale`. */
export function linkedCentre(top: CommunityLevelJson, scale: number): [number, number, number] {
  const sum = [0, 0, 0];
  let stars = 0;
  for (let c = 0; c < top.count; c++) {
    if (c === top.unlinked) continue;
    for (let k = 0; k < 3; k++) sum[k] += top.centre[c * 3 + k] * top.size[c];
    stars += top.size[c];
  }
  return sum.map((v) => (v / stars) * scale) as [number, number, number];
}
