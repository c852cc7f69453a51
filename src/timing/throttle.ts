import type { FrameQueue } from './frameQueue';

/**
 * Runs `run` at most once every `ms`. An ask `ms` or more after the last run runs it at once, in the
 * asker's own task (a camera move's); a sooner one leaves a trailing run for the last ask, which the
 * next run takes. So while asks keep coming more often than `ms` the trailing run never waits long,
 * where a timer due at the interval fired between two asks: a task of its own nearly every frame of
 * a flight that the frames paid for.
 *
 * The trailing run waits on `frames` (the page's FrameQueue) for the first frame once it is due: a
 * timer firing between two frames of a slow GPU was a task of its own where the frame's task was
 * coming anyway (the run's own work, a plan, costs the same in either task). It sets and clears no
 * timer of its own: where frames stop, the queue's fallback runs it (FRAMELESS_RUN_MS).
 */
export class Throttle {
  /** performance.now() (or a frame's time) at the last run. */
  private ranAt = -Infinity;

  constructor(
    private readonly ms: number,
    private readonly run: () => void,
    private readonly frames: FrameQueue,
  ) {}

  /** A trailing run is waiting (on frames). */
  get pending(): boolean {
    return this.frames.has(this.atFrame);
  }

  ask(): void {
    const now = performance.now();
    if (now - this.ranAt >= this.ms) this.runAt(now);
    else this.frames.add(this.atFrame);
  }

  /** The trailing run, if any, is dropped. */
  cancel(): void {
    this.frames.remove(this.atFrame);
  }

  private atFrame = (now: number) => {
    if (now - this.ranAt >= this.ms) this.runAt(now);
    else this.frames.add(this.atFrame);
  };

  private runAt(now: number): void {
    this.cancel();
    this.ranAt = now;
    this.run();
  }
}
