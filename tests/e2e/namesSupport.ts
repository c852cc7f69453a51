import { expect, type Page } from '@playwright/test';
import type { PlacedLabel } from '../../src/labels/starLabels';
import { brightestNear, settle, type Pixels } from './renderSupport';

/** Waits until names are shown and no fade is running, then returns them. */
export async function settledNames(page: Page): Promise<PlacedLabel[]> {
  await page.waitForFunction(() => {
    const scene = window.galaxyScene;
    return !!scene && scene.namesSettled() && scene.namedStars().length > 0;
  }, null, { timeout: 60_000 });
  await settle(page);
  return page.evaluate(() => [...window.galaxyScene!.namedStars()]);
}

function overlap(a: PlacedLabel, b: PlacedLabel): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Pixels inside a box that differ between two pictures by more than `threshold` in any channel. */
export function changedIn(a: Pixels, b: Pixels, box: { x: number; y: number; width: number; height: number }, threshold = 60): number {
  let n = 0;
  for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(a.height, Math.ceil(box.y + box.height)); y++) {
    for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(a.width, Math.ceil(box.x + box.width)); x++) {
      const i = (y * a.width + x) * 4;
      if (Math.max(Math.abs(a.data[i] - b.data[i]), Math.abs(a.data[i + 1] - b.data[i + 1]), Math.abs(a.data[i + 2] - b.data[i + 2])) > threshold) n++;
    }
  }
  return n;
}

export const whole = (p: Pixels) => ({ x: 0, y: 0, width: p.width, height: p.height });

/**
 * Each name sits beside the pixels its star is drawn at (`starAt`: where the test itself projects
 * the star): the star is lit there in the picture without names, the name starts a few pixels away
 * without covering it, and its letters are drawn in its box. No two names overlap, and outside the
 * name boxes the picture is the one without names.
 */
export function expectNamesBesideTheirStars(names: readonly PlacedLabel[], starAt: (label: PlacedLabel) => { x: number; y: number }, without: Pixels, withNames: Pixels): void {
  for (const label of names) {
    const star = starAt(label);
    expect(Math.hypot(star.x - label.starX, star.y - label.starY)).toBeLessThan(1.5);
    const [r, g, b] = brightestNear(without, star.x, star.y, 1);
    expect(r + g + b, `star of ${label.text} is lit`).toBeGreaterThan(200);
    const inside = star.x > label.x && star.x < label.x + label.width && star.y > label.y && star.y < label.y + label.height;
    expect(inside, `${label.text} does not cover its star`).toBe(false);
    const gap = Math.max(label.x - star.x, star.x - (label.x + label.width), label.y - star.y, star.y - (label.y + label.height));
    expect(gap).toBeLessThan(40);
    expect(changedIn(without, withNames, label), `${label.text} is drawn`).toBeGreaterThan(15);
  }
  for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) expect(overlap(names[i], names[j])).toBe(false);
  const boxesChanged = names.reduce((sum, label) => sum + changedIn(without, withNames, { x: label.x - 8, y: label.y - 8, width: label.width + 16, height: label.height + 16 }), 0);
  expect(changedIn(without, withNames, whole(without)) - boxesChanged).toBeLessThan(40);
}
