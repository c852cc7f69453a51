import { expect, test, type Page } from '@playwright/test';
import { dropFile } from './openGraphSupport';

/**
 * Which live layout the viewer runs (docs/rules.md#layout): the WebGPU layout where WebGPU has a
 * hardware adapter, the CPU workers on a software adapter (SwiftShader, as on this project's test
 * machines) or without WebGPU; `layout=webgpu` and `layout=cpu` in the page address decide over that.
 */

/** What this page's WebGPU adapter is, as the viewer judges it. */
async function adapterIsSoftware(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const adapter = await navigator.gpu?.requestAdapter({ powerPreference: 'high-performance' });
    if (!adapter) return true;
    return adapter.info.isFallbackAdapter || /swiftshader|llvmpipe|lavapipe/i.test(`${adapter.info.architecture} ${adapter.info.description}`);
  });
}

async function openKarate(page: Page, query: string): Promise<void> {
  await page.goto(`/${query}#/`);
  await expect(page.getByRole('heading', { name: 'Your galaxies' })).toBeVisible();
  await dropFile(page, 'tests/fixtures/importers/karate.graphml');
  await expect(page).toHaveURL(/#\/galaxy\/local:karate(\?|$)/, { timeout: 60_000 });
}

const layoutStatus = (page: Page) => page.locator('[data-layout-state]').getByRole('status');

test.describe('the layout engine a visitor gets', () => {
  test('by default: the CPU workers on a software WebGPU adapter, WebGPU on a GPU', async ({ page }) => {
    await openKarate(page, '?renderer=webgl2');
    const software = await adapterIsSoftware(page);
    test.info().annotations.push({ type: 'adapter', description: software ? 'software (SwiftShader)' : 'hardware' });
    await expect(layoutStatus(page)).toContainText(software ? '(CPU workers)' : '(WebGPU)', { timeout: 60_000 });
  });

  test('layout=webgpu in the address runs the WebGPU layout, even on SwiftShader', async ({ page }) => {
    test.setTimeout(180_000);
    await openKarate(page, '?renderer=webgl2&layout=webgpu');
    await expect(layoutStatus(page)).toContainText('(WebGPU)', { timeout: 90_000 });
    await expect(page.locator('[data-layout-state]')).toHaveAttribute('data-layout-state', 'settled', { timeout: 120_000 });
  });

  test('layout=cpu in the address runs the CPU workers', async ({ page }) => {
    await openKarate(page, '?renderer=webgl2&layout=cpu');
    await expect(layoutStatus(page)).toContainText('(CPU workers)', { timeout: 60_000 });
  });
});
