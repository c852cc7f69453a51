import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RestTimer } from '../../../src/timing/restTimer';

describe('RestTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls the rest once nothing restarted it for its time, counted from the last restart', () => {
    const onRest = vi.fn();
    const rest = new RestTimer(100, onRest);
    rest.restart();
    vi.advanceTimersByTime(80);
    rest.restart();
    vi.advanceTimersByTime(80);
    expect(onRest).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20);
    expect(onRest).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(onRest).toHaveBeenCalledTimes(1);
  });

  it('calls no rest after cancel until the next restart', () => {
    const onRest = vi.fn();
    const rest = new RestTimer(100, onRest);
    rest.restart();
    rest.cancel();
    vi.advanceTimersByTime(1000);
    expect(onRest).not.toHaveBeenCalled();
    rest.restart();
    vi.advanceTimersByTime(100);
    expect(onRest).toHaveBeenCalledTimes(1);
  });

  it('runs no timer task of its own through a burst of restarts (a flight restarts it every frame), re-arming once per half its time', () => {
    const onRest = vi.fn();
    const rest = new RestTimer(100, onRest);
    const realSetTimeout = globalThis.setTimeout;
    let timerTasks = 0;
    const set = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, ms?: number) =>
      realSetTimeout(() => {
        timerTasks++;
        handler();
      }, ms)) as typeof setTimeout);
    try {
      // Three seconds of moves every 16 ms.
      for (let frame = 0; frame < 188; frame++) {
        rest.restart();
        vi.advanceTimersByTime(16);
      }
      expect(timerTasks).toBe(0);
      // 188 restarts: a timer armed at most once per 50 ms.
      expect(set.mock.calls.length).toBeLessThanOrEqual(Math.ceil((188 * 16) / 50) + 1);
      expect(onRest).not.toHaveBeenCalled();
      vi.advanceTimersByTime(100 - 16);
      expect(onRest).toHaveBeenCalledTimes(1);
      // At rest: the timer, and once more where it was armed before the last restart.
      expect(timerTasks).toBeLessThanOrEqual(2);
    } finally {
      set.mockRestore();
    }
  });

  it('waits for a later rest it is told of, on its own clock', () => {
    const onRest = vi.fn();
    let clock = 0;
    const rest = new RestTimer(100, onRest, { now: () => clock, notBefore: () => 250 });
    rest.restart();
    clock = 200;
    vi.advanceTimersByTime(200);
    expect(onRest).not.toHaveBeenCalled();
    clock = 250;
    vi.advanceTimersByTime(50);
    expect(onRest).toHaveBeenCalledTimes(1);
  });
});
