import type { CDPSession, Page } from 'playwright-core';

/**
 * What a tab holds, measured from outside the app: the JS heaps of the page and of its workers
 * (Chrome DevTools Protocol `Runtime.getHeapUsage`: V8 objects, Blink objects and array buffers'
 * backing stores, where typed arrays live) and the bytes of the GPU buffers alive on either backend.
 * The GPU side comes from `GPU_BUFFER_METER`, an init script that wraps `GPUDevice.createBuffer` /
 * `GPUBuffer.destroy` and WebGL2's `bufferData` / `deleteBuffer`, so the app's code stays as
 * visitors get it. Textures (the names atlas, WebGPU's splat targets) are not counted.
 */
export interface TabMemory {
  /** The page's main thread. */
  mainHeapBytes: number;
  /** All its workers together (tile decoding, search, names, loader). */
  workerHeapBytes: number;
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

interface HeapUsage {
  usedSize: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

const heapBytes = (usage: HeapUsage) => usage.usedSize + (usage.embedderHeapUsedSize ?? 0) + (usage.backingStorageSize ?? 0);

/**
 * Reads a page's memory: its own heap through `cdp`, its workers' through the same session (auto-
 * attached without flattening, so that Playwright's CDPSession can reach them by message).
 */
export class TabMeter {
  private readonly workers = new Set<string>();
  private readonly pending = new Map<number, (result: HeapUsage | undefined) => void>();
  private nextId = 1;

  private constructor(
    private readonly page: Page,
    private readonly cdp: CDPSession,
  ) {}

  static async attach(page: Page, cdp: CDPSession): Promise<TabMeter> {
    const meter = new TabMeter(page, cdp);
    cdp.on('Target.attachedToTarget', (event) => {
      if (event.targetInfo.type === 'worker') meter.workers.add(event.sessionId);
    });
    cdp.on('Target.detachedFromTarget', (event) => {
      if (event.sessionId) meter.workers.delete(event.sessionId);
    });
    cdp.on('Target.receivedMessageFromTarget', (event) => {
      const reply = JSON.parse(event.message) as { id?: number; result?: HeapUsage };
      const resolve = reply.id === undefined ? undefined : meter.pending.get(reply.id);
      if (reply.id === undefined || !resolve) return;
      meter.pending.delete(reply.id);
      resolve(reply.result);
    });
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    return meter;
  }

  async sample(): Promise<TabMemory> {
    const main = (await this.cdp.send('Runtime.getHeapUsage')) as HeapUsage;
    const workers = await Promise.all([...this.workers].map((sessionId) => this.workerHeap(sessionId)));
    const gpuBufferBytes = Number(await this.page.evaluate('window.__gpuBufferMeter ? window.__gpuBufferMeter.bytes : 0'));
    return { mainHeapBytes: heapBytes(main), workerHeapBytes: workers.reduce((sum, bytes) => sum + bytes, 0), gpuBufferBytes };
  }

  /**
   * What the tab still holds once garbage is collected in the page and in every worker: peaks
   * include garbage not yet collected, whose amount follows the allocation rate and V8's timing.
   */
  async retained(): Promise<TabMemory> {
    await this.cdp.send('HeapProfiler.collectGarbage');
    await Promise.all([...this.workers].map((sessionId) => this.workerCall(sessionId, 'HeapProfiler.collectGarbage')));
    return this.sample();
  }

  /** Exact peak of the GPU buffers (kept in the page at every allocation). */
  async gpuBufferPeak(): Promise<number> {
    return Number(await this.page.evaluate('window.__gpuBufferMeter ? window.__gpuBufferMeter.peak : 0'));
  }

  private async workerHeap(sessionId: string): Promise<number> {
    const usage = await this.workerCall(sessionId, 'Runtime.getHeapUsage');
    return usage ? heapBytes(usage) : 0;
  }

  private async workerCall(sessionId: string, method: string): Promise<HeapUsage | undefined> {
    const id = this.nextId++;
    const reply = new Promise<HeapUsage | undefined>((resolve) => {
      this.pending.set(id, resolve);
      // A worker that ends between attaching and answering never answers.
      setTimeout(() => {
        this.pending.delete(id);
        resolve(undefined);
      }, 5_000);
    });
    try {
      await this.cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
    } catch {
      this.pending.delete(id);
      return undefined;
    }
    return reply;
  }
}

/** Peaks of the samples taken every `everyMs` until `stop()`; `totalBytes` is the largest sum at one moment. */
export interface MemoryPeaks {
  mainHeapBytes: number;
  workerHeapBytes: number;
  gpuBufferBytes: number;
  totalBytes: number;
  samples: number;
}

export function sampleTabMemory(meter: TabMeter, everyMs = 500): { stop(): Promise<MemoryPeaks>; peaks(): MemoryPeaks } {
  const peaks: MemoryPeaks = { mainHeapBytes: 0, workerHeapBytes: 0, gpuBufferBytes: 0, totalBytes: 0, samples: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const sample = await meter.sample();
        peaks.mainHeapBytes = Math.max(peaks.mainHeapBytes, sample.mainHeapBytes);
        peaks.workerHeapBytes = Math.max(peaks.workerHeapBytes, sample.workerHeapBytes);
        peaks.gpuBufferBytes = Math.max(peaks.gpuBufferBytes, sample.gpuBufferBytes);
        peaks.totalBytes = Math.max(peaks.totalBytes, sample.mainHeapBytes + sample.workerHeapBytes + sample.gpuBufferBytes);
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
