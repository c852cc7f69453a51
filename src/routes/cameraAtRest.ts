import { RestTimer } from '../timing/restTimer';

/** What following the camera's rests asks of the scene. */
export interface CameraMoves {
  onCameraChange(listener: () => void): () => void;
  /** When the camera rests for an asker who waits `waitMs`, on the clock of `now` (docs/names.md#when-the-camera-rests). */
  cameraRestsAt?(waitMs: number): number;
}

/**
 * Calls `atRest` once the camera has rested for `restMs` after moving (and not before the scene says
 * it rests, `cameraRestsAt`), never while it keeps moving: what is listed when the camera rests is
 * never recomputed per frame. A RestTimer restarted by every move (src/timing/restTimer.ts: one
 * timer, which never fires while moves come more often than every half `restMs`). Returns the
 * function that stops following.
 */
export function followCameraAtRest(source: CameraMoves, restMs: number, atRest: () => void, now: () => number = () => performance.now()): () => void {
  const rest = new RestTimer(restMs, atRest, { now, notBefore: () => source.cameraRestsAt?.(restMs) ?? -Infinity });
  const off = source.onCameraChange(() => rest.restart());
  return () => {
    off();
    rest.cancel();
  };
}
