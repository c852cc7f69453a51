import { describe, expect, it } from 'vitest';
import { haveVulkan, runInDawn } from '../../support/dawnChild';

interface Drawn {
  adapter: string;
  /** Brightest r + g + b near each star's projected point. */
  stars: number[];
  gap: number;
  corner: number;
  lit: number;
}

describe('the WebGPU renderer in Node through Dawn (the gpu-render bench)', () => {
  it.skipIf(!haveVulkan)('draws stars into the offscreen texture where the camera sees them, and nothing between them', () => {
    const drawn = runInDawn<Drawn>('tests/bench/gpurender/drawFewStars.ts', {}, 120_000);
    expect(drawn.adapter).not.toBe('');
    for (const star of drawn.stars) expect(star).toBeGreaterThan(600);
    expect(drawn.gap).toBeLessThan(30);
    expect(drawn.corner).toBeLessThan(30);
    expect(drawn.lit).toBeGreaterThan(3);
    expect(drawn.lit).toBeLessThan(2_000);
  }, 150_000);
});

interface RepeatedFrame {
  /** Per frame (the view, the view again, a moved view, the first view again): the labels of the buffers written. */
  writes: string[][];
  /** Per frame: the GPU calls it made (device, queue, encoder, passes, canvas texture). */
  calls: number[];
  lit: number[];
  againSame: boolean;
  movedSame: boolean;
  backSame: boolean;
}

describe('a WebGPU frame drawn again in Node through Dawn', () => {
  it.skipIf(!haveVulkan)('draws the same picture at the same view, writing only the camera when the stars in view and the names did not change, in 17 GPU calls', () => {
    const result = runInDawn<RepeatedFrame>('tests/bench/gpurender/repeatedFrame.ts', {}, 120_000);
    expect(result.lit[0]).toBeGreaterThan(2_000);
    expect(result.againSame).toBe(true);
    expect(result.movedSame).toBe(false);
    expect(result.backSame).toBe(true);
    // The frame counters are reset by the clear of the splat depth, which shares their buffer: no write of their own.
    expect(result.writes[1]).toEqual(['frame uniforms']);
    // Encoder, clear, compute pass (begin, two pipelines and bind groups, two dispatches, end), canvas
    // texture (the attachment itself: no view made), render pass (begin, the recorded bundle, end),
    // finish, submit, the uniforms' write.
    expect(result.calls[1]).toBe(17);
    // A moved view writes the spans again where its cells come in another order; the names stand still.
    for (const writes of result.writes.slice(2)) expect(writes).not.toContain('label quads');
  }, 150_000);
});

interface FirstNames {
  warm: Array<{ made: string[]; namedPixels: number; unchangedByWarmUp: boolean }>;
}

describe('star names on WebGPU in Node through Dawn', () => {
  it.skipIf(!haveVulkan)('the labels pipeline warms up in the frame after the first stars without changing a pixel, and the first names shown make no texture or buffer', () => {
    const { warm } = runInDawn<FirstNames>('tests/bench/gpurender/firstNames.ts', { rounds: 1 }, 120_000);
    expect(warm[0].unchangedByWarmUp).toBe(true);
    expect(warm[0].made).toEqual([]);
    // Twenty bars of "letters", 100 x 10 px each, light up.
    expect(warm[0].namedPixels).toBeGreaterThan(10_000);
  }, 150_000);
});

interface GpuFrameTimes {
  adapter: string;
  software: boolean;
  timestampQuery: boolean;
  frames: number;
  always: { timed: boolean; times: number[]; lit: number };
  byDefault: { timed: boolean; times: number[]; lit: number };
}

describe("the WebGPU renderer's GPU frame times in Node through Dawn", () => {
  it.skipIf(!haveVulkan)('times each frame it draws by timestamp queries where the adapter has them; by default none on a software adapter, which draws the same', () => {
    const result = runInDawn<GpuFrameTimes>('tests/bench/gpurender/gpuFrameTimes.ts', {}, 120_000);
    expect(result.always.lit).toBeGreaterThan(20);
    expect(result.byDefault.lit).toBe(result.always.lit);
    if (!result.timestampQuery) {
      // This adapter has no timestamp-query: no renderer times frames, and both draw all the same.
      console.warn(`${result.adapter} offers no timestamp-query: no GPU frame times to check`);
      expect(result.always.timed).toBe(false);
      expect(result.always.times).toEqual([]);
      return;
    }
    expect(result.always.timed).toBe(true);
    expect(result.always.times).toHaveLength(result.frames);
    for (const ms of result.always.times) {
      expect(ms).toBeGreaterThan(0);
      expect(ms).toBeLessThan(10_000);
    }
    // A software adapter's frame costs CPU time, which frame intervals measure (the star budget).
    expect(result.byDefault.timed).toBe(!result.software);
    if (result.software) expect(result.byDefault.times).toEqual([]);
  }, 150_000);
});

interface FirstStarsWarmUp {
  error: string | null;
  pixel: number[];
  samePipeline: boolean;
}

describe("the first stars' warm-up on WebGPU in Node through Dawn", () => {
  it.skipIf(!haveVulkan)('draws one white star over the whole of its 1x1 target with the big stars pipeline, which the renderer then gets made', () => {
    const warmUp = runInDawn<FirstStarsWarmUp>('tests/bench/gpurender/firstStarsWarmUp.ts', {}, 120_000);
    expect(warmUp.error).toBeNull();
    // The star's centre: the sprite's full white, so its fragment shader ran (and was compiled) there.
    for (const channel of warmUp.pixel.slice(0, 3)) expect(channel).toBeGreaterThan(200);
    expect(warmUp.samePipeline).toBe(true);
  }, 150_000);
});
