import { describe, expect, it } from 'vitest';
import { BackendPolicy, forcedBackend } from '../../../src/renderer/backendPolicy';
import type { Backend } from '../../../src/renderer/types';

describe('the backend policy', () => {
  it('tries WebGPU then WebGL2, or only the backend the address forces', () => {
    expect(new BackendPolicy().order).toEqual(['webgpu', 'webgl2']);
    expect(new BackendPolicy(forcedBackend('?renderer=webgl2')).order).toEqual(['webgl2']);
    expect(new BackendPolicy(forcedBackend('?renderer=webgpu')).order).toEqual(['webgpu']);
    expect(new BackendPolicy(forcedBackend('?renderer=vulkan')).order).toEqual(['webgpu', 'webgl2']);
    expect(new BackendPolicy().triesFirst('webgpu')).toBe(true);
    expect(new BackendPolicy('webgl2').triesFirst('webgpu')).toBe(false);
  });

  it('after a lost device tries the same backend again, then those after it, even when one was forced', () => {
    expect(new BackendPolicy().afterLoss('webgpu')).toEqual(['webgpu', 'webgl2']);
    expect(new BackendPolicy('webgpu').afterLoss('webgpu')).toEqual(['webgpu', 'webgl2']);
    expect(new BackendPolicy().afterLoss('webgl2')).toEqual(['webgl2']);
  });

  it('gives the first backend that starts, with the reasons of those before it', async () => {
    const tried: Backend[] = [];
    const outcome = await new BackendPolicy().firstThatStarts((backend) => {
      tried.push(backend);
      if (backend === 'webgpu') throw new Error('no adapter');
      return 'drawn';
    });
    expect(tried).toEqual(['webgpu', 'webgl2']);
    expect(outcome).toEqual({ started: { backend: 'webgl2', value: 'drawn' }, reasons: ['no adapter'] });
  });

  it('says why nothing started when no backend gives a value', async () => {
    const outcome = await new BackendPolicy().firstThatStarts(async () => undefined);
    expect(outcome).toEqual({ reasons: ['webgpu did not start', 'webgl2 did not start'] });
  });
});
