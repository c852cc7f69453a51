/**
 * Calls `onRest` once nothing has restarted it for `ms`: what holds buffers for a burst of work
 * (a flight's tiles, a moving camera's name scans) lets them go when the view rests, and takes them
 * again on the next use. `onRest` checks whatever must still hold (work in flight) itself.
 *
 * A restart only notes the time: one timer stays armed through a burst of restarts (a flight
 * restarts it every frame) and, when it fires early, waits again for what is left of `ms` from
 * the last restart, so a burst costs one timer per `ms`, not a clear and a set per restart.
 */
export class RestTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** performance.now() at the last restart. */
  private restartedAt = 0;

  constructor(
    private readonly ms: number,
    private readonly onRest: () => void,
  ) {}

  /** Waits `ms` again from now. */
  restart(): void {
    this.restartedAt = performance.now();
    this.timer ??= setTimeout(this.fire, this.ms);
  }

  /** No rest is called until the next restart(). */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private fire = () => {
    const left = this.restartedAt + this.ms - performance.now();
    if (left > 0) {
      this.timer = setTimeout(this.fire, left);
      return;
    }
    this.timer = undefined;
    this.onRest();
  };
}
