import { afterEach, describe, expect, it, vi } from 'vitest';
import { EarlyWebGPUDevice } from '../../../src/renderer/webgpu/device';

const device = { label: 'early device' } as unknown as GPUDevice;
const adapter = { features: new Set<string>(), info: { vendor: 'test', architecture: '', device: '', description: '' }, requestDevice: async () => device } as unknown as GPUAdapter;

function withGpu(): void {
  vi.stubGlobal('navigator', { gpu: { requestAdapter: async () => adapter } });
}

/** Whether `promise` has settled after the pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe("the page's early WebGPU device", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is handed to the renderer only once the first stars drawn on it are done on the GPU', async () => {
    withGpu();
    const early = new EarlyWebGPUDevice();
    early.start();
    let finishFrame = () => {};
    early.holdUntilDrawn(new Promise<void>((resolve) => (finishFrame = resolve)));
    const taken = early.takeDevice({} as HTMLCanvasElement);
    expect(await settled(taken)).toBe(false);
    finishFrame();
    expect((await taken).started?.device).toBe(device);
  });

  it("tells the entry when the first stars' frame is done, so that the viewer's code runs after it", async () => {
    const early = new EarlyWebGPUDevice();
    expect(await settled(early.firstStarsDone())).toBe(true);
    let finishFrame = () => {};
    early.holdUntilDrawn(new Promise<void>((resolve) => (finishFrame = resolve)));
    const done = early.firstStarsDone();
    expect(await settled(done)).toBe(false);
    finishFrame();
    expect(await settled(done)).toBe(true);
    const lost = new EarlyWebGPUDevice();
    lost.holdUntilDrawn(Promise.reject(new Error('device lost')));
    expect(await settled(lost.firstStarsDone())).toBe(true);
  });

  it('is handed over at once when no first stars were drawn, and despite a frame whose wait failed', async () => {
    withGpu();
    const undrawn = new EarlyWebGPUDevice();
    undrawn.start();
    expect((await undrawn.takeDevice({} as HTMLCanvasElement)).started?.device).toBe(device);
    const lost = new EarlyWebGPUDevice();
    lost.start();
    lost.holdUntilDrawn(Promise.reject(new Error('device lost')));
    expect((await lost.takeDevice({} as HTMLCanvasElement)).started?.device).toBe(device);
  });
});
