/** What the accessible list of named stars listens to (the scene has both). */
export interface NamedStarsSource {
  onNamedStarsChange(listener: (stars: ReadonlyArray<{ id: number; name: string }>) => void): () => void;
  onCameraChange(listener: () => void): () => void;
}

/**
 * Calls `list` with the named stars once the camera rests: `restMs` after the last change of the
 * names or of the camera, never while the camera keeps moving (docs/names.md#screen-readers). A camera
 * that moves without changing the names lists nothing. Returns the function that stops listening.
 */
export function followNamesAtRest(
  source: NamedStarsSource,
  restMs: number,
  list: (stars: ReadonlyArray<{ id: number; name: string }>) => void,
): () => void {
  let rest: ReturnType<typeof setTimeout> | undefined;
  let latest: ReadonlyArray<{ id: number; name: string }> = [];
  const waitForRest = () => {
    clearTimeout(rest);
    rest = setTimeout(() => {
      rest = undefined;
      list(latest);
    }, restMs);
  };
  const offNames = source.onNamedStarsChange((stars) => {
    latest = stars;
    waitForRest();
  });
  const offCamera = source.onCameraChange(() => {
    if (rest !== undefined) waitForRest();
  });
  return () => {
    offNames();
    offCamera();
    clearTimeout(rest);
  };
}
