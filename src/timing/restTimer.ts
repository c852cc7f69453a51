/** What a RestTimer reads the time from, and when the rest comes at the earliest besides its own wait. */
export interface RestTimerOptions {
  /** The clock (default performance.now). */
  now?: () => number;
  /** The time, on `now`'s clock, before which there is no rest whatever the restarts (e.g. the scene's own camera rest). */
  notBefore?: () => number;
}

/**
 * Calls `onRest` once nothing has restarted it for `ms`: what holds buffers for a burst of work
 * (a flight's tiles, a moving camera's name scans) lets them go when the view rests, and takes them
 * again on the next use; what is listed when the camera rests is looked at once it does
 * (src/routes/cameraAtRest.ts). `onRest` checks whatever must still hold (work in flight) itself.
 *
 * One timer at most, armed by a restart for when the rest would come; a restart that finds it due
 * within half of `ms` arms it again for the later rest. So while restarts come more often than
 * that (a flight restarts it every frame) the timer never fires: no task of its own every `ms` of
 * a burst, which its frames paid for; a burst costs one clear and one set per half `ms`, in the
 * restarting task, not per restart. A timer that fires before the rest (restarts since it was
 * armed) waits on for what is left.
 */
export class RestTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the armed timer is due. */
  private due = -Infinity;
  /** Clock time of the last restart. */
  private restartedAt = -Infinity;
  private readonly now: () => number;
  private readonly notBefore: (() => number) | undefined;

  constructor(
    private readonly ms: number,
    private readonly onRest: () => void,
    { now = () => performance.now(), notBefore }: RestTimerOptions = {},
  ) {
    this.now = now;
    this.notBefore = notBefore;
  }

  /** Waits `ms` again from now. */
  restart(): void {
    const at = (this.restartedAt = this.now());
    if (this.timer === undefined || this.due - at < this.ms / 2) this.arm(at);
  }

  /** No rest is called until the next restart(). */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private restsAt(): number {
    return Math.max(this.restartedAt + this.ms, this.notBefore?.() ?? -Infinity);
  }

  private arm(at: number): void {
    clearTimeout(this.timer);
    this.due = this.restsAt();
    this.timer = setTimeout(this.fire, Math.max(0, this.due - at));
  }

  private fire = () => {
    const at = this.now();
    if (this.restsAt() > at) {
      this.arm(at);
      return;
    }
    this.timer = undefined;
    this.onRest();
  };
}
