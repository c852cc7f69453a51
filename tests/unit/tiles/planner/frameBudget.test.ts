import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../src/layout/random';
import { FixedBudget, FrameBudget, GROW_BELOW, SHRINK_ABOVE, type StarBudget } from '../../../../src/tiles/planner/frameBudget';

/** A device whose frame costs a fixed part plus a part per star drawn, with seeded noise. */
interface Device {
  fixedMs: number;
  msPerStar: number;
  /** ±noise as a share of the cost, uniform. */
  noise?: number;
}

/**
 * Flies for `seconds` with the camera moving: each frame draws as many stars as the budget allows
 * (of `available` in view) and lasts what the device says; returns the budgets after each change
 * and the time of each.
 */
function fly(budget: StarBudget, device: () => Device, seconds: number, options: { start?: number; available?: number; seed?: number } = {}) {
  const next = seededRandom(options.seed ?? 1);
  const changes: Array<{ at: number; stars: number }> = [];
  let now = options.start ?? 0;
  const end = now + seconds * 1000;
  const costs: number[] = [];
  while (now < end) {
    const d = device();
    const drawn = Math.min(budget.stars, options.available ?? Number.POSITIVE_INFINITY);
    const cost = (d.fixedMs + d.msPerStar * drawn) * (1 + (d.noise ?? 0) * (2 * next() - 1));
    now += cost;
    costs.push(cost);
    const changed = budget.frame(now, cost, drawn);
    if (changed !== undefined) changes.push({ at: now, stars: changed });
  }
  return { changes, now, costs };
}

function costOf(device: Device, stars: number): number {
  return device.fixedMs + device.msPerStar * stars;
}

const limits = { floor: 20_000, ceiling: 20_000_000 };

describe('the star budget that follows the frame', () => {
  it('grows on a strong GPU until its frames reach the target, then holds', () => {
    const strong: Device = { fixedMs: 1, msPerStar: 2e-6 }; // 10M stars in 21 ms
    const budget = new FrameBudget({ targetFps: 60, initial: 2_000_000, ...limits });
    const { changes } = fly(budget, () => strong, 20);
    expect(changes.length).toBeGreaterThan(0);
    const load = costOf(strong, budget.stars) / budget.targetFrameMs;
    expect(load).toBeGreaterThanOrEqual(GROW_BELOW);
    expect(load).toBeLessThanOrEqual(SHRINK_ABOVE);
    expect(budget.stars).toBeGreaterThan(4_000_000);
    // Settled: the last change came early, nothing moved in the last 15 s.
    expect(changes[changes.length - 1].at).toBeLessThan(5_000);
  });

  it('shrinks on a weak device until its frames reach the target', () => {
    const software: Device = { fixedMs: 10, msPerStar: 5e-4 }; // SwiftShader-like: 100k stars in 60 ms
    const budget = new FrameBudget({ targetFps: 30, initial: 100_000, ...limits });
    fly(budget, () => software, 20);
    const load = costOf(software, budget.stars) / budget.targetFrameMs;
    expect(load).toBeGreaterThanOrEqual(GROW_BELOW);
    expect(load).toBeLessThanOrEqual(SHRINK_ABOVE);
    expect(budget.stars).toBeLessThan(60_000);
  });

  it('grows past the software default where a low target leaves headroom (fps=5)', () => {
    const software: Device = { fixedMs: 10, msPerStar: 1e-3 };
    const budget = new FrameBudget({ targetFps: 5, initial: 100_000, ...limits });
    fly(budget, () => software, 60);
    expect(budget.stars).toBeGreaterThan(100_000);
    const load = costOf(software, budget.stars) / budget.targetFrameMs;
    expect(load).toBeGreaterThanOrEqual(GROW_BELOW);
    expect(load).toBeLessThanOrEqual(SHRINK_ABOVE);
  });

  it('settles within 1.3x of the target even where much of a frame does not depend on its stars', () => {
    const device: Device = { fixedMs: 80, msPerStar: 1e-3 }; // 40% of a 5 fps frame is fixed
    const budget = new FrameBudget({ targetFps: 5, initial: 25_000, floor: 20_000, ceiling: 20_000_000 });
    fly(budget, () => device, 120);
    const load = costOf(device, budget.stars) / budget.targetFrameMs;
    expect(load).toBeGreaterThanOrEqual(1 / 1.3);
    expect(load).toBeLessThanOrEqual(SHRINK_ABOVE);
  });

  it('holds still under ±30% noise on every frame once settled, on fast and slow devices', () => {
    const settled: Array<[string, Device, number, number]> = [
      ['a GPU at 60 fps', { fixedMs: 2, msPerStar: 4e-6 }, 60, 3_000_000], // 14 ms of 16.7
      ['a GPU at 60 fps with a large fixed cost', { fixedMs: 5, msPerStar: 9e-6 }, 60, 1_000_000],
      ['a software rasteriser at 8 fps', { fixedMs: 10, msPerStar: 1e-3 }, 8, 100_000], // 110 ms of 125
      ['a software rasteriser at 6 fps', { fixedMs: 10, msPerStar: 1e-3 }, 6, 150_000],
    ];
    for (const [name, device, targetFps, initial] of settled) {
      for (let seed = 1; seed <= 20; seed++) {
        const budget = new FrameBudget({ targetFps, initial, ...limits });
        const { changes } = fly(budget, () => ({ ...device, noise: 0.3 }), 60, { seed });
        expect(changes, `${name}, seed ${seed}`).toEqual([]);
      }
    }
  });

  it('reacts to a sudden slowdown within a second', () => {
    let device: Device = { fixedMs: 1, msPerStar: 4e-6 };
    const budget = new FrameBudget({ targetFps: 60, initial: 3_000_000, ...limits });
    const settled = fly(budget, () => device, 5);
    const before = budget.stars;
    device = { fixedMs: 1, msPerStar: 12e-6 }; // three times slower: another tab took the GPU
    const slowed = fly(budget, () => device, 1, { start: settled.now });
    expect(slowed.changes.length).toBeGreaterThan(0);
    expect(slowed.changes[0].at - settled.now).toBeLessThan(1000);
    expect(budget.stars).toBeLessThan(before / 2);
  });

  it('never goes below the floor nor above the ceiling', () => {
    const hopeless: Device = { fixedMs: 500, msPerStar: 1e-2 };
    const low = new FrameBudget({ targetFps: 60, initial: 100_000, floor: 40_000, ceiling: 1_000_000 });
    fly(low, () => hopeless, 30);
    expect(low.stars).toBe(40_000);
    const free: Device = { fixedMs: 0.1, msPerStar: 1e-9 };
    const high = new FrameBudget({ targetFps: 60, initial: 100_000, floor: 40_000, ceiling: 1_000_000 });
    fly(high, () => free, 30);
    expect(high.stars).toBe(1_000_000);
  });

  it('does not grow when fewer stars are in view than the budget allows', () => {
    const strong: Device = { fixedMs: 1, msPerStar: 2e-6 };
    const budget = new FrameBudget({ targetFps: 60, initial: 1_000_000, ...limits });
    const { changes } = fly(budget, () => strong, 10, { available: 300_000 });
    expect(changes).toEqual([]);
  });

  it('judges no frame drawn before the camera came to rest against the next flight', () => {
    const budget = new FrameBudget({ targetFps: 60, initial: 1_000_000, ...limits });
    // Two slow frames, then rest: the next flight's first fast frame must not make a window with them.
    budget.frame(0, 40, 1_000_000);
    budget.frame(40, 40, 1_000_000);
    budget.rest();
    expect(budget.frame(10_000, 12, 1_000_000)).toBeUndefined();
    expect(budget.frame(10_012, 12, 1_000_000)).toBeUndefined();
    expect(budget.stars).toBe(1_000_000);
  });

  it('is fixed when the address asks for a budget', () => {
    const fixed = new FixedBudget(750_000);
    const { changes } = fly(fixed, () => ({ fixedMs: 100, msPerStar: 1e-3 }), 10);
    expect(changes).toEqual([]);
    expect(fixed.stars).toBe(750_000);
  });
});
