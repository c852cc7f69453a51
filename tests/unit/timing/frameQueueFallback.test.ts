import { expect, it } from 'vitest';
import { FrameQueue, type FrameClock } from '../../../src/timing/frameQueue';

/** Frames 1.1 s apart (past FRAMELESS_RUN_MS): the fallback runs the waiting runs between them. */
it('keeps one fallback timer when a run waiting on frames adds itself again in a frameless run', () => {
  let t = 0;
  const timers: { at: number; fire: () => void; id: number }[] = [];
  let frame: (() => void) | undefined;
  let id = 0, fired = 0;
  const clock: FrameClock = {
    now: () => t,
    requestFrame: (f) => { frame = f; return 'raf'; },
    setTimer: (fire, ms) => { timers.push({ at: t + ms, fire, id: ++id }); return id; },
    clearTimer: (h) => { const i = timers.findIndex((x) => x.id === h); if (i >= 0) timers.splice(i, 1); },
    asker: (timer) => (timer ? 'timer' : 'raf'),
    framesMayStop: () => true,
  };
  const q = new FrameQueue(clock);
  const run = () => q.add(run);
  q.add(run);
  const advance = (to: number) => {
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > to || fired > 1000) break;
      timers.shift();
      t = next.at;
      fired++;
      next.fire();
    }
    t = to;
  };
  for (let k = 1; k <= 20; k++) {
    advance(k * 1100);
    const f = frame; frame = undefined; f?.();
  }
  // One frameless run per gap, at most two firings (one waits on for a frame that came), and one timer armed: it was armed twice per frameless run, doubling.
  expect(q.framelessRuns).toBe(20);
  expect(fired).toBeLessThanOrEqual(40);
  expect(timers.length).toBeLessThanOrEqual(1);
});
