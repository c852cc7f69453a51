/**
 * Work waiting for a frame, given the frame's time: a run's is performance.now() read once for the
 * frame's runs; a draw's is the animation frame's own time (what requestAnimationFrame passes).
 */
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
  /** Asks for `frame` at the next frame, which passes it the frame's time where it has one; answers what it asked through (see `asker`). */
  requestFrame(frame: (time?: number) => void): unknown;
  /** Calls `fire` in `ms`; answers the timer. */
  setTimer(fire: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
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
  setTimer: (fire, ms) => setTimeout(fire, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
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
 * Draws (`addDraw`: the scene's frame) go in the same callback, after the frame's runs, since those
 * change what is drawn: a draw asked by one of them (the change batcher's flush writing new stars)
 * is drawn in that frame, not the next. So the page asks one animation frame a frame and runs one
 * callback in it (`pageFrame`, where the main-thread bench cuts its frames), where the scene's frame
 * and the queue's each asked their own: two calls and two callbacks a frame of a flight. A draw
 * added while the frame's draws go waits for the next frame. Draws wait for frames only: where
 * frames stop (a hidden tab) nothing is drawn, as an animation frame of their own would not be.
 *
 * Where frames stop (a hidden tab) one timer stands in for the runs, by RestTimer's rule: armed FRAMELESS_RUN_MS
 * ahead when a run starts waiting with none armed, and armed again by a frame that finds it due
 * within half of that, so that it never fires while frames come (a timer task
 * of its own between a flight's frames, where a slow GPU's come 60-400 ms apart) and costs a clear
 * and a set per half FRAMELESS_RUN_MS, not one per run asked. Should it fire with frames still coming
 * (more than half of FRAMELESS_RUN_MS apart) it waits on; once no frame came for FRAMELESS_RUN_MS it
 * runs the waiting runs as a frame would, and again every FRAMELESS_RUN_MS while runs wait. So a run
 * waits at most FRAMELESS_RUN_MS past the last frame, or past its add where none has come since.
 */
export class FrameQueue {
  private readonly runs = new FrameRuns();
  private readonly draws = new FrameRuns();
  /** What asked the pending frame (undefined: none pending), and when (clock time). */
  private frameAsker: unknown;
  private pendingAskedAt = -Infinity;
  /**
   * When the animation frame under way (or the last one) was asked (clock time). The star budget
   * takes the interval between two draws for a frame's cost only when the second frame was asked
   * early in it (src/scene/frameIntervals.ts): a move made in this very frame by an earlier callback
   * (the controls' tick) is drawn in it, and the frame it is drawn in was asked before.
   */
  frameAskedAt = -Infinity;
  /** The pending fallback timer, what set it (undefined: none pending) and when it fires. */
  private fallbackTimer: unknown;
  private fallbackSetter: unknown;
  private fallbackDue = 0;
  /** The time of the last frame. */
  private lastFrameAt = -Infinity;
  /** How often the fallback timer ran the waiting runs for want of a frame (tests read it: a flight's frames should leave it still). */
  framelessRuns = 0;

  constructor(private readonly clock: FrameClock = pageFrameClock) {}

  /** `run` in the next frame (once however often it is added before then). */
  add(run: FrameRun): void {
    this.runs.add(run);
    const clock = this.clock;
    this.askFrame();
    if (!clock.framesMayStop()) return;
    if (this.fallbackSetter === undefined || this.fallbackSetter !== clock.asker(true)) this.armFallback(clock.now());
  }

  /** `draw` in the next frame, after its runs (once however often it is added before then). */
  addDraw(draw: FrameRun): void {
    this.draws.add(draw);
    this.askFrame();
  }

  /** `run` (or draw) no longer waits (nor, when removed by a run or draw of the frame under way, runs in it). */
  remove(run: FrameRun): void {
    if (!this.runs.delete(run)) this.draws.delete(run);
  }

  /** Whether `run` (or draw) waits for a frame. */
  has(run: FrameRun): boolean {
    return this.runs.has(run) || this.draws.has(run);
  }

  private askFrame(): void {
    if (this.frameAsker !== undefined && this.frameAsker === this.clock.asker(false)) return;
    this.pendingAskedAt = this.clock.now();
    this.frameAsker = this.clock.requestFrame(this.pageFrame);
  }

  /** The page's one frame callback: the runs, then the draws. */
  private readonly pageFrame = (time?: number) => {
    this.frameAsker = undefined;
    this.frameAskedAt = this.pendingAskedAt;
    const now = (this.lastFrameAt = this.runWaiting());
    this.drawWaiting(time ?? now);
    if (this.fallbackSetter === undefined || this.fallbackDue - now >= FRAMELESS_RUN_MS / 2) return;
    this.clock.clearTimer(this.fallbackTimer);
    this.armFallback(now);
  };

  private drawWaiting(time: number): void {
    if (this.draws.waiting === 0) return;
    this.draws.runAll(time);
    if (this.draws.waiting > 0) this.askFrame();
  }

  /** Runs what waits; answers the time it gave them. */
  private runWaiting(): number {
    const now = this.clock.now();
    this.runs.runAll(now);
    if (this.runs.waiting > 0 && this.frameAsker === undefined) this.askFrame();
    return now;
  }

  private armFallback(now: number, ms = FRAMELESS_RUN_MS): void {
    this.fallbackTimer = this.clock.setTimer(this.fallback, ms);
    this.fallbackSetter = this.clock.asker(true);
    this.fallbackDue = now + ms;
  }

  private readonly fallback = () => {
    this.fallbackSetter = undefined;
    if (this.runs.waiting === 0) return;
    const now = this.clock.now();
    // A frame came since (frames far apart, not stopped): the wait goes on for what is left.
    if (now - this.lastFrameAt < FRAMELESS_RUN_MS) {
      this.armFallback(now, this.lastFrameAt + FRAMELESS_RUN_MS - now);
      return;
    }
    // No frame for FRAMELESS_RUN_MS: the frame asked stays asked, and runs whatever waits then, when frames come again.
    this.framelessRuns++;
    this.runWaiting();
    // A run that added itself (or another) again has armed the timer already (add): one timer, not two.
    if (this.runs.waiting > 0 && this.fallbackSetter === undefined) this.armFallback(now);
  };
}

/**
 * The runs (or the draws) of a FrameQueue: those waiting for the next frame, and those of the frame
 * under way (emptied as they go). A run added while the frame's go waits for the next frame.
 */
class FrameRuns {
  private next = new Set<FrameRun>();
  private now = new Set<FrameRun>();

  /** How many wait for the next frame. */
  get waiting(): number {
    return this.next.size;
  }

  add(run: FrameRun): void {
    this.next.add(run);
  }

  /** `run` no longer waits, nor runs in the frame under way; answers whether it was there. */
  delete(run: FrameRun): boolean {
    return this.next.delete(run) || this.now.delete(run);
  }

  has(run: FrameRun): boolean {
    return this.next.has(run) || this.now.has(run);
  }

  /** Runs those waiting, given `time`; an error is reported as an uncaught one would be, without keeping the others from theirs. */
  runAll(time: number): void {
    const runs = this.next;
    this.next = this.now;
    this.now = runs;
    for (const run of runs) {
      runs.delete(run);
      try {
        run(time);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}

/** The page's frame queue, which every run waiting on the page's frames shares. */
export const frameQueue = new FrameQueue();
