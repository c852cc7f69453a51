import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackendPolicy } from '../../../src/renderer/backendPolicy';

/** A WebGL2 context stand-in that reports `renderer` as its unmasked renderer string. */
function fakeDocument(renderer: string | undefined, lost: string[], removed: string[] = []) {
  const gl = {
    RENDERER: 0x1f01,
    getExtension: (name: string) =>
      name === 'WEBGL_debug_renderer_info' ? { UNMASKED_RENDERER_WEBGL: 0x9246 } : name === 'WEBGL_lose_context' ? { loseContext: () => lost.push('lost') } : null,
    getParameter: () => renderer,
  };
  return { createElement: () => ({ remove: () => removed.push('canvas'), getContext: () => (renderer === undefined ? null : { ...gl, isContextLost: () => lost.length > 0 }) }) };
}

/** A fresh page: the probe and the WebGL2 device module with nothing started. */
async function freshPage() {
  vi.resetModules();
  const { probeRendererAdapter } = await import('../../../src/renderer/adapterProbe');
  const { EarlyGpu } = await import('../../../src/renderer/earlyGpu');
  const early = new EarlyGpu();
  return { probeRendererAdapter: (policy: BackendPolicy) => probeRendererAdapter(policy, early), early };
}

function policyOf(order: Array<'webgpu' | 'webgl2'>): BackendPolicy {
  return new BackendPolicy(order.length === 1 ? order[0] : undefined);
}

async function probe(order: Array<'webgpu' | 'webgl2'>) {
  return (await freshPage()).probeRendererAdapter(policyOf(order));
}

describe('asking which adapter a renderer would get, before it starts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("reads WebGPU's adapter first", async () => {
    vi.stubGlobal('navigator', { gpu: { requestAdapter: async () => ({ info: { vendor: 'google', architecture: 'swiftshader', isFallbackAdapter: true } }) } });
    vi.stubGlobal('document', fakeDocument('NVIDIA GeForce', []));
    expect(await probe(['webgpu', 'webgl2'])).toEqual({ backend: 'webgpu', softwareRasteriser: true });
  });

  it("takes the page's early WebGPU adapter where the entry started one, without asking the browser again", async () => {
    const asked: string[] = [];
    const adapter = { info: { vendor: 'google', architecture: 'swiftshader', isFallbackAdapter: true }, features: new Set<string>(), requestDevice: async () => ({}) };
    vi.stubGlobal('navigator', { gpu: { requestAdapter: async () => (asked.push('adapter'), adapter) } });
    vi.stubGlobal('document', fakeDocument('NVIDIA GeForce', []));
    const page = await freshPage();
    page.early.webgpu.start();
    expect(await page.probeRendererAdapter(policyOf(['webgpu', 'webgl2']))).toEqual({ backend: 'webgpu', softwareRasteriser: true });
    expect(asked).toEqual(['adapter']);
  });

  it('falls back to the WebGL2 context the renderer then draws with, where WebGPU offers no adapter (a blocklisted driver)', async () => {
    const lost: string[] = [];
    vi.stubGlobal('navigator', { gpu: { requestAdapter: async () => null } });
    vi.stubGlobal('document', fakeDocument('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)', lost));
    const page = await freshPage();
    expect(await page.probeRendererAdapter(policyOf(['webgpu', 'webgl2']))).toEqual({ backend: 'webgl2', softwareRasteriser: true });
    expect(lost).toEqual([]);
    const canvas = page.early.webgl2.takeCanvas();
    expect(canvas).toBeDefined();
    expect(page.early.webgl2.takeCanvas()).toBeUndefined();
  });

  it('leaves a context lost before the renderer came to the renderer to replace, its canvas off the page', async () => {
    const lost: string[] = [];
    const removed: string[] = [];
    vi.stubGlobal('navigator', {});
    vi.stubGlobal('document', fakeDocument('Apple M1', lost, removed));
    const page = await freshPage();
    await page.probeRendererAdapter(policyOf(['webgl2']));
    lost.push('lost by the browser');
    expect(page.early.webgl2.takeCanvas()).toBeUndefined();
    expect(removed).toEqual(['canvas']);
  });

  it('gives its context back when the page leaves the galaxy before a renderer took it', async () => {
    const lost: string[] = [];
    vi.stubGlobal('navigator', {});
    vi.stubGlobal('document', fakeDocument('Apple M1', lost));
    const page = await freshPage();
    await page.probeRendererAdapter(policyOf(['webgl2']));
    const released: string[] = [];
    page.early.webgl2.releaseWhenTaken(() => released.push('released'));
    page.early.webgl2.drop();
    expect(lost).toEqual(['lost']);
    expect(released).toEqual(['released']);
    expect(page.early.webgl2.takeCanvas()).toBeUndefined();
  });

  it('gives back at once a WebGL2 context it made after a renderer had started its own', async () => {
    const lost: string[] = [];
    vi.stubGlobal('navigator', {});
    vi.stubGlobal('document', fakeDocument('Apple M1', lost));
    const page = await freshPage();
    page.early.webgl2.takeCanvas(); // the renderer started, on a canvas of its own
    expect(await page.probeRendererAdapter(policyOf(['webgl2']))).toEqual({ backend: 'webgl2', softwareRasteriser: false });
    expect(lost).toEqual(['lost']);
    expect(page.early.webgl2.takeCanvas()).toBeUndefined();
  });

  it('asks only the backend the address forces, and says hardware where nothing answers', async () => {
    vi.stubGlobal('navigator', { gpu: { requestAdapter: async () => ({ info: { isFallbackAdapter: true } }) } });
    vi.stubGlobal('document', fakeDocument('Apple M1', []));
    expect(await probe(['webgl2'])).toEqual({ backend: 'webgl2', softwareRasteriser: false });
    vi.stubGlobal('document', fakeDocument(undefined, []));
    vi.stubGlobal('navigator', {});
    expect(await probe(['webgpu', 'webgl2'])).toEqual({ backend: 'webgl2', softwareRasteriser: false });
  });
});
