import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRAMELESS_RUN_MS } from '../../../src/timing/frameQueue';
import { Throttle } from '../../../src/timing/throttle';
import { fakeFrames } from './fakeFrames';

describe('Throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs in the asking task once the interval has passed, so asks that keep coming fire no timer', () => {
    const runs: { at: number; inAsk: boolean }[] = [];
    let asking = false;
    const frames = fakeFrames();
    const throttle = new Throttle(50, () => runs.push({ at: performance.now(), inAsk: asking }), frames.queue);
    const start = performance.now();
    frames.state.stopped = true; // asks between frames of a slow GPU: no frame comes between them
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
    // The asks stop: the last one's trailing run comes with the next frame, once due.
    const ranInAsks = runs.length;
    frames.state.stopped = false;
    frames.wait(50);
    expect(runs.length).toBe(ranInAsks + 1);
    expect(runs[ranInAsks].inAsk).toBe(false);
    expect(throttle.pending).toBe(false);
  });

  it('drops a waiting run when cancelled', () => {
    const run = vi.fn();
    const frames = fakeFrames();
    const throttle = new Throttle(50, run, frames.queue);
    throttle.ask();
    throttle.ask();
    expect(throttle.pending).toBe(true);
    throttle.cancel();
    for (let i = 0; i < 100; i++) frames.wait16();
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('Throttle waiting on frames', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes the trailing run in a frame on a slow GPU (frames 200 ms apart, a tile arriving between): no run in a task of its own', () => {
    const frames = fakeFrames();
    const runs: { at: number; inTask: boolean }[] = [];
    let asking = false;
    const throttle = new Throttle(50, () => runs.push({ at: performance.now(), inTask: asking || frames.state.inFrame }), frames.queue);
    const ask = () => {
      asking = true;
      throttle.ask();
      asking = false;
    };
    for (let frame = 0; frame < 10; frame++) {
      ask(); // the camera moves after the frame
      vi.advanceTimersByTime(10);
      ask(); // a tile arrives
      vi.advanceTimersByTime(190 - 16);
      frames.wait16(); // the next frame, 200 ms after the last
    }
    expect(runs.length).toBeGreaterThanOrEqual(10);
    expect(runs.filter((run) => !run.inTask)).toEqual([]);
    for (let i = 1; i < runs.length; i++) expect(runs[i].at - runs[i - 1].at).toBeGreaterThanOrEqual(50);
  });

  it('runs at most once an interval in a flight of moves every 16 ms with frames, and the last move\'s run follows in a frame once the camera stops and the scene draws none', () => {
    const frames = fakeFrames();
    const runs: { at: number; inTask: boolean }[] = [];
    let asking = false;
    const throttle = new Throttle(50, () => runs.push({ at: performance.now(), inTask: asking || frames.state.inFrame }), frames.queue);
    for (let move = 0; move < 30; move++) {
      asking = true;
      throttle.ask();
      asking = false;
      frames.wait16();
    }
    const lastAsk = performance.now() - 16;
    frames.state.drawing = false; // the camera stops: the scene asks for no more frames
    const framesAtStop = frames.state.frames;
    for (let i = 0; i < 10; i++) frames.wait16();
    expect(runs.filter((run) => !run.inTask)).toEqual([]);
    for (let i = 1; i < runs.length; i++) expect(runs[i].at - runs[i - 1].at).toBeGreaterThanOrEqual(50);
    // The last ask's run: once due, within a frame, in the frame the throttle asked for.
    const last = runs[runs.length - 1];
    expect(last.at).toBeGreaterThan(lastAsk);
    expect(last.at - Math.max(lastAsk, runs[runs.length - 2].at + 50)).toBeLessThanOrEqual(16);
    expect(frames.state.frames).toBeGreaterThan(framesAtStop);
    expect(throttle.pending).toBe(false);
    // Nothing more asked: no more frames are asked for.
    const framesAfter = frames.state.frames;
    for (let i = 0; i < 10; i++) frames.wait16();
    expect(frames.state.frames).toBe(framesAfter);
  });

  it('still runs the last ask where frames stop altogether (a hidden tab), FRAMELESS_RUN_MS after it', () => {
    const frames = fakeFrames();
    const run = vi.fn();
    const throttle = new Throttle(50, run, frames.queue);
    throttle.ask();
    throttle.ask();
    frames.state.stopped = true;
    vi.advanceTimersByTime(FRAMELESS_RUN_MS - 1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    expect(throttle.pending).toBe(false);
  });
});
