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
