import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Throttle } from '../../../src/timing/throttle';

describe('Throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs in the asking task once the interval has passed, so asks that keep coming fire no timer', () => {
    const runs: { at: number; inAsk: boolean }[] = [];
    let asking = false;
    const throttle = new Throttle(50, () => runs.push({ at: performance.now(), inAsk: asking }));
    const start = performance.now();
    for (let ask = 0; ask < 12; ask++) {
      asking = true;
      throttle.ask();
      asking = false;
      vi.advanceTimersByTime(20);
    }
    expect(runs[0].at).toBe(start);
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs.every((run) => run.inAsk)).toBe(true);
    for (let i = 1; i < runs.length; i++) expect(runs[i].at - runs[i - 1].at).toBeGreaterThanOrEqual(50);
    // The asks stop: the last one's timer runs once more, after the interval.
    const ranInAsks = runs.length;
    vi.advanceTimersByTime(50);
    expect(runs.length).toBe(ranInAsks + 1);
    expect(runs[ranInAsks].inAsk).toBe(false);
    expect(throttle.pending).toBe(false);
  });

  it('drops a waiting run when cancelled', () => {
    const run = vi.fn();
    const throttle = new Throttle(50, run);
    throttle.ask();
    throttle.ask();
    expect(throttle.pending).toBe(true);
    throttle.cancel();
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
