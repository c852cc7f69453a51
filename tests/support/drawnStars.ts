import type { Page } from 'playwright-core';

/** Stars drawn in the last frame (the canvas's data-stars), and the page clock. */
export async function drawnStars(page: Page): Promise<{ stars: number; at: number }> {
  return (await page.evaluate(
    `({ stars: Number(window.galaxyScene && window.galaxyScene.canvas ? window.galaxyScene.canvas.dataset.stars : 0), at: performance.now() })`,
  )) as { stars: number; at: number };
}

/**
 * Waits until the drawn star count has not changed for `quietMs` and the page has neither started
 * nor finished a request for as long (tiles have stopped arriving; a slow frame alone does not
 * count as rest), at most `limitMs`; `lastChangeMs` is when the count last changed, on the page clock.
 */
export async function drawnStarsSettled(page: Page, quietMs: number, limitMs: number): Promise<{ stars: number; settled: boolean; lastChangeMs: number }> {
  let lastRequestAt = Date.now();
  const onRequest = () => {
    lastRequestAt = Date.now();
  };
  const context = page.context();
  context.on('request', onRequest);
  context.on('requestfinished', onRequest);
  context.on('requestfailed', onRequest);
  try {
    return await starsAtRest(page, quietMs, limitMs, () => lastRequestAt);
  } finally {
    context.off('request', onRequest);
    context.off('requestfinished', onRequest);
    context.off('requestfailed', onRequest);
  }
}

async function starsAtRest(page: Page, quietMs: number, limitMs: number, lastRequestAt: () => number): Promise<{ stars: number; settled: boolean; lastChangeMs: number }> {
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
    } else if (Date.now() - Math.max(since, lastRequestAt()) >= quietMs) return { stars, settled: true, lastChangeMs };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { stars: last, settled: false, lastChangeMs };
}
