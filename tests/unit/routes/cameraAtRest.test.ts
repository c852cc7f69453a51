import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followCameraAtRest } from '../../../src/routes/cameraAtRest';

describe('following the camera’s rests', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function camera() {
    const listeners = new Set<() => void>();
    return {
      onCameraChange(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      move() {
        for (const listener of listeners) listener();
      },
      listeners,
    };
  }

  it('looks once the camera has rested, not on every frame of a flight', () => {
    const source = camera();
    const atRest = vi.fn();
    followCameraAtRest(source, 300, atRest, () => Date.now());
    for (let frame = 0; frame < 30; frame++) {
      source.move();
      vi.advanceTimersByTime(16);
    }
    expect(atRest).not.toHaveBeenCalled();
    vi.advanceTimersByTime(299);
    expect(atRest).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(atRest).toHaveBeenCalledTimes(1);
  });

  it('runs no timer task of its own while the camera keeps moving, and still looks when it rests', () => {
    const source = camera();
    const atRest = vi.fn();
    const realSetTimeout = globalThis.setTimeout;
    let timerTasks = 0;
    const counting = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, ms?: number) =>
      realSetTimeout(() => {
        timerTasks++;
        handler();
      }, ms)) as typeof setTimeout);
    try {
      followCameraAtRest(source, 500, atRest, () => Date.now());
      // Three seconds of a flight at 60 frames a second: a move a frame.
      for (let frame = 0; frame < 180; frame++) {
        source.move();
        vi.advanceTimersByTime(16);
      }
      expect(timerTasks).toBe(0);
      expect(atRest).not.toHaveBeenCalled();
      vi.advanceTimersByTime(500 - 16);
      expect(atRest).toHaveBeenCalledTimes(1);
    } finally {
      counting.mockRestore();
    }
  });

  it('waits for the scene’s own rest where it says the camera rests later', () => {
    const source = { ...camera(), cameraRestsAt: (wait: number) => Date.now() + wait + 1000 };
    const fixedRest = Date.now() + 1300;
    source.cameraRestsAt = () => fixedRest;
    const atRest = vi.fn();
    followCameraAtRest(source, 300, atRest, () => Date.now());
    source.move();
    vi.advanceTimersByTime(1000);
    expect(atRest).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(atRest).toHaveBeenCalledTimes(1);
  });

  it('stops listening when stopped', () => {
    const source = camera();
    const atRest = vi.fn();
    const stop = followCameraAtRest(source, 300, atRest, () => Date.now());
    source.move();
    stop();
    vi.advanceTimersByTime(1000);
    expect(atRest).not.toHaveBeenCalled();
    expect(source.listeners.size).toBe(0);
  });
});
