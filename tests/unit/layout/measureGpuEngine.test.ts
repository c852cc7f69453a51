import { afterEach, describe, expect, it, vi } from 'vitest';
import { measureGpuEngine } from '../../../src/layout/gpu/measureGpuEngine';

/** A path of `stars` stars: every star linked, so the whole sample is timed. */
function path(stars: number) {
  const links = new Uint32Array(2 * (stars - 1));
  for (let k = 0; k < stars - 1; k++) links.set([k, k + 1], 2 * k);
  return { nodeCount: stars, links };
}

/** A device that counts what is asked of it besides being destroyed, and refuses it. */
function countingDevice() {
  const asked: string[] = [];
  let destroyed = false;
  const device = new Proxy(
    {},
    {
      get(_target, property) {
        if (property === 'destroy') return () => (destroyed = true);
        if (property === 'then') return undefined;
        asked.push(String(property));
        throw new Error(`the device was asked for ${String(property)}`);
      },
    },
  );
  return { device, asked, destroyed: () => destroyed };
}

/**
 * A device that makes layouts and modules, compiles pipelines only through createComputePipelineAsync
 * (counted, each answered on a later task, as a compile under way would be) and refuses anything else.
 */
function compilingDevice(onCompiled: (count: number) => void) {
  const asked: string[] = [];
  let compiled = 0;
  let destroyed = false;
  const made = () => ({});
  const answers: Record<string, unknown> = {
    createBindGroupLayout: made,
    createShaderModule: made,
    createPipelineLayout: made,
    createComputePipelineAsync: async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      onCompiled(++compiled);
      return {};
    },
    destroy: () => (destroyed = true),
  };
  const device = new Proxy(
    {},
    {
      get(_target, property) {
        if (property === 'then') return undefined;
        if (typeof property === 'string' && property in answers) return answers[property];
        asked.push(String(property));
        throw new Error(`the device was asked for ${String(property)}`);
      },
    },
  );
  return { device, asked, compiled: () => compiled, destroyed: () => destroyed };
}

function stubAdapter(device: object, onDevice = () => {}) {
  const adapter = {
    limits: { maxStorageBufferBindingSize: 1 << 27, maxBufferSize: 1 << 28 },
    requestDevice: async () => {
      onDevice();
      return device;
    },
  };
  vi.stubGlobal('navigator', { gpu: { requestAdapter: async () => adapter } });
  vi.stubGlobal('GPUShaderStage', { COMPUTE: 4 });
  vi.stubGlobal('GPUBufferUsage', { MAP_READ: 1, COPY_SRC: 4, COPY_DST: 8, UNIFORM: 64, STORAGE: 128 });
}

afterEach(() => vi.unstubAllGlobals());

describe('the WebGPU calibration past its deadline', () => {
  it('compiles nothing when the page stopped waiting while the device was requested, and destroys the device', async () => {
    const { device, asked, destroyed } = countingDevice();
    const stop = new AbortController();
    const adapter = {
      limits: { maxStorageBufferBindingSize: 1 << 27, maxBufferSize: 1 << 28 },
      requestDevice: async () => {
        stop.abort(); // the deadline passes while SwiftShader makes the device
        return device;
      },
    };
    vi.stubGlobal('navigator', { gpu: { requestAdapter: async () => adapter } });
    await expect(measureGpuEngine(path(40), 1, 50, stop.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(asked).toEqual([]);
    expect(destroyed()).toBe(true);
  });

  it('stops compiling pipelines when the deadline passes between two compiles, makes no buffer, and destroys the device', async () => {
    const stop = new AbortController();
    const { device, asked, compiled, destroyed } = compilingDevice((count) => {
      if (count === 2) stop.abort(); // the deadline passes while the second pipeline compiles
    });
    stubAdapter(device);
    await expect(measureGpuEngine(path(40), 1, 50, stop.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(compiled()).toBe(2);
    expect(asked).toEqual([]);
    expect(destroyed()).toBe(true);
  });

  it('compiles every pipeline through createComputePipelineAsync, never the blocking createComputePipeline', async () => {
    const { device, asked, compiled, destroyed } = compilingDevice(() => {});
    stubAdapter(device);
    // The fake device has no buffers: the first thing asked after the compiles is createBuffer.
    await expect(measureGpuEngine(path(40), 1, 50)).rejects.toThrow('the device was asked for createBuffer');
    expect(compiled()).toBe(21); // 12 of the engine's passes and 9 of the tree's
    expect(asked).toEqual(['createBuffer']);
    expect(destroyed()).toBe(true);
  });
});
