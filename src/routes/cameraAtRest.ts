/** What following the camera's rests asks of the scene. */
export interface CameraMoves {
  onCameraChange(listener: () => void): () => void;
  /** When the camera rests for an asker who waits `waitMs`, on the clock of `now` (docs/names.md#when-the-camera-rests). */
  cameraRestsAt?(waitMs: number): number;
}

/**
 * Calls `atRest` once the camera has rested for `restMs` after moving (one timer at most; it looks
 * again when it fires and waits on while the camera has moved since), never while it keeps
 * moving: what is listed when the camera rests is never recomputed per frame. Returns the
 * function that stops following.
 *
 * The timer is armed by a move for when the camera would rest, and a move that finds it due within
 * half of `restMs` arms it again for the later rest: while moves come more often than that the timer
 * never fires (a task of its own every `restMs` of a flight, which its frames paid for), and a flight
 * costs one clear and one set per half `restMs`, not per move.
 */
export function followCameraAtRest(source: CameraMoves, restMs: number, atRest: () => void, now: () => number = () => performance.now()): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerDue = -Infinity;
  let lastMove = -Infinity;
  const restsAt = () => Math.max(lastMove + restMs, source.cameraRestsAt?.(restMs) ?? -Infinity);
  const arm = (at: number) => {
    clearTimeout(timer);
    const due = restsAt();
    timerDue = due;
    timer = setTimeout(look, Math.max(0, due - at));
  };
  const look = () => {
    const at = now();
    if (restsAt() > at) {
      arm(at);
      return;
    }
    timer = undefined;
    atRest();
  };
  const off = source.onCameraChange(() => {
    lastMove = now();
    if (timer === undefined || timerDue - lastMove < restMs / 2) arm(lastMove);
  });
  return () => {
    off();
    clearTimeout(timer);
    timer = undefined;
  };
}
