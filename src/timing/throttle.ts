/**
 * Runs `run` at most once every `ms`. An ask `ms` or more after the last run runs it at once, in the
 * asker's own task (a camera move's); a sooner one leaves a timer, `ms` from then, for the last ask,
 * which the next run clears. So while asks keep coming more often than `ms` the timer never fires,
 * where a timer due at the interval fired between two asks: a task of its own nearly every frame of
 * a flight that the frames paid for.
 */
export class Throttle {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** performance.now() at the last run. */
  private ranAt = -Infinity;

  constructor(
    private readonly ms: number,
    private readonly run: () => void,
  ) {}

  /** A run is waiting on the timer. */
  get pending(): boolean {
    return this.timer !== undefined;
  }

  ask(): void {
    if (performance.now() - this.ranAt >= this.ms) this.runNow();
    else this.timer ??= setTimeout(this.runNow, this.ms);
  }

  /** The run waiting on the timer, if any, is dropped. */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private runNow = () => {
    this.cancel();
    this.ranAt = performance.now();
    this.run();
  };
}
