import { describe, expect, it } from 'vitest';
import { frameMilliseconds, MAX_GPU_FRAME_MS, ReadbackRing } from '../../../src/renderer/webgpu/frameStamps';
import { WebGPUGpuTimer } from '../../../src/renderer/webgpu/gpuTimer';

describe('a frame timed by WebGPU timestamps', () => {
  it('is the nanoseconds from the first pass start to the last pass end, in milliseconds', () => {
    expect(frameMilliseconds(5_000_000_000n, 5_004_250_000n)).toBeCloseTo(4.25, 9);
    expect(frameMilliseconds(7n, 7n)).toBe(0);
  });

  it('is no time where a stamp was never written, the counter wrapped or was reset, or the clock jumped', () => {
    expect(frameMilliseconds(0n, 3_000_000n)).toBeUndefined();
    expect(frameMilliseconds(2n ** 64n - 1_000n, 2_000_000n)).toBeUndefined();
    expect(frameMilliseconds(9_000_000n, 1_000_000n)).toBeUndefined();
    expect(frameMilliseconds(1n, 1n + BigInt(MAX_GPU_FRAME_MS + 1) * 1_000_000n)).toBeUndefined();
  });
});

describe('the ring of readback buffers', () => {
  it('hands out each slot once until it is given back, round the ring, and none when all wait', () => {
    const ring = new ReadbackRing(3);
    expect([ring.take(), ring.take(), ring.take()]).toEqual([0, 1, 2]);
    expect(ring.take()).toBeUndefined();
    expect(ring.taken).toBe(3);
    ring.give(1);
    expect(ring.take()).toBe(1);
    ring.give(0);
    ring.give(2);
    expect(ring.take()).toBe(2);
    expect(ring.take()).toBe(0);
    expect(ring.taken).toBe(3);
  });
});

/** A device reduced to what the timer uses: each map comes when `land` is called, with the stamps of `stampsOf` for its buffer's last copy. */
function fakeDevice(features: string[]) {
  let loseDevice!: () => void;
  const lost = new Promise<void>((resolve) => (loseDevice = resolve));
  const maps: Array<() => void> = [];
  let frame = 0;
  const contents = new Map<object, BigUint64Array>();
  const device = {
    features: new Set(features),
    lost,
    createQuerySet: () => ({ destroy() {} }),
    createBuffer: () => {
      const buffer = {
        mapAsync: () => new Promise<void>((resolve) => maps.push(resolve)),
        getMappedRange: () => contents.get(buffer)!.buffer,
        unmap() {},
        destroy() {},
      };
      return buffer;
    },
  };
  const encoder = {
    resolveQuerySet() {},
    copyBufferToBuffer(_from: object, _at: number, to: object) {
      frame++;
      contents.set(to, BigUint64Array.from([BigInt(frame) * 1_000_000_000n, BigInt(frame) * 1_000_000_000n + BigInt(frame) * 1_000_000n]));
    },
  };
  return {
    device: device as unknown as GPUDevice,
    encoder: encoder as unknown as GPUCommandEncoder,
    /** Lets the oldest `count` maps come. */
    async land(count: number) {
      for (const resolve of maps.splice(0, count)) resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    lose: () => loseDevice(),
  };
}

describe('the WebGPU GPU timer', () => {
  Object.assign(globalThis, { GPUBufferUsage: { QUERY_RESOLVE: 0x200, COPY_SRC: 4, COPY_DST: 8, MAP_READ: 1 }, GPUMapMode: { READ: 1 } });
  const frame = (timer: WebGPUGpuTimer, fake: ReturnType<typeof fakeDevice>) => {
    const writes = timer.begin();
    timer.resolve(fake.encoder);
    timer.read();
    return writes;
  };

  it('is not there where the device lacks timestamp-query', () => {
    expect(WebGPUGpuTimer.create(fakeDevice([]).device)).toBeUndefined();
  });

  it('gives each timed frame its milliseconds once its map comes, and leaves a frame untimed while every readback buffer waits', async () => {
    const fake = fakeDevice(['timestamp-query']);
    const timer = WebGPUGpuTimer.create(fake.device)!;
    for (let i = 0; i < 4; i++) expect(frame(timer, fake)).toBeDefined();
    expect(frame(timer, fake)).toBeUndefined();
    expect(timer.finished()).toEqual([]);
    await fake.land(2);
    expect(timer.finished()).toEqual([1, 2]);
    expect(timer.finished()).toEqual([]);
    expect(frame(timer, fake)).toBeDefined();
    await fake.land(3);
    expect(timer.finished()).toEqual([3, 4, 5]);
  });

  it('writes the first pass start and the last pass end to the same two queries every frame (made once)', () => {
    const fake = fakeDevice(['timestamp-query']);
    const timer = WebGPUGpuTimer.create(fake.device)!;
    const first = frame(timer, fake)!;
    const second = frame(timer, fake)!;
    expect(second).toBe(first);
    expect(first.first).toMatchObject({ beginningOfPassWriteIndex: 0 });
    expect(first.first).not.toHaveProperty('endOfPassWriteIndex');
    expect(first.last).toMatchObject({ endOfPassWriteIndex: 1 });
    expect(first.only).toMatchObject({ beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 });
  });

  it('drops what was measured and times nothing more once the device is lost', async () => {
    const fake = fakeDevice(['timestamp-query']);
    const timer = WebGPUGpuTimer.create(fake.device)!;
    frame(timer, fake);
    frame(timer, fake);
    await fake.land(1);
    fake.lose();
    await fake.land(1);
    expect(timer.finished()).toEqual([]);
    expect(frame(timer, fake)).toBeUndefined();
  });
});
