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
});
