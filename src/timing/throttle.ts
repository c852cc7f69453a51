import type { FrameSource } from './nextFrame';

/**
 * Where a run waiting on frames gives up on them (a hidden tab, a page whose frames stopped): this
 * long after the ask, well past the gap between two frames of a slow GPU (60-400 ms).
 */
export const FRAMELESS_RUN_MS = 1000;

/**
 * Runs `run` at most once every `ms`. An ask `ms` or more after the last run runs it at once, in the
 * asker's own task (a camera move's); a sooner one leaves a trailing run for the last ask, which the
 * next run takes. So while asks keep coming more often than `ms` the trailing run never waits long,
 * where a timer due at the interval fired between two asks: a task of its own nearly every frame of
 * a flight that the frames paid for.
 *
 * The trailing run waits on a timer `ms` from the ask, or, given `frames`, on the first frame once
 * it is due: a timer firing between two frames of a slow GPU was a task of its own where the frame's
 * task was coming anyway (the run's own work, a plan, costs the same in either task). A
 * frame source that stops answering still gets the run FRAMELESS_RUN_MS after the ask.
 */
export class Throttle {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private cancelFrame: (() => void) | undefined;
  /** performance.now() at the last run. */
  private ranAt = -Infinity;

  constructor(
    private readonly ms: number,
    private readonly run: () => void,
    private readonly frames?: FrameSource,
  ) {}

  /** A trailing run is waiting (on the timer or on frames). */
  get pending(): boolean {
    return this.timer !== undefined;
  }

  ask(): void {
    if (this.due()) this.runNow();
    else if (this.timer === undefined) {
      if (this.frames) {
        this.cancelFrame = this.frames(this.atFrame);
        this.timer = setTimeout(this.runNow, FRAMELESS_RUN_MS);
      } else this.timer = setTimeout(this.runNow, this.ms);
    }
  }

  /** The trailing run, if any, is dropped. */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.cancelFrame?.();
    this.cancelFrame = undefined;
  }

  private due(): boolean {
    return performance.now() - this.ranAt >= this.ms;
  }

  private atFrame = () => {
    this.cancelFrame = undefined;
    if (this.due()) this.runNow();
    else this.cancelFrame = this.frames!(this.atFrame);
  };

  private runNow = () => {
    this.cancel();
    this.ranAt = performance.now();
    this.run();
  };
}
