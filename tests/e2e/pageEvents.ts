import type { Page } from '@playwright/test';

/**
 * Waits for what the page reports instead of for the clock: animation frames, a camera at rest,
 * presses the controls have decided.
 */

/** Resolves after the page has run `count` animation frames. */
export async function animationFrames(page: Page, count: number): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        let left = n;
        const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    count,
  );
}

/** Waits until the camera has kept the same pose for three animation frames. */
export async function cameraSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        let last = '';
        let still = 0;
        const tick = () => {
          const pose = JSON.stringify(window.galaxyScene?.getCamera());
          still = pose === last ? still + 1 : 0;
          last = pose;
          if (still >= 3) resolve(true);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/** How many presses the controls have decided (click, double click or drag) so far. */
export async function pressesSettled(page: Page): Promise<number> {
  return Number((await page.getByTestId('galaxy-scene').getAttribute('data-presses-settled')) ?? 0);
}

/** Waits until the controls have decided more than `before` presses. */
export async function pressSettledAfter(page: Page, before: number): Promise<void> {
  await page.waitForFunction(
    (n) => Number(document.querySelector<HTMLElement>('[data-testid="galaxy-scene"]')?.dataset.pressesSettled ?? 0) > n,
    before,
  );
}

/**
 * The backend the screen-level specs (galaxy, loading, search) open galaxies with: WebGL2 unless
 * E2E_RENDERER=webgpu, so that one run covers each backend without doubling `npm test`
 * (render.spec.ts covers both backends in every run).
 */
export const SCREEN_RENDERER = process.env.E2E_RENDERER === 'webgpu' ? 'webgpu' : 'webgl2';
