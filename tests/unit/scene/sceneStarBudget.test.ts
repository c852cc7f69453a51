import { describe, expect, it } from 'vitest';
import { FrameIntervals, STALL_MS } from '../../../src/scene/frameIntervals';
import { SceneStarBudget } from '../../../src/scene/sceneStarBudget';
import type { StarBudgetRange, StarSource } from '../../../src/stars/starSource';
import { WholeGalaxyStars } from '../../../src/stars/wholeGalaxyStars';
import { boundsOfBox, Camera, wholeScenePose } from '../../../src/renderer/camera';
import { plannerCameraOf } from '../../../src/scene/plannerCamera';
import { SOFTWARE_STAR_BUDGET } from '../../../src/tiles/planner/budgets';

/** A star source reduced to its budget: draws min(budget, inView) stars. */
function budgetedSource(range: StarBudgetRange): { starBudget: StarBudgetRange; setStarBudget(stars: number): void; set: number[] } {
  const source = {
    set: [] as number[],
    starBudget: { ...range },
    setStarBudget(stars: number) {
      source.starBudget.stars = Math.max(range.floor, Math.min(range.ceiling, stars));
      source.set.push(stars);
    },
  };
  return source;
}

describe('frame intervals as the frame cost', () => {
  it('counts the interval between two frames drawn back to back while the camera moves', () => {
    const intervals = new FrameIntervals();
    expect(intervals.frame(0, 0, true)).toBeUndefined(); // the first frame of a flight has nothing before it
    expect(intervals.frame(120, 3, true)).toBe(120);
    expect(intervals.frame(240, 124, true)).toBe(120);
  });

  it('does not count idle time between moves, a rest, a stall or a hidden tab', () => {
    const intervals = new FrameIntervals();
    intervals.frame(0, 0, true);
    expect(intervals.frame(300, 280, true)).toBeUndefined(); // asked for late: the page was idle
    expect(intervals.frame(316, 301, false)).toBeUndefined(); // the camera rests
    expect(intervals.frame(332, 317, true)).toBeUndefined(); // moves again: starts afresh
    expect(intervals.frame(348, 333, true)).toBe(16);
    expect(intervals.frame(348 + STALL_MS + 1, 349, true)).toBeUndefined();
    intervals.interrupt();
    expect(intervals.frame(5000, 4990, true)).toBeUndefined();
  });
});

describe('the scene\'s star budget', () => {
  /** Flies with frames back to back on a device whose frame costs fixedMs + msPerStar per drawn star. */
  function fly(budget: SceneStarBudget, source: { starBudget: StarBudgetRange }, seconds: number, device: { fixedMs: number; msPerStar: number }, start = 0, moving = true) {
    let now = start;
    while (now < start + seconds * 1000) {
      const drawn = source.starBudget.stars;
      const cost = device.fixedMs + device.msPerStar * drawn;
      const askedAt = now + 1;
      now += cost;
      budget.frame(now, askedAt, moving, drawn);
    }
    return now;
  }

  it('grows past the software default at fps=5 on a device with headroom, and settles within 1.3x of the target', () => {
    const source = budgetedSource({ stars: 100_000, floor: 5_000, ceiling: 1_000_000 });
    const budget = new SceneStarBudget({ targetFps: 5 });
    budget.setSource(source as unknown as StarSource);
    const device = { fixedMs: 20, msPerStar: 4e-4 }; // 100k stars in 60 ms, 200 ms at 450k
    fly(budget, source, 60, device);
    expect(budget.stars).toBeGreaterThan(300_000);
    const frame = device.fixedMs + device.msPerStar * budget.stars!;
    expect(frame).toBeLessThan(200 * 1.3);
    expect(frame).toBeGreaterThan(200 / 1.3);
  });

  it('holds still while the camera rests, however slow the frames', () => {
    const source = budgetedSource({ stars: 100_000, floor: 5_000, ceiling: 1_000_000 });
    const budget = new SceneStarBudget({ targetFps: 60 });
    budget.setSource(source as unknown as StarSource);
    fly(budget, source, 10, { fixedMs: 100, msPerStar: 1e-3 }, 0, false);
    expect(source.set).toEqual([]);
    expect(budget.stars).toBe(100_000);
    expect(budget.framesMeasured, 'frames at rest are not measured').toBe(0);
  });

  it('is fixed by budget= whatever the frames cost, and follows a new policy', () => {
    const source = budgetedSource({ stars: 100_000, floor: 5_000, ceiling: 1_000_000 });
    const budget = new SceneStarBudget({ targetFps: 60, fixedStars: 250_000 });
    budget.setSource(source as unknown as StarSource);
    expect(budget.stars).toBe(250_000);
    fly(budget, source, 10, { fixedMs: 100, msPerStar: 1e-3 });
    expect(budget.stars).toBe(250_000);
    // Every frame after the first (which has no interval before it) was measured, fixed or not: the e2e tests count them.
    expect(budget.framesMeasured).toBe(Math.ceil(10_000 / 350) - 1);
    budget.setPolicy({ targetFps: 60 });
    fly(budget, source, 10, { fixedMs: 100, msPerStar: 1e-3 }, 20_000);
    expect(budget.stars).toBe(5_000); // a hopeless device: the floor
  });

  it('takes GPU times where the renderer has them: a strong GPU at 60 fps grows, and times at rest are not judged', () => {
    const source = budgetedSource({ stars: 2_000_000, floor: 5_000, ceiling: 20_000_000 });
    const budget = new SceneStarBudget({ targetFps: 60 });
    budget.setSource(source as unknown as StarSource);
    // At rest: frames drawn for the names fading, GPU times slow, nothing moves.
    for (let frame = 0; frame < 200; frame++) budget.gpuFrame(frame * 16.7, [40], false, 2_000_000);
    expect(budget.stars).toBe(2_000_000);
    // Moving: vsync holds the intervals at 16.7 ms, the GPU says 3 ms a frame at 2M stars.
    for (let frame = 200; frame < 2000; frame++) {
      const drawn = source.starBudget.stars;
      budget.gpuFrame(frame * 16.7, [0.5 + 1.25e-6 * drawn], true, drawn);
    }
    expect(budget.stars).toBeGreaterThan(6_000_000);
    expect(0.5 + 1.25e-6 * budget.stars!).toBeLessThanOrEqual(16.7 * 1.15);
  });
});

describe('the budget a galaxy opens with', () => {
  /** A whole galaxy holds every star until told otherwise: its budget starts at its size. */
  const whole = (stars: number) => budgetedSource({ stars, floor: Math.min(stars, 50_000), ceiling: stars });

  it('brings a whole galaxy down to the device\'s opening budget, and grows from there', () => {
    const source = whole(1_000_000);
    const budget = new SceneStarBudget({ targetFps: 5, openingStars: SOFTWARE_STAR_BUDGET });
    budget.setSource(source as unknown as StarSource);
    expect(budget.stars).toBe(SOFTWARE_STAR_BUDGET);
    const device = { fixedMs: 20, msPerStar: 4e-4 };
    let now = 0;
    for (let frame = 0; frame < 400; frame++) {
      const cost = device.fixedMs + device.msPerStar * source.starBudget.stars;
      now += cost;
      budget.frame(now, now - cost + 1, true, source.starBudget.stars);
    }
    expect(budget.stars).toBeGreaterThan(SOFTWARE_STAR_BUDGET);
  });

  it('leaves a galaxy that fits it whole, and a tiled galaxy opened at it as it is', () => {
    const small = whole(60_000);
    const budget = new SceneStarBudget({ targetFps: 60, openingStars: SOFTWARE_STAR_BUDGET });
    budget.setSource(small as unknown as StarSource);
    expect(small.set).toEqual([]);
    const tiled = budgetedSource({ stars: SOFTWARE_STAR_BUDGET, floor: 3_000, ceiling: 1_000_000 });
    budget.setSource(tiled as unknown as StarSource);
    expect(tiled.set).toEqual([]);
    expect(budget.stars).toBe(SOFTWARE_STAR_BUDGET);
  });

  it('gives way to budget=, and once the device is known only lowers a galaxy not yet brought to it', () => {
    const fixed = whole(1_000_000);
    const budget = new SceneStarBudget({ targetFps: 60, fixedStars: 150_000, openingStars: SOFTWARE_STAR_BUDGET });
    budget.setSource(fixed as unknown as StarSource);
    expect(budget.stars).toBe(150_000);

    // The device answers after the galaxy is shown: every star until then, the opening budget after.
    const late = whole(1_000_000);
    const later = new SceneStarBudget({ targetFps: 60 });
    later.setSource(late as unknown as StarSource);
    expect(later.stars).toBe(1_000_000);
    later.setPolicy({ targetFps: 60, openingStars: SOFTWARE_STAR_BUDGET });
    expect(later.stars).toBe(SOFTWARE_STAR_BUDGET);
    // Grown since (the frame budget asked), a new fps= keeps it.
    late.setStarBudget(300_000);
    later.setPolicy({ targetFps: 30, openingStars: SOFTWARE_STAR_BUDGET });
    expect(later.stars).toBe(300_000);
  });

  it('draws a whole galaxy\'s cells within it', () => {
    const positions = new Float32Array(300_000 * 3);
    let seed = 7;
    for (let i = 0; i < positions.length; i++) positions[i] = ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 1000;
    const stars = new WholeGalaxyStars(positions);
    const camera = new Camera();
    camera.setViewport(800, 600, 800, 600);
    const bounds = boundsOfBox(stars.bounds.min, stars.bounds.max);
    camera.setScene(bounds);
    camera.setPose(wholeScenePose(bounds, 800 / 600));
    stars.setCamera(plannerCameraOf(camera));
    const budget = new SceneStarBudget({ targetFps: 60, openingStars: SOFTWARE_STAR_BUDGET });
    budget.setSource(stars);
    expect(stars.starBudget.stars).toBe(SOFTWARE_STAR_BUDGET);
    expect(stars.drawnStars).toBeLessThanOrEqual(SOFTWARE_STAR_BUDGET);
    expect(stars.drawnStars).toBeGreaterThan(SOFTWARE_STAR_BUDGET * 0.8);
  });
});
