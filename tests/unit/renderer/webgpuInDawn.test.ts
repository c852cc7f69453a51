import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runInDawn } from '../../support/dawnChild';

/** A Vulkan driver Dawn can use here: one installed, or Chromium's SwiftShader (src/layout/gpu/node/vulkanEnvironment.ts). */
const haveVulkan =
  Boolean(process.env.VK_ICD_FILENAMES || process.env.VK_DRIVER_FILES) ||
  ['/usr/share/vulkan/icd.d', '/etc/vulkan/icd.d', '/usr/lib/chromium/vk_swiftshader_icd.json'].some((path) => existsSync(path));

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
