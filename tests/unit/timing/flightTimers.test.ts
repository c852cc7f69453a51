import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAN_INTERVAL_MS } from '../../../src/tiles/planner/budgets';
import { ChangeBatcher } from '../../../src/tiles/stream/changeBatcher';
import { FRAMELESS_RUN_MS, frameQueue } from '../../../src/timing/frameQueue';
import { Throttle } from '../../../src/timing/throttle';

/** The camera save's interval (src/state/view/addressSync.ts, CAMERA_SAVE_MS). */
const SAVE_MS = 200;

describe('the page\'s timers and animation frames through a flight over a tiled galaxy', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks one animation frame a drawn frame for everything waiting on frames, and sets and clears no timer per run (frames 100 ms apart, a tile arriving between)', () => {
    vi.useFakeTimers();
    let frameCallbacks: FrameRequestCallback[] = [];
    const animationFramesAsked = vi.fn((callback: FrameRequestCallback) => frameCallbacks.push(callback));
    vi.stubGlobal('requestAnimationFrame', animationFramesAsked);
    vi.stubGlobal('cancelAnimationFrame', vi.fn());
    const timersSet = vi.spyOn(globalThis, 'setTimeout');
    const timersCleared = vi.spyOn(globalThis, 'clearTimeout');

    // What waits on the page's frames in a flight: the tile planner's and the camera save's trailing
    // runs, the change batcher's flush, the tile fades' step.
    const plans: number[] = [];
    const planning = new Throttle(PLAN_INTERVAL_MS, () => plans.push(performance.now()), frameQueue);
    const saves: number[] = [];
    const cameraSave = new Throttle(SAVE_MS, () => saves.push(performance.now()), frameQueue);
    const changes = new ChangeBatcher();
    let flushes = 0;
    changes.onStars(() => flushes++);
    let fadeSteps = 0;
    const fadeStep = () => {
      fadeSteps++;
      frameQueue.add(fadeStep);
    };
    frameQueue.add(fadeStep);

    const FRAMES = 30;
    for (let frame = 0; frame < FRAMES; frame++) {
      // The frame: its animation frame callbacks, then the flight's move (in a callback of its own).
      const callbacks = frameCallbacks;
      frameCallbacks = [];
      for (const callback of callbacks) callback(performance.now());
      planning.ask();
      cameraSave.ask();
      vi.advanceTimersByTime(40);
      // A tile arrives: written to the pool, a new plan asked.
      changes.wrote({ start: frame, count: 1 });
      planning.ask();
      vi.advanceTimersByTime(60);
    }

    expect(animationFramesAsked.mock.calls.length).toBeLessThanOrEqual(FRAMES + 1);
    // The frame queue's fallback timer, set again once per half FRAMELESS_RUN_MS: no timer per run.
    expect(timersSet.mock.calls.length).toBeLessThanOrEqual((FRAMES * 100) / (FRAMELESS_RUN_MS / 2) + 1);
    expect(timersCleared.mock.calls.length).toBeLessThanOrEqual((FRAMES * 100) / (FRAMELESS_RUN_MS / 2));
    // What waits still runs as often: a plan a frame (the tile's, at the frame), a save every other frame, a flush a frame.
    expect(plans.length).toBeGreaterThanOrEqual(FRAMES - 1);
    for (let i = 1; i < plans.length; i++) expect(plans[i] - plans[i - 1]).toBeGreaterThanOrEqual(PLAN_INTERVAL_MS);
    expect(saves.length).toBeGreaterThanOrEqual((FRAMES * 100) / SAVE_MS - 1);
    expect(flushes).toBeGreaterThanOrEqual(FRAMES - 1);
    expect(fadeSteps).toBeGreaterThanOrEqual(FRAMES - 1);
    planning.cancel();
    cameraSave.cancel();
    changes.dispose();
    frameQueue.remove(fadeStep);
  });
});
