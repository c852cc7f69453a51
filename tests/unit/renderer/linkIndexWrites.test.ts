import { beforeAll, describe, expect, it } from 'vitest';
import { WebGL2Links } from '../../../src/renderer/webgl2/links';
import { WebGPULinks } from '../../../src/renderer/webgpu/links';

/** Bytes each backend handed the GPU for link indices, and what its index buffer holds. */
interface Uploads {
  bytes: number;
  calls: number;
  held: Uint32Array;
}

/** A WebGL2 stand-in that keeps the element buffer's bytes (every other call does nothing). */
function fakeGl(): { gl: WebGL2RenderingContext; uploads: Uploads } {
  const uploads: Uploads = { bytes: 0, calls: 0, held: new Uint32Array(0) };
  const calls: Record<string, (...args: never[]) => unknown> = {
    getShaderParameter: () => true,
    getProgramParameter: () => true,
    createProgram: () => ({}),
    createShader: () => ({}),
    createBuffer: () => ({}),
    createVertexArray: () => ({}),
    getUniformLocation: () => ({}),
    bufferData: (target: number, data: number | Uint32Array) => {
      if (target !== 0x8893) return;
      uploads.calls++;
      const size = typeof data === 'number' ? data : data.byteLength;
      uploads.held = new Uint32Array(size / 4);
      if (typeof data !== 'number') {
        uploads.held.set(data);
        uploads.bytes += data.byteLength;
      }
    },
    bufferSubData: (target: number, offset: number, data: Uint32Array, from = 0, length = data.length - from) => {
      if (target !== 0x8893) return;
      uploads.calls++;
      uploads.held.set(data.subarray(from, from + length), offset / 4);
      uploads.bytes += length * 4;
    },
  };
  const gl = new Proxy(calls, { get: (target, key: string) => target[key] ?? (key.toUpperCase() === key ? (key === 'ELEMENT_ARRAY_BUFFER' ? 0x8893 : 1) : () => {}) });
  return { gl: gl as unknown as WebGL2RenderingContext, uploads };
}

/** A WebGPU device stand-in that keeps the link index buffer's bytes. */
function fakeDevice(): { device: GPUDevice; uploads: Uploads } {
  const uploads: Uploads = { bytes: 0, calls: 0, held: new Uint32Array(0) };
  const device = {
    createShaderModule: () => ({}),
    createRenderPipeline: () => ({ getBindGroupLayout: () => ({}) }),
    createBindGroup: () => ({}),
    createBuffer: ({ size }: GPUBufferDescriptor) => {
      const held = new Uint32Array(size / 4);
      return {
        getMappedRange: () => held.buffer,
        unmap: () => {
          uploads.calls++;
          uploads.held = held;
          // A mapped buffer's bytes all cross, whatever the pairs fill.
          uploads.bytes += size;
        },
        destroy: () => {},
      };
    },
    queue: {
      writeBuffer: (_buffer: GPUBuffer, offset: number, data: Uint32Array, from: number, length: number) => {
        uploads.calls++;
        uploads.held.set(data.subarray(from, from + length), offset / 4);
        uploads.bytes += length * 4;
      },
    },
  };
  return { device: device as unknown as GPUDevice, uploads };
}

const backends = {
  webgl2: () => {
    const { gl, uploads } = fakeGl();
    return { links: new WebGL2Links(gl, { positionBuffer: {} as WebGLBuffer, colorBuffer: {} as WebGLBuffer }), uploads };
  },
  webgpu: () => {
    const { device, uploads } = fakeDevice();
    return { links: new WebGPULinks(device, 'rgba8unorm', {} as GPUBuffer), uploads };
  },
};

beforeAll(() => {
  // The WebGPU globals Node lacks: only the flags' values matter here.
  (globalThis as { GPUBufferUsage?: object }).GPUBufferUsage ??= { INDEX: 16, COPY_DST: 8 };
});

describe.each(Object.entries(backends))('link indices on %s', (_, make) => {
  it('writes only the index ranges that changed, not every pair again', () => {
    const { links, uploads } = make();
    const pairs = Uint32Array.from({ length: 20_000 }, (_, i) => i);
    links.write(pairs, [{ start: 0, count: pairs.length }]);
    expect(uploads.held.subarray(0, pairs.length)).toEqual(pairs);
    const [bytes, calls] = [uploads.bytes, uploads.calls];

    // A tile's 40 pairs went: the last 80 indices filled their places; the pairs are 80 shorter.
    const after = pairs.slice(0, pairs.length - 80);
    after.set(pairs.subarray(pairs.length - 80), 1000);
    links.write(after, [{ start: 1000, count: 80 }]);
    expect(uploads.bytes - bytes).toBe(80 * 4);
    expect(uploads.calls - calls).toBe(1);
    expect(uploads.held.subarray(0, after.length)).toEqual(after);
  });

  it('sets the pairs whole, with room to grow, once they outgrow the room held', () => {
    const { links, uploads } = make();
    links.set(Uint32Array.from({ length: 100 }, (_, i) => i));
    const bigger = Uint32Array.from({ length: 4000 }, (_, i) => i * 3);
    links.write(bigger, [{ start: 100, count: 3900 }]);
    expect(uploads.held.subarray(0, bigger.length)).toEqual(bigger);
    expect(uploads.held.length).toBeGreaterThan(bigger.length);
    const bytes = uploads.bytes;
    const more = Uint32Array.from({ length: 4200 }, (_, i) => i * 3);
    links.write(more, [{ start: 4000, count: 200 }]);
    expect(uploads.bytes - bytes).toBe(200 * 4);
    expect(uploads.held.subarray(0, more.length)).toEqual(more);
  });
});
