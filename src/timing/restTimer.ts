/**
 * Calls `onRest` once nothing has restarted it for `ms`: what holds buffers for a burst of work
 * (a flight's tiles, a moving camera's name scans) lets them go when the view rests, and takes them
 * again on the next use. `onRest` checks whatever must still hold (work in flight) itself.
 */
export class RestTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly ms: number,
    private readonly onRest: () => void,
  ) {}

  /** Waits `ms` again from now. */
  restart(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(this.fire, this.ms);
  }

  /** No rest is called until the next restart(). */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private fire = () => {
    this.timer = undefined;
    this.onRest();
  };
}
