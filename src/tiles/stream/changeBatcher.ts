import type { SlotRange, StarSourceChange } from '../../stars/starSource';
import { type FrameQueue, frameQueue } from '../../timing/frameQueue';

/** Sorted, with overlapping and touching ranges joined. */
export function mergeRanges(ranges: readonly SlotRange[]): SlotRange[] {
  const sorted = ranges.filter((r) => r.count > 0).sort((a, b) => a.start - b.start);
  const merged: SlotRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.start + last.count) {
      last.count = Math.max(last.count, range.start + range.count - last.start);
    } else {
      merged.push({ ...range });
    }
  }
  return merged;
}

/**
 * Gathers what changed in the pool, the drawn cells, the links and the catalog, and tells the
 * listeners once per frame (the page's FrameQueue), not once per tile.
 */
export class ChangeBatcher {
  private readonly starListeners = new Set<(change: StarSourceChange) => void>();
  private readonly catalogListeners = new Set<() => void>();
  private written: SlotRange[] = [];
  private footprintsWritten: SlotRange[] = [];
  private drawnChanged = false;
  private linksChanged = false;
  private catalogChanged = false;
  private settledChanged = false;
  private resizedChanged = false;

  constructor(private readonly frames: FrameQueue = frameQueue) {}

  onStars(listener: (change: StarSourceChange) => void): () => void {
    this.starListeners.add(listener);
    return () => this.starListeners.delete(listener);
  }

  onCatalog(listener: () => void): () => void {
    this.catalogListeners.add(listener);
    return () => this.catalogListeners.delete(listener);
  }

  wrote(range: SlotRange): void {
    this.written.push({ ...range });
    this.soon();
  }

  /** Only the footprints of these slots changed (stand-in stars, a refinement blending in). */
  footprints(range: SlotRange): void {
    this.footprintsWritten.push({ ...range });
    this.soon();
  }

  /** The pool's columns were replaced by larger ones (the star budget grew). */
  resized(): void {
    this.resizedChanged = true;
    this.soon();
  }

  drawn(): void {
    this.drawnChanged = true;
    this.soon();
  }

  links(): void {
    this.linksChanged = true;
    this.soon();
  }

  catalog(): void {
    this.catalogChanged = true;
    this.soon();
  }

  /** Streaming started or stopped (`StarSource.busy`): the stats line says so. */
  settled(): void {
    this.settledChanged = true;
    this.soon();
  }

  /** Whether a notification is waiting to go out. */
  get waiting(): boolean {
    return this.frames.has(this.flushAtFrame);
  }

  /** Tells the listeners now what has gathered. */
  flush(): void {
    this.frames.remove(this.flushAtFrame);
    const written = mergeRanges(this.written);
    const footprintsWritten = mergeRanges(this.footprintsWritten);
    const change: StarSourceChange = {
      written,
      drawnChanged: this.drawnChanged,
      linksChanged: this.linksChanged,
      ...(this.resizedChanged && { resized: true }),
      ...(footprintsWritten.length > 0 && { footprintsWritten }),
    };
    const catalogChanged = this.catalogChanged;
    const settledChanged = this.settledChanged;
    this.written = [];
    this.footprintsWritten = [];
    this.drawnChanged = this.linksChanged = this.catalogChanged = this.settledChanged = this.resizedChanged = false;
    if (written.length > 0 || footprintsWritten.length > 0 || change.drawnChanged || change.linksChanged || change.resized || settledChanged) for (const listener of [...this.starListeners]) listener(change);
    if (catalogChanged) for (const listener of [...this.catalogListeners]) listener();
  }

  dispose(): void {
    this.frames.remove(this.flushAtFrame);
    this.starListeners.clear();
    this.catalogListeners.clear();
  }

  private soon(): void {
    this.frames.add(this.flushAtFrame);
  }

  private readonly flushAtFrame = () => this.flush();
}
