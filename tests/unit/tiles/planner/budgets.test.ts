import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_STREAMED_STAR,
  budgetWithStars,
  defaultBudget,
  deviceHints,
  MAX_STAR_BUDGET,
  MIN_STAR_BUDGET,
  openingBudget,
  SOFTWARE_STAR_BUDGET,
} from '../../../../src/tiles/planner/budgets';
import { holdingBudget } from '../../../../src/tiles/planner/holdingBudget';
import { parseBudgetKey } from '../../../../src/url/budgetKey';

const GiB = 1024 ** 3;

describe('default streaming budgets', () => {
  it('gives WebGL2 fewer stars than WebGPU on the same device', () => {
    const webgpu = defaultBudget({ backend: 'webgpu', deviceMemoryGiB: 8, cores: 8 });
    const webgl2 = defaultBudget({ backend: 'webgl2', deviceMemoryGiB: 8, cores: 8 });
    expect(webgpu.stars).toBe(4_000_000);
    expect(webgl2.stars).toBe(2_400_000);
    expect(webgpu.bytes).toBe(1 * GiB);
  });

  it('scales with the memory the device reports, and assumes 4 GiB when it reports none', () => {
    const small = defaultBudget({ backend: 'webgpu', deviceMemoryGiB: 1, cores: 8 });
    expect(small.bytes).toBe(GiB / 8);
    expect(small.stars).toBe(Math.round(GiB / 8 / BYTES_PER_STREAMED_STAR));
    expect(defaultBudget({ backend: 'webgpu', cores: 8 })).toEqual(defaultBudget({ backend: 'webgpu', deviceMemoryGiB: 4, cores: 8 }));
    expect(defaultBudget({ backend: 'webgpu', deviceMemoryGiB: Number.NaN, cores: 8 }).bytes).toBe(GiB / 2);
  });

  it('halves the stars on fewer than four cores', () => {
    expect(defaultBudget({ backend: 'webgpu', deviceMemoryGiB: 8, cores: 2 }).stars).toBe(2_000_000);
  });

  it('always leaves room in memory for the stars it draws', () => {
    for (const deviceMemoryGiB of [0.25, 0.5, 1, 2, 4, 8]) {
      for (const backend of ['webgpu', 'webgl2'] as const) {
        const budget = defaultBudget({ backend, deviceMemoryGiB, cores: 4 });
        expect(budget.bytes).toBeGreaterThanOrEqual(budget.stars * BYTES_PER_STREAMED_STAR);
        expect(budget.stars).toBeGreaterThanOrEqual(MIN_STAR_BUDGET);
      }
    }
  });

  it('reads the hints from navigator', () => {
    expect(deviceHints('webgl2', { deviceMemory: 2, hardwareConcurrency: 6 })).toEqual({ backend: 'webgl2', deviceMemoryGiB: 2, cores: 6, softwareRasteriser: false });
    expect(deviceHints('webgpu', undefined)).toEqual({ backend: 'webgpu', deviceMemoryGiB: undefined, cores: undefined, softwareRasteriser: false });
    expect(deviceHints('webgpu', undefined, true).softwareRasteriser).toBe(true);
  });

  it('gives a software rasteriser a small star budget on either backend, and hardware adapters their own', () => {
    for (const backend of ['webgpu', 'webgl2'] as const) {
      for (const cores of [2, 8]) {
        const software = defaultBudget({ backend, deviceMemoryGiB: 8, cores, softwareRasteriser: true });
        expect(software.stars).toBe(SOFTWARE_STAR_BUDGET);
        expect(software.bytes).toBeGreaterThanOrEqual(SOFTWARE_STAR_BUDGET * BYTES_PER_STREAMED_STAR);
        expect(defaultBudget({ backend, deviceMemoryGiB: 8, cores, softwareRasteriser: false })).toEqual(defaultBudget({ backend, deviceMemoryGiB: 8, cores }));
      }
    }
    // This machine: 2 cores, 8 GiB reported, SwiftShader.
    expect(defaultBudget({ backend: 'webgl2', deviceMemoryGiB: 8, cores: 2 }).stars).toBe(1_200_000);
    expect(defaultBudget({ backend: 'webgl2', deviceMemoryGiB: 8, cores: 2, softwareRasteriser: true }).stars).toBe(100_000);
  });

  it('lets budget= replace the software default too', () => {
    const software = defaultBudget({ backend: 'webgpu', deviceMemoryGiB: 8, cores: 2, softwareRasteriser: true });
    expect(budgetWithStars(software, 2_000_000).stars).toBe(2_000_000);
    expect(budgetWithStars(software, 2_000_000).bytes).toBeGreaterThanOrEqual(2_000_000 * BYTES_PER_STREAMED_STAR);
  });

  it('replaces the stars with the address budget and grows memory to hold them', () => {
    const base = defaultBudget({ backend: 'webgl2', deviceMemoryGiB: 2, cores: 4 });
    expect(budgetWithStars(base, undefined)).toBe(base);
    const big = budgetWithStars(base, 10_000_000);
    expect(big.stars).toBe(10_000_000);
    expect(big.bytes).toBeGreaterThanOrEqual(10_000_000 * BYTES_PER_STREAMED_STAR);
    const small = budgetWithStars(base, 100_000);
    expect(small.stars).toBe(100_000);
    expect(small.bytes).toBeLessThan(base.bytes);
    expect(budgetWithStars(base, 1e12).stars).toBe(MAX_STAR_BUDGET);
  });
});

describe('budget= in the galaxy address', () => {
  it('reads plain numbers, exponents and k or m suffixes', () => {
    expect(parseBudgetKey('budget=2000000')).toBe(2_000_000);
    expect(parseBudgetKey('?cx=1&budget=2e6')).toBe(2_000_000);
    expect(parseBudgetKey('budget=500k')).toBe(500_000);
    expect(parseBudgetKey('budget=1.5M')).toBe(1_500_000);
  });

  it('clamps to 50,000 .. 20,000,000 stars', () => {
    expect(parseBudgetKey('budget=10')).toBe(MIN_STAR_BUDGET);
    expect(parseBudgetKey('budget=1e9')).toBe(MAX_STAR_BUDGET);
  });

  it('falls back to the device default when missing or not a number', () => {
    expect(parseBudgetKey('cx=1')).toBeUndefined();
    expect(parseBudgetKey('budget=')).toBeUndefined();
    expect(parseBudgetKey('budget=lots')).toBeUndefined();
    expect(parseBudgetKey('budget=-5')).toBeUndefined();
    expect(parseBudgetKey('budget=2g')).toBeUndefined();
  });
});

describe('the budget a galaxy opens with', () => {
  it('is the device default: the software one on a CPU rasteriser, the backend\'s on a GPU', () => {
    expect(openingBudget({ backend: 'webgl2', softwareRasteriser: true, deviceMemoryGiB: 8, cores: 2 }).stars).toBe(SOFTWARE_STAR_BUDGET);
    expect(openingBudget({ backend: 'webgpu', softwareRasteriser: true, deviceMemoryGiB: 8, cores: 8 }).stars).toBe(SOFTWARE_STAR_BUDGET);
    expect(openingBudget({ backend: 'webgpu', deviceMemoryGiB: 8, cores: 8 }).stars).toBe(4_000_000);
    expect(openingBudget({ backend: 'webgl2', deviceMemoryGiB: 8, cores: 2 }).stars).toBe(1_200_000);
  });

  it('is budget= when the address gives it, clamped as budget= is', () => {
    const software = { backend: 'webgl2', softwareRasteriser: true } as const;
    expect(openingBudget(software, 150_000).stars).toBe(150_000);
    expect(openingBudget(software, 10).stars).toBe(MIN_STAR_BUDGET);
    expect(openingBudget({ backend: 'webgpu', deviceMemoryGiB: 8, cores: 8 }, 3e7).stars).toBe(MAX_STAR_BUDGET);
  });

  it('is the very budget a tiled galaxy\'s holding budget opens with', () => {
    for (const hints of [
      { backend: 'webgl2', softwareRasteriser: true },
      { backend: 'webgpu', deviceMemoryGiB: 2, cores: 4 },
      { backend: 'webgl2', deviceMemoryGiB: 8, cores: 16 },
    ] as const) {
      for (const asked of [undefined, 250_000]) expect(holdingBudget(hints, asked).stars).toEqual(openingBudget(hints, asked));
    }
  });
});
