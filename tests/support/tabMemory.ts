import type { CDPSession, Page } from 'playwright-core';

/**
 * What a tab holds, measured from outside the app: the main thread's JS heap (Chrome DevTools
 * Protocol) and the bytes of the GPU buffers alive on either backend. The GPU side comes from
 * `GPU_BUFFER_METER`, an init script that wraps `GPUDevice.createBuffer` / `GPUBuffer.destroy` and
 * WebGL2's `bufferData` / `deleteBuffer`, so the app's code stays as visitors get it. Textures (the
 * names atlas, WebGPU's splat targets) and workers' heaps are not counted.
 */
export interface TabMemory {
  jsHeapBytes: number;
  gpuBufferBytes: number;
}

/**
 * Page script (a string: tsx would wrap named functions in a helper the page lacks). Keeps
 * `window.__gpuBufferMeter = { bytes, peak, device, gl }`; device and gl are the last ones that made
 * a buffer, so that a benchmark can wait for their work (`onSubmittedWorkDone`, `readPixels`).
 */
export const GPU_BUFFER_METER = `(() => {
  const meter = { bytes: 0, peak: 0, device: undefined, gl: undefined };
  Object.defineProperty(window, '__gpuBufferMeter', { value: meter });
  const add = (delta) => {
    meter.bytes += delta;
    if (meter.bytes > meter.peak) meter.peak = meter.bytes;
  };
  if (typeof GPUDevice !== 'undefined' && typeof GPUBuffer !== 'undefined') {
    const sizes = new WeakMap();
    const createBuffer = GPUDevice.prototype.createBuffer;
    GPUDevice.prototype.createBuffer = function (descriptor) {
      const buffer = createBuffer.call(this, descriptor);
      meter.device = this;
      sizes.set(buffer, descriptor.size);
      add(descriptor.size);
      return buffer;
    };
    const destroy = GPUBuffer.prototype.destroy;
    GPUBuffer.prototype.destroy = function () {
      const size = sizes.get(this);
      if (size !== undefined) {
        sizes.delete(this);
        add(-size);
      }
      return destroy.call(this);
    };
  }
  if (typeof WebGL2RenderingContext !== 'undefined') {
    const proto = WebGL2RenderingContext.prototype;
    const sizes = new WeakMap();
    const bound = new WeakMap();
    const bindBuffer = proto.bindBuffer;
    proto.bindBuffer = function (target, buffer) {
      let targets = bound.get(this);
      if (!targets) bound.set(this, (targets = new Map()));
      targets.set(target, buffer);
      return bindBuffer.call(this, target, buffer);
    };
    const bufferData = proto.bufferData;
    proto.bufferData = function (target, source, usage, srcOffset, length) {
      const buffer = bound.get(this)?.get(target);
      let bytes = 0;
      if (typeof source === 'number') bytes = source;
      else if (source && ArrayBuffer.isView(source)) {
        const element = source.BYTES_PER_ELEMENT ?? 1;
        bytes = length ? length * element : source.byteLength - (srcOffset ?? 0) * element;
      } else if (source) bytes = source.byteLength;
      if (buffer) {
        add(bytes - (sizes.get(buffer) ?? 0));
        sizes.set(buffer, bytes);
      }
      meter.gl = this;
      return bufferData.apply(this, arguments);
    };
    const deleteBuffer = proto.deleteBuffer;
    proto.deleteBuffer = function (buffer) {
      const size = buffer ? sizes.get(buffer) : undefined;
      if (size !== undefined) {
        sizes.delete(buffer);
        add(-size);
      }
      return deleteBuffer.call(this, buffer);
    };
  }
})();`;

/** Starts the DevTools metrics the heap figure comes from; call once per page. */
export async function startHeapMetrics(cdp: CDPSession): Promise<void> {
  await cdp.send('Performance.enable');
}

export async function tabMemory(page: Page, cdp: CDPSession): Promise<TabMemory> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const jsHeapBytes = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  const gpuBufferBytes = await page.evaluate('window.__gpuBufferMeter ? window.__gpuBufferMeter.bytes : 0');
  return { jsHeapBytes, gpuBufferBytes: Number(gpuBufferBytes) };
}

/** Peaks of the samples taken every `everyMs` until `stop()`: JS heap, GPU buffers and their sum at one moment. */
export interface MemoryPeaks {
  jsHeapBytes: number;
  gpuBufferBytes: number;
  totalBytes: number;
  samples: number;
}

export function sampleTabMemory(page: Page, cdp: CDPSession, everyMs = 500): { stop(): Promise<MemoryPeaks>; peaks(): MemoryPeaks } {
  const peaks: MemoryPeaks = { jsHeapBytes: 0, gpuBufferBytes: 0, totalBytes: 0, samples: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const { jsHeapBytes, gpuBufferBytes } = await tabMemory(page, cdp);
        peaks.jsHeapBytes = Math.max(peaks.jsHeapBytes, jsHeapBytes);
        peaks.gpuBufferBytes = Math.max(peaks.gpuBufferBytes, gpuBufferBytes);
        peaks.totalBytes = Math.max(peaks.totalBytes, jsHeapBytes + gpuBufferBytes);
        peaks.samples++;
      } catch {
        // The page navigated or closed between two samples: the next one tells.
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    peaks: () => ({ ...peaks }),
    async stop() {
      running = false;
      await loop;
      return { ...peaks };
    },
  };
}
