import { describe, expect, it } from 'vitest';
import { chooseLayoutEngine, layoutEngineInAddress } from '../../../src/layout/live/chooseLayoutEngine';

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
});
