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
 */
export function followCameraAtRest(source: CameraMoves, restMs: number, atRest: () => void, now: () => number = () => performance.now()): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastMove = -Infinity;
  const restsAt = () => Math.max(lastMove + restMs, source.cameraRestsAt?.(restMs) ?? -Infinity);
  const look = () => {
    const wait = restsAt() - now();
    if (wait > 0) {
      timer = setTimeout(look, wait);
      return;
    }
    timer = undefined;
    atRest();
  };
  const off = source.onCameraChange(() => {
    lastMove = now();
    timer ??= setTimeout(look, Math.max(0, restsAt() - lastMove));
  });
  return () => {
    off();
    clearTimeout(timer);
    timer = undefined;
  };
}
