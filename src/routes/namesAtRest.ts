/**
 * Camera moves further apart than this are separate moves, not one flight drawn slowly (frames a
 * second or more apart on a loaded machine): their interval does not stretch the rest.
 */
const FLIGHT_GAP_MS = 2000;

/** What the accessible list of named stars listens to (the scene has both). */
export interface NamedStarsSource {
  onNamedStarsChange(listener: (stars: ReadonlyArray<{ id: number; name: string }>) => void): () => void;
  onCameraChange(listener: () => void): () => void;
}

/**
 * Calls `list` with the named stars once the camera rests: `restMs` after the last change of the
 * names or of the camera, and two of the camera's move intervals where frames come slower than
 * that (a flight on a slow machine is still under way between two moves, FLIGHT_GAP_MS); never while the camera
 * keeps moving (docs/names.md#screen-readers). A camera that moves without changing the names lists
 * nothing. Returns the function that stops listening.
 */
export function followNamesAtRest(
  source: NamedStarsSource,
  restMs: number,
  list: (stars: ReadonlyArray<{ id: number; name: string }>) => void,
  now: () => number = () => performance.now(),
): () => void {
  let rest: ReturnType<typeof setTimeout> | undefined;
  let latest: ReadonlyArray<{ id: number; name: string }> = [];
  let lastMove = -Infinity;
  let moveInterval = 0;
  const restDelay = () => Math.max(restMs, 2 * moveInterval);
  const waitForRest = () => {
    clearTimeout(rest);
    rest = setTimeout(() => {
      rest = undefined;
      list(latest);
    }, restDelay());
  };
  const offNames = source.onNamedStarsChange((stars) => {
    latest = stars;
    waitForRest();
  });
  const offCamera = source.onCameraChange(() => {
    const at = now();
    moveInterval = at - lastMove < FLIGHT_GAP_MS ? at - lastMove : 0;
    lastMove = at;
    if (rest !== undefined) waitForRest();
  });
  return () => {
    offNames();
    offCamera();
    clearTimeout(rest);
  };
}
