import { expect, test, type Page } from '@playwright/test';
import { dropFile } from './openGraphSupport';

/**
 * Which live layout the viewer runs (docs/rules.md#layout): where WebGPU has an adapter, the engine
 * that was faster in a short calibration of both on a sample of the graph (on SwiftShader, as on this
 * project's test machines, the CPU workers); the CPU workers where it has none; `layout=webgpu` and
 * `layout=cpu` in the page address decide over that. The layout panel's `data-layout-choice` says why.
 */

/** What this page's WebGPU adapter is, as the viewer judges it. */
async function adapterIsSoftware(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const adapter = await navigator.gpu?.requestAdapter({ powerPreference: 'high-performance' });
    if (!adapter) return true;
    return adapter.info.isFallbackAdapter || /swiftshader|llvmpipe|lavapipe/i.test(`${adapter.info.architecture} ${adapter.info.description}`);
  });
}

async function openGraph(page: Page, query: string, file = 'tests/fixtures/importers/karate.graphml', bytes?: Uint8Array): Promise<void> {
  await page.goto(`/${query}#/`);
  await expect(page.getByRole('heading', { name: 'Your galaxies' })).toBeVisible();
  await dropFile(page, file, bytes);
  await expect(page).toHaveURL(/#\/galaxy\/local:/, { timeout: 60_000 });
}

const openKarate = (page: Page, query: string) => openGraph(page, query);

/** An edge list of `stars` stars in clusters of 20 with a few links between clusters: larger than the calibration's sample (2,048 stars). */
function clusteredEdgeList(stars: number): Uint8Array {
  const lines = ['source,target'];
  for (let i = 1; i < stars; i++) {
    lines.push(`s${i},s${i - (i % 20 === 0 ? 20 : 1)}`);
    if (i % 3 === 0) lines.push(`s${i},s${i - (i % 20) + ((i * 7) % 20)}`);
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

const CALIBRATED = /^(CPU workers|WebGPU): calibrated on a (software|hardware) adapter; CPU workers ([\d.]+) µs per star \((\d+) iterations of (\d+) stars in (\d+) ms\); WebGPU (.+)$/;
const layoutStatus = (page: Page) => page.locator('[data-layout-state]').getByRole('status');

test.describe('the layout engine a visitor gets', () => {
  test('by default: the engine faster in a calibration on the graph, the CPU workers on SwiftShader', async ({ page }) => {
    await openKarate(page, '?renderer=webgl2');
    const software = await adapterIsSoftware(page);
    test.info().annotations.push({ type: 'adapter', description: software ? 'software (SwiftShader)' : 'hardware' });
    const panel = page.locator('[data-layout-state]');
    await expect(panel).toHaveAttribute('data-layout-choice', CALIBRATED, { timeout: 60_000 });
    const choice = (await panel.getAttribute('data-layout-choice')) ?? '';
    test.info().annotations.push({ type: 'choice', description: choice });
    const [, engine, , , , stars] = CALIBRATED.exec(choice) ?? [];
    expect(Number(stars)).toBe(34);
    await expect(layoutStatus(page)).toContainText(`(${engine})`);
    if (software) expect(engine).toBe('CPU workers');
  });

  test('the calibration times both engines on a sample of a larger graph', async ({ page }) => {
    test.setTimeout(180_000);
    const started = Date.now();
    await openGraph(page, '?renderer=webgl2', 'clusters.csv', clusteredEdgeList(5000));
    const panel = page.locator('[data-layout-state]');
    await expect(panel).toHaveAttribute('data-layout-choice', CALIBRATED, { timeout: 90_000 });
    const choice = (await panel.getAttribute('data-layout-choice')) ?? '';
    test.info().annotations.push({ type: 'choice', description: choice }, { type: 'import to choice, ms', description: String(Date.now() - started) });
    const [, engine, , cpuPerStar, cpuIterations, cpuStars, , gpu] = CALIBRATED.exec(choice) ?? [];
    expect(Number(cpuStars)).toBe(2048);
    expect(Number(cpuIterations)).toBeGreaterThan(0);
    expect(Number(cpuPerStar)).toBeGreaterThan(0);
    // WebGPU's own figure, or why it has none (its deadline on SwiftShader's compiling).
    expect(gpu).toMatch(/^[\d.]+ µs per star \(\d+ iterations of 2048 stars in \d+ ms\)$|^no timing within [\d.]+ s$|^failed: /);
    await expect(layoutStatus(page)).toContainText(`(${engine})`);
  });

  test('layout=webgpu in the address runs the WebGPU layout, even on SwiftShader', async ({ page }) => {
    test.setTimeout(180_000);
    await openKarate(page, '?renderer=webgl2&layout=webgpu');
    await expect(layoutStatus(page)).toContainText('(WebGPU)', { timeout: 90_000 });
    await expect(page.locator('[data-layout-state]')).toHaveAttribute('data-layout-choice', 'WebGPU: named by layout= in the address');
    await expect(page.locator('[data-layout-state]')).toHaveAttribute('data-layout-state', 'settled', { timeout: 120_000 });
  });

  test('layout=cpu in the address runs the CPU workers', async ({ page }) => {
    await openKarate(page, '?renderer=webgl2&layout=cpu');
    await expect(layoutStatus(page)).toContainText('(CPU workers)', { timeout: 60_000 });
    await expect(page.locator('[data-layout-state]')).toHaveAttribute('data-layout-choice', 'CPU workers: named by layout= in the address');
  });
});
