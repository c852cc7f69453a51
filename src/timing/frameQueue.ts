/** Work waiting for a frame, given the frame's time (performance.now() read once for the whole frame). */
export type FrameRun = (now: number) => void;

/**
 * Where runs wait past FRAMELESS_RUN_MS without a frame, a timer runs them (a hidden tab, a page
 * whose frames stopped): well past the gap between two frames of a slow GPU (60-400 ms).
 */
export const FRAMELESS_RUN_MS = 1000;

/** Without animation frames (Node, workers) a frame is about this long. */
const FRAMELESS_FRAME_MS = 16;

/** What a FrameQueue asks frames, its fallback timer and the time of. */
export interface FrameClock {
  now(): number;
  /** Asks for `frame` at the next frame; answers what it asked through (see `asker`). */
  requestFrame(frame: () => void): unknown;
  /** Calls `fire` in `ms`; answers what it set the timer through. */
  setTimer(fire: () => void, ms: number): unknown;
  /**
   * What requestFrame or setTimer would ask through now. Where that is not what asked a pending
   * frame or timer, that one never comes (tests replace the page's timers and animation frames).
   */
  asker(timer: boolean): unknown;
  /** Whether frames can stop while runs wait (animation frames in a hidden tab), so that the fallback timer is needed. */
  framesMayStop(): boolean;
}

/**
 * The page's animation frames where it has them (one requestAnimationFrame a frame), else a 16 ms
 * timer (Node, workers), whose frames never stop.
 */
export const pageFrameClock: FrameClock = {
  now: () => performance.now(),
  requestFrame(frame) {
    if (typeof requestAnimationFrame === 'function') {
      requestAnimationFrame(frame);
      return requestAnimationFrame;
    }
    setTimeout(frame, FRAMELESS_FRAME_MS);
    return setTimeout;
  },
  setTimer(fire, ms) {
    setTimeout(fire, ms);
    return setTimeout;
  },
  asker: (timer) => (!timer && typeof requestAnimationFrame === 'function' ? requestAnimationFrame : setTimeout),
  framesMayStop: () => typeof requestAnimationFrame === 'function',
};

/**
 * Runs waiting for the next frame, all in one frame callback: one requestAnimationFrame a frame
 * however many runs wait (a throttle's trailing run, the tile fades' step, the change batcher's
 * flush, the names' next scan pass), and one performance.now() for all of them. Each run is taken
 * once per add; a run that wants the next frame too adds itself again. A run added while the
 * frame's runs go waits for the next frame. Nothing is cancelled with the browser: a run removed
 * leaves the frame asked, which then finds less to do.
 *
 * Where frames stop (a hidden tab) one timer stands in: armed when a run starts waiting with none
 * armed, never cleared, and on firing armed again for FRAMELESS_RUN_MS after the last frame while
 * frames still come and runs wait, or, once none came for FRAMELESS_RUN_MS, running the waiting runs
 * as a frame would. So a run waits at most FRAMELESS_RUN_MS after its add for a frame, and a flight
 * sets one timer per FRAMELESS_RUN_MS, not one (and a clear) per run asked.
 */
export class FrameQueue {
  private waiting = new Set<FrameRun>();
  /** The runs of the frame under way (emptied as they go), and the set the next frame's runs gather in after it. */
  private running = new Set<FrameRun>();
  /** What asked the pending frame and set the pending fallback timer (undefined: none pending). */
  private frameAsker: unknown;
  private timerSetter: unknown;
  /** The time of the last frame (or frameless run). */
  private lastFrameAt = -Infinity;

  constructor(private readonly clock: FrameClock = pageFrameClock) {}

  /** `run` in the next frame (once however often it is added before then). */
  add(run: FrameRun): void {
    this.waiting.add(run);
    const clock = this.clock;
    if (this.frameAsker === undefined || this.frameAsker !== clock.asker(false)) this.frameAsker = clock.requestFrame(this.frame);
    if (!clock.framesMayStop()) return;
    if (this.timerSetter === undefined || this.timerSetter !== clock.asker(true)) this.armFallback(FRAMELESS_RUN_MS);
  }

  /** `run` no longer waits (nor, when removed by a run of the frame under way, runs in it). */
  remove(run: FrameRun): void {
    if (!this.waiting.delete(run)) this.running.delete(run);
  }

  /** Whether `run` waits for a frame. */
  has(run: FrameRun): boolean {
    return this.waiting.has(run) || this.running.has(run);
  }

  private readonly frame = () => {
    this.frameAsker = undefined;
    this.runWaiting();
  };

  private runWaiting(): void {
    const now = (this.lastFrameAt = this.clock.now());
    const runs = this.waiting;
    this.waiting = this.running;
    this.running = runs;
    for (const run of runs) {
      runs.delete(run);
      try {
        run(now);
      } catch (error) {
        // Reported as an uncaught error would be, without keeping the frame's other runs from theirs.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
    if (this.waiting.size > 0 && this.frameAsker === undefined) this.frameAsker = this.clock.requestFrame(this.frame);
  }

  private armFallback(ms: number): void {
    this.timerSetter = this.clock.setTimer(this.fallback, ms);
  }

  private readonly fallback = () => {
    this.timerSetter = undefined;
    if (this.waiting.size === 0) return;
    const sinceFrame = this.clock.now() - this.lastFrameAt;
    if (sinceFrame < FRAMELESS_RUN_MS) {
      this.armFallback(FRAMELESS_RUN_MS - sinceFrame);
      return;
    }
    // The frame asked stays asked: it runs whatever waits then, when frames come again.
    this.runWaiting();
    if (this.waiting.size > 0) this.armFallback(FRAMELESS_RUN_MS);
  };
}

/** The page's frame queue, which every run waiting on the page's frames shares. */
export const frameQueue = new FrameQueue();
