import { afterEach, describe, expect, it, vi } from 'vitest';

/** A WebGL2 context stand-in that reports `renderer` as its unmasked renderer string. */
function fakeDocument(renderer: string | undefined, lost: string[]) {
  const gl = {
    RENDERER: 0x1f01,
    getExtension: (name: string) =>
      name === 'WEBGL_debug_renderer_info' ? { UNMASKED_RENDERER_WEBGL: 0x9246 } : name === 'WEBGL_lose_context' ? { loseContext: () => lost.push('lost') } : null,
    getParameter: () => renderer,
  };
  return { createElement: () => ({ getContext: () => (renderer === undefined ? null : gl) }) };
}

async function probe(order: Array<'webgpu' | 'webgl2'>) {
  vi.resetModules();
  const { probeRendererAdapter } = await import('../../../src/renderer/adapterProbe');
  return probeRendererAdapter(order);
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

  it('falls back to a WebGL2 context, given back at once, where WebGPU offers no adapter (a blocklisted driver)', async () => {
    const lost: string[] = [];
    vi.stubGlobal('navigator', { gpu: { requestAdapter: async () => null } });
    vi.stubGlobal('document', fakeDocument('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)', lost));
    expect(await probe(['webgpu', 'webgl2'])).toEqual({ backend: 'webgl2', softwareRasteriser: true });
    expect(lost).toEqual(['lost']);
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
