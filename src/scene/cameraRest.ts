/**
 * Camera moves further apart than this are separate moves, not one flight drawn slowly (frames a
 * second or more apart on a loaded machine): their interval does not stretch the rest.
 */
export const FLIGHT_GAP_MS = 2000;

/**
 * When the scene's camera rests (docs/names.md#when-the-camera-rests): it has not moved for the
 * asker's own wait, nor for two of its last move intervals where moves come slower than that (a
 * flight on a slow machine is still under way between two of its frames). The scene tells it every
 * move with one clock reading; the star names and the list of named stars ask it, each with its own
 * wait. Pure: the clock is the caller's.
 */
export class CameraRest {
  private lastMove = -Infinity;
  /** Time between the last two moves when they were one flight, else 0. */
  private moveInterval = 0;

  /** The camera moved at `at` (ms, the caller's clock). */
  moved(at: number): void {
    const since = at - this.lastMove;
    this.moveInterval = since < FLIGHT_GAP_MS ? since : 0;
    this.lastMove = at;
  }

  /** When the camera rests for an asker who waits `waitMs`, unless it moves again before. */
  restsAt(waitMs: number): number {
    return this.lastMove + Math.max(waitMs, 2 * this.moveInterval);
  }

  /** Whether the camera rests at `now` for an asker who waits `waitMs`. */
  restsBy(now: number, waitMs: number): boolean {
    return now >= this.restsAt(waitMs);
  }
}
