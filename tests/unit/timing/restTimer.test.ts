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

  it('keeps one timer through a burst of restarts (a flight restarts it every frame)', () => {
    const onRest = vi.fn();
    const rest = new RestTimer(100, onRest);
    const set = vi.spyOn(globalThis, 'setTimeout');
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    for (let frame = 0; frame < 30; frame++) {
      rest.restart();
      vi.advanceTimersByTime(16);
    }
    // 30 restarts over 480 ms: the first timer and one more wait each time it fired early.
    expect(set.mock.calls.length).toBeLessThanOrEqual(6);
    expect(cleared).not.toHaveBeenCalled();
    expect(onRest).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(onRest).toHaveBeenCalledTimes(1);
  });
});
