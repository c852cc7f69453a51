type NamedStars = ReadonlyArray<{ id: number; name: string }>;

/** What the accessible list of named stars asks of the scene. */
export interface NamedStarsSource {
  onNamedStarsChange(listener: (stars: NamedStars) => void): () => void;
  /** When the camera rests for an asker who waits `waitMs`, on the same clock as `now`. */
  cameraRestsAt(waitMs: number): number;
}

/**
 * Calls `list` with the named stars once they have not changed for `restMs` and the camera rests for
 * that wait (docs/names.md#when-the-camera-rests); never while the camera keeps moving
 * (docs/names.md#screen-readers). A camera that moves without changing the names lists nothing.
 * Returns the function that stops listening.
 */
export function followNamesAtRest(
  source: NamedStarsSource,
  restMs: number,
  list: (stars: NamedStars) => void,
  now: () => number = () => performance.now(),
): () => void {
  const resting = new RestingList(source, restMs, list, now);
  const offNames = source.onNamedStarsChange(resting.namesChanged);
  return () => {
    offNames();
    resting.stop();
  };
}

/** One timer at most: it looks again when it fires, and waits on while the names or the camera have moved since. */
class RestingList {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private latest: NamedStars = [];
  private changedAt = -Infinity;

  constructor(
    private readonly source: NamedStarsSource,
    private readonly restMs: number,
    private readonly list: (stars: NamedStars) => void,
    private readonly now: () => number,
  ) {}

  namesChanged = (stars: NamedStars) => {
    this.latest = stars;
    this.changedAt = this.now();
    if (this.timer === undefined) this.timer = setTimeout(this.listNamedStarsAtRest, this.restsAt() - this.changedAt);
  };

  /** The timer's task; the names bench finds the list's own task in a trace by this name. */
  listNamedStarsAtRest = () => {
    const wait = this.restsAt() - this.now();
    if (wait > 0) {
      this.timer = setTimeout(this.listNamedStarsAtRest, wait);
      return;
    }
    this.timer = undefined;
    this.list(this.latest);
  };

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private restsAt(): number {
    return Math.max(this.changedAt + this.restMs, this.source.cameraRestsAt(this.restMs));
  }
}
