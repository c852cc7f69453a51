import { vi } from 'vitest';
import { type FrameClock, FrameQueue } from '../../../src/timing/frameQueue';

/**
 * A FrameQueue on frames as a page gets them: a frame every 16 ms while the scene draws (the camera
 * moves), and, at rest, one 16 ms after the queue asks for one (requestAnimationFrame answers whether
 * or not the scene draws); `stopped` models a hidden tab, where none comes. Time is vitest's fake
 * timers'; the queue's fallback timer is one of them. Counts the frames asked and timers set.
 */
export function fakeFrames() {
  let asked: (() => void) | undefined;
  const state = { inFrame: false, drawing: true, stopped: false, frames: 0, framesAsked: 0, timersSet: 0, timersCleared: 0, timersFired: 0 };
  const clock: FrameClock = {
    now: () => performance.now(),
    requestFrame(frame) {
      if (asked) throw new Error('a frame asked twice before it came');
      asked = frame;
      state.framesAsked++;
      return 'frames';
    },
    setTimer(fire, ms) {
      state.timersSet++;
      return setTimeout(() => {
        state.timersFired++;
        fire();
      }, ms);
    },
    clearTimer(timer) {
      state.timersCleared++;
      clearTimeout(timer as ReturnType<typeof setTimeout>);
    },
    asker: (timer) => (timer ? 'timers' : 'frames'),
    framesMayStop: () => true,
  };
  const queue = new FrameQueue(clock);
  /** `ms` pass (16 by default); a frame comes at their end if the scene draws or the queue asked for one. */
  const wait = (ms = 16) => {
    vi.advanceTimersByTime(ms);
    if (state.stopped || (!state.drawing && !asked)) return;
    state.frames++;
    state.inFrame = true;
    const frame = asked;
    asked = undefined;
    frame?.();
    state.inFrame = false;
  };
  return { queue, state, wait16: () => wait(16), wait };
}
