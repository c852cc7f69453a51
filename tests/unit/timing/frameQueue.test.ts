import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRAMELESS_RUN_MS } from '../../../src/timing/frameQueue';
import { fakeFrames } from './fakeFrames';

describe('FrameQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks one frame for every run waiting, runs each once with the frame time, and asks none when nothing waits', () => {
    const frames = fakeFrames();
    frames.state.drawing = false;
    const seen: number[][] = [[], [], []];
    const runs = seen.map((times) => (now: number) => times.push(now));
    for (const run of runs) frames.queue.add(run);
    frames.queue.add(runs[0]);
    expect(frames.state.framesAsked).toBe(1);
    frames.wait16();
    expect(seen.map((times) => times.length)).toEqual([1, 1, 1]);
    expect(new Set(seen.flat())).toEqual(new Set([performance.now()]));
    for (let i = 0; i < 10; i++) frames.wait16();
    expect(frames.state.frames).toBe(1);
    expect(frames.state.framesAsked).toBe(1);
  });

  it('leaves a run added while the frame runs to the next frame, and runs no run removed before its frame', () => {
    const frames = fakeFrames();
    frames.state.drawing = false;
    const order: string[] = [];
    const removed = () => order.push('removed');
    const again = () => {
      order.push('again');
      frames.queue.remove(removedInFrame);
    };
    const removedInFrame = () => order.push('removedInFrame');
    const first = () => {
      order.push('first');
      frames.queue.add(again);
    };
    frames.queue.add(first);
    frames.queue.add(removed);
    frames.queue.remove(removed);
    frames.wait16();
    expect(order).toEqual(['first']);
    frames.queue.add(removedInFrame);
    frames.wait16();
    expect(order).toEqual(['first', 'again']);
    expect(frames.queue.has(removedInFrame)).toBe(false);
  });

  it('runs the frame\'s draws after its runs, those its runs ask included, in the same one frame asked; a draw that asks again waits for the next frame', () => {
    const frames = fakeFrames();
    frames.state.drawing = false;
    const order: string[] = [];
    let drawsLeft = 2;
    const draw = () => {
      order.push('draw');
      if (--drawsLeft > 0) frames.queue.addDraw(draw);
    };
    frames.queue.addDraw(draw);
    frames.queue.add(() => {
      order.push('run');
      frames.queue.addDraw(draw);
    });
    expect(frames.state.framesAsked).toBe(1);
    frames.wait16();
    expect(order).toEqual(['run', 'draw']);
    expect(frames.queue.has(draw)).toBe(true);
    frames.wait16();
    expect(order).toEqual(['run', 'draw', 'draw']);
    frames.wait16();
    expect(frames.state.framesAsked).toBe(2);
    expect(frames.queue.has(draw)).toBe(false);
  });

  it('through a flight whose frames come 100 to 400 ms apart, whatever waits each frame, its fallback timer never fires and is set again once per half FRAMELESS_RUN_MS', () => {
    const frames = fakeFrames();
    let ran = 0;
    const run = () => ran++;
    const gaps = [100, 400, 250, 60, 400, 400, 100];
    let flown = 0;
    for (let frame = 0; frame < 60; frame++) {
      frames.queue.add(run);
      const gap = gaps[frame % gaps.length];
      frames.wait(gap);
      flown += gap;
    }
    expect(ran).toBe(60);
    expect(frames.state.framesAsked).toBe(60);
    expect(frames.state.timersFired).toBe(0);
    expect(frames.state.timersSet).toBeLessThanOrEqual(flown / (FRAMELESS_RUN_MS / 2) + 1);
    expect(frames.state.timersCleared).toBeLessThanOrEqual(flown / (FRAMELESS_RUN_MS / 2));
  });

  it('runs what waits where frames stop altogether (a hidden tab), within FRAMELESS_RUN_MS of its add, and again once frames come back', () => {
    const frames = fakeFrames();
    const run = vi.fn();
    frames.queue.add(run);
    frames.wait(300);
    expect(run).toHaveBeenCalledTimes(1);
    const lastFrame = performance.now();
    frames.state.stopped = true;
    frames.wait(500);
    const added = performance.now();
    frames.queue.add(run);
    // Not while a frame came less than FRAMELESS_RUN_MS ago, then at once: within FRAMELESS_RUN_MS of the add.
    vi.advanceTimersByTime(lastFrame + FRAMELESS_RUN_MS - 1 - performance.now());
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    expect(performance.now() - added).toBeLessThanOrEqual(FRAMELESS_RUN_MS);
    // Nothing waits: the fallback timer is not set again.
    const timers = frames.state.timersSet;
    vi.advanceTimersByTime(10 * FRAMELESS_RUN_MS);
    expect(frames.state.timersSet).toBe(timers);
    // Frames come back: the frame asked before runs what waits then.
    frames.queue.add(run);
    frames.state.stopped = false;
    frames.wait16();
    expect(run).toHaveBeenCalledTimes(3);
  });
});
