/** Lost devices in a row that are recovered; one more and the visitor is told instead. */
export const MAX_LOSSES_IN_A_ROW = 5;
/** A renderer that ran this long without being lost was healthy: the count of losses starts again. */
export const HEALTHY_AFTER_MS = 10_000;

export type LossDecision = { action: 'recover' | 'give-up'; inARow: number };

/**
 * Counts GPU device (or WebGL context) losses in a row, not per visit: a loss that comes after
 * the renderer ran HEALTHY_AFTER_MS starts the count again, so a long visit with a driver reset now
 * and then keeps recovering, while a device that is lost again and again is given up on.
 */
export class DeviceLossCounter {
  private inARow = 0;
  private runningSince: number | undefined;

  /** A renderer started (first, or after a loss) at `now`. */
  started(now: number): void {
    this.runningSince = now;
  }

  /** The device was lost at `now`: recover again, or give up. */
  lost(now: number): LossDecision {
    if (this.runningSince !== undefined && now - this.runningSince >= HEALTHY_AFTER_MS) this.inARow = 0;
    this.runningSince = undefined;
    this.inARow++;
    return { action: this.inARow > MAX_LOSSES_IN_A_ROW ? 'give-up' : 'recover', inARow: this.inARow };
  }
}
