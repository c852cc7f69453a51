import type { Page } from 'playwright-core';

/** Stars drawn in the last frame (the canvas's data-stars), and the page clock. */
export async function drawnStars(page: Page): Promise<{ stars: number; at: number }> {
  return (await page.evaluate(
    `({ stars: Number(window.galaxyScene && window.galaxyScene.canvas ? window.galaxyScene.canvas.dataset.stars : 0), at: performance.now() })`,
  )) as { stars: number; at: number };
}

/**
 * Waits until the drawn star count has not changed for `quietMs` (tiles have stopped arriving), at
 * most `limitMs`; `lastChangeMs` is when it last changed, on the page clock.
 */
export async function drawnStarsSettled(page: Page, quietMs: number, limitMs: number): Promise<{ stars: number; settled: boolean; lastChangeMs: number }> {
  const start = Date.now();
  let last = -1;
  let lastChangeMs = 0;
  let since = Date.now();
  while (Date.now() - start < limitMs) {
    const { stars, at } = await drawnStars(page);
    if (stars !== last) {
      last = stars;
      lastChangeMs = at;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return { stars, settled: true, lastChangeMs };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { stars: last, settled: false, lastChangeMs };
}
