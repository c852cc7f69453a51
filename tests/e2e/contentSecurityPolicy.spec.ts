import { expect, test } from '@playwright/test';
import { CONTENT_SECURITY_POLICY } from '../../src/server/contentSecurityPolicy';
import { canvasPixels, galaxyUrl, openGalaxy, type BackendName } from './renderSupport';

/**
 * Issue 11: the built viewer runs under the strict Content-Security-Policy that `galaxy serve` and
 * `vite preview` send (no eval, no inline script): Home, thumbnails, the loader and search workers
 * and both GPU backends work, and nothing is refused by the policy.
 */
const BACKENDS: BackendName[] = ['webgl2', 'webgpu'];

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

for (const backend of BACKENDS) {
  test(`the viewer runs under the strict policy on ${backend}`, async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });

    const home = await page.goto(`/?renderer=${backend}#/`);
    expect(home?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self'(;|$)/);
    const card = page.getByRole('list', { name: 'Galaxies' }).locator('a[href="#/galaxy/debian-bookworm"]');
    await expect(card).toBeVisible();
    // The card's still comes from the data root: an image the policy must allow.
    await expect
      .poll(() => card.locator('img').first().evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 30_000 })
      .toBeGreaterThan(0);

    await openGalaxy(page, galaxyUrl(backend, 'internet'));
    await expect(page.locator('canvas[data-testid="galaxy-canvas"]')).toHaveAttribute('data-backend', backend);
    const pixels = await canvasPixels(page);
    let lit = 0;
    for (let i = 0; i < pixels.data.length; i += 4) if (pixels.data[i] + pixels.data[i + 1] + pixels.data[i + 2] > 60) lit++;
    expect(lit, 'stars drawn').toBeGreaterThan(100);
    await page.screenshot({ path: `test-results/csp-${backend}.png` });

    // The search runs in a worker the policy must allow (panels shown again first).
    await page.evaluate(() => {
      for (const style of document.querySelectorAll('style')) if (style.textContent?.includes('visibility: hidden !important')) style.remove();
    });
    await page.getByPlaceholder('enter a search term').fill('^AS7018$');
    await expect(page.locator('[data-window-key="search-results"]')).toContainText('1 match');

    expect(await page.evaluate(() => window.cspViolations ?? [])).toEqual([]);
    expect(refused).toEqual([]);
  });
}
