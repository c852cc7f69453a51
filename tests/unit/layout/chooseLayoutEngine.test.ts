import { describe, expect, it } from 'vitest';
import { chooseLayoutEngine, isSoftwareAdapter, layoutEngineInAddress } from '../../../src/layout/live/chooseLayoutEngine';

describe('which live layout a visitor gets', () => {
  it('runs the WebGPU layout on a hardware adapter, the CPU workers on a software one or without WebGPU', () => {
    expect(chooseLayoutEngine(undefined, 'hardware')).toBe('webgpu');
    expect(chooseLayoutEngine(undefined, 'software')).toBe('cpu-workers');
    expect(chooseLayoutEngine(undefined, 'none')).toBe('cpu-workers');
  });

  it('lets the page address decide over the adapter', () => {
    expect(chooseLayoutEngine('webgpu', 'software')).toBe('webgpu');
    expect(chooseLayoutEngine('webgpu', 'none')).toBe('webgpu');
    expect(chooseLayoutEngine('cpu-workers', 'hardware')).toBe('cpu-workers');
  });

  it('reads layout=webgpu and layout=cpu (and the older layout=cpu-workers) from the address', () => {
    expect(layoutEngineInAddress('?layout=webgpu')).toBe('webgpu');
    expect(layoutEngineInAddress('?renderer=webgl2&layout=cpu')).toBe('cpu-workers');
    expect(layoutEngineInAddress('?layout=cpu-workers')).toBe('cpu-workers');
    expect(layoutEngineInAddress('?layout=gpu')).toBeUndefined();
    expect(layoutEngineInAddress('')).toBeUndefined();
  });

  it('tells SwiftShader and other CPU rasterisers from GPUs', () => {
    // What Chromium reports here for SwiftShader (--use-vulkan=swiftshader).
    expect(isSoftwareAdapter({ vendor: 'google', architecture: 'swiftshader', device: '', description: '', isFallbackAdapter: true })).toBe(true);
    // Browsers that leave isFallbackAdapter out are judged by the names.
    expect(isSoftwareAdapter({ vendor: 'google', architecture: 'swiftshader' })).toBe(true);
    expect(isSoftwareAdapter({ vendor: 'mesa', description: 'llvmpipe (LLVM 15.0.6, 256 bits)' })).toBe(true);
    expect(isSoftwareAdapter({ vendor: 'microsoft', description: 'Microsoft Basic Render Driver' })).toBe(true);
    expect(isSoftwareAdapter({ vendor: 'nvidia', architecture: 'ampere', isFallbackAdapter: false })).toBe(false);
    expect(isSoftwareAdapter({ vendor: 'apple', architecture: 'metal-3' })).toBe(false);
    expect(isSoftwareAdapter({ vendor: 'intel', architecture: 'gen-12lp', description: '' })).toBe(false);
  });
});
