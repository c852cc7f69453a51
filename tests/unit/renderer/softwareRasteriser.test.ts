import { describe, expect, it } from 'vitest';
import { isSoftwareAdapter, isSoftwareRendererName } from '../../../src/renderer/softwareRasteriser';

describe('which adapters are software rasterisers', () => {
  it('reads WebGPU adapters by their fallback flag, else by their names', () => {
    // What Chromium reports here for SwiftShader.
    expect(isSoftwareAdapter({ vendor: 'google', architecture: 'swiftshader', device: '', description: '', isFallbackAdapter: true })).toBe(true);
    // Browsers that leave isFallbackAdapter out are judged by the names.
    expect(isSoftwareAdapter({ vendor: 'google', architecture: 'swiftshader' })).toBe(true);
    expect(isSoftwareAdapter({ vendor: 'mesa', description: 'llvmpipe (LLVM 15.0.6, 256 bits)' })).toBe(true);
    expect(isSoftwareAdapter({ vendor: 'microsoft', description: 'Microsoft Basic Render Driver' })).toBe(true);
    expect(isSoftwareAdapter({ vendor: 'nvidia', architecture: 'ampere', isFallbackAdapter: false })).toBe(false);
    expect(isSoftwareAdapter({ vendor: 'apple', architecture: 'metal-3' })).toBe(false);
    expect(isSoftwareAdapter({ vendor: 'intel', architecture: 'gen-12lp', description: '' })).toBe(false);
  });

  it('reads WebGL contexts by their unmasked renderer string', () => {
    // What Chromium reports here (headless, SwiftShader through ANGLE).
    expect(isSoftwareRendererName('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)')).toBe(true);
    expect(isSoftwareRendererName('Google SwiftShader')).toBe(true);
    expect(isSoftwareRendererName('llvmpipe (LLVM 15.0.7, 256 bits)')).toBe(true);
    expect(isSoftwareRendererName('Mesa OffScreen / Software Rasterizer')).toBe(true);
    expect(isSoftwareRendererName('ANGLE (Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0)')).toBe(true);
    expect(isSoftwareRendererName('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 (0x00002503) Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(false);
    expect(isSoftwareRendererName('Apple M1')).toBe(false);
    expect(isSoftwareRendererName('Mali-G78')).toBe(false);
    expect(isSoftwareRendererName('')).toBe(false);
    expect(isSoftwareRendererName(undefined)).toBe(false);
  });
});
