import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { haveSharedGalaxies, sharedGalaxiesDir, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';

/** How many npm labels the pattern '.' matches (every name with a character other than a line break). */
function npmDotMatches(): number {
  const folder = path.join(sharedGalaxiesDir, 'npm');
  const { last } = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as { last: string };
  const labels = JSON.parse(readFileSync(path.join(folder, last, 'labels.json'), 'utf8')) as unknown[];
  return labels.filter((label) => /./i.test(String(label))).length;
}

declare global {
  interface Window {
    frameGaps?: { longest: number; frames: number; running: boolean };
  }
}

test.describe('searching a big galaxy', () => {
  test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);

  test('searching "." over npm keeps the page drawing a frame at least every 100 ms', async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto('/?renderer=webgl2#/galaxy/npm');
    await expect(page.getByTestId('galaxy-stats')).toContainText('195,689 stars', { timeout: 240_000 });
    await page.keyboard.press('KeyK'); // hides the help
    // The scene finishes its own work after loading (links, spatial index), drawing a few frames that
    // take a software rasteriser a few hundred ms each; measure the search only once it is quiet.
    await page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const frames = () => window.galaxyScene?.canvas?.dataset.frames;
          const before = frames();
          setTimeout(() => resolve(before !== undefined && frames() === before), 2500);
        }),
      null,
      { timeout: 120_000, polling: 100 },
    );

    // The visitor's cursor is already in the box; Playwright's fill() (focus, select, checks) stalled a
    // frame by itself, 50-100 ms, so the measurement starts with the box focused and types like a visitor.
    await page.getByPlaceholder('enter a search term').focus();
    await page.waitForTimeout(300);
    await page.evaluate(() => {
      const gaps = { longest: 0, frames: 0, running: true };
      window.frameGaps = gaps;
      let last = performance.now();
      const tick = (now: number) => {
        gaps.longest = Math.max(gaps.longest, now - last);
        gaps.frames++;
        last = now;
        if (gaps.running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.keyboard.type('.');
    const results = page.locator('[data-window-key="search-results"]');
    await expect(results).toContainText(`${npmDotMatches().toLocaleString('en-US')} matches`, { timeout: 60_000 });
    // The results window draws its first rows too.
    await expect(results.getByRole('listitem').first()).toBeVisible();
    await page.waitForTimeout(300);
    const gaps = await page.evaluate(() => {
      window.frameGaps!.running = false;
      return window.frameGaps!;
    });
    console.log(`rAF while searching "." over npm: ${gaps.frames} frames, longest gap ${gaps.longest.toFixed(1)} ms`);
    expect(gaps.frames).toBeGreaterThan(5);
    expect(gaps.longest).toBeLessThan(100);
  });
});
