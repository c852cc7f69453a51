/** docs/rules.md#controls pointer timings. */
export const HOVER_DELAY_MS = 100;
export const DOUBLE_CLICK_MS = 300;
export const FOCUS_DELAY_MS = 30;
/** A press that moved further than this (CSS px) was a drag-to-look, not a click. */
export const CLICK_SLOP_PX = 5;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface PointerPoint {
  x: number;
  y: number;
}

/**
 * docs/rules.md#controls: a click fires 300 ms after mouse down unless a second down arrives within that
 * time, which fires a double click instead. A press that turned into a drag fires nothing.
 */
export class ClickTimer {
  private pending: { at: PointerPoint; handle: unknown; dragged: boolean } | undefined;
  /** Called once a press has been decided: a click, a double click or a drag that fires nothing. */
  onSettled?: () => void;

  constructor(
    private readonly onClick: (at: PointerPoint) => void,
    private readonly onDoubleClick: (at: PointerPoint) => void,
    private readonly timers: Timers = browserTimers,
  ) {}

  down(at: PointerPoint): void {
    const pending = this.pending;
    if (pending) {
      this.timers.clearTimeout(pending.handle);
      this.pending = undefined;
      if (!pending.dragged) this.onDoubleClick(pending.at);
      this.onSettled?.();
      return;
    }
    const handle = this.timers.setTimeout(() => {
      const fired = this.pending;
      this.pending = undefined;
      if (fired && !fired.dragged) this.onClick(fired.at);
      this.onSettled?.();
    }, DOUBLE_CLICK_MS);
    this.pending = { at, handle, dragged: false };
  }

  /** Pointer moved while pressed; beyond the slop the press becomes a drag. */
  move(to: PointerPoint): void {
    const pending = this.pending;
    if (pending && Math.hypot(to.x - pending.at.x, to.y - pending.at.y) > CLICK_SLOP_PX) pending.dragged = true;
  }

  cancel(): void {
    if (this.pending) this.timers.clearTimeout(this.pending.handle);
    this.pending = undefined;
  }
}

/**
 * docs/rules.md#controls: hover becomes active only after the pointer has been still for 100 ms and the
 * camera is not moving; until then the previous hover stays (the tooltip follows the pointer).
 */
export class HoverTimer {
  private handle: unknown;
  private last: PointerPoint | undefined;

  constructor(
    private readonly onStill: (at: PointerPoint) => void,
    private readonly cameraMoving: () => boolean,
    private readonly timers: Timers = browserTimers,
  ) {}

  move(at: PointerPoint): void {
    this.last = at;
    this.timers.clearTimeout(this.handle);
    this.handle = this.timers.setTimeout(() => this.settle(), HOVER_DELAY_MS);
  }

  /** The pointer left the scene. */
  leave(): void {
    this.timers.clearTimeout(this.handle);
    this.last = undefined;
  }

  private settle(): void {
    const at = this.last;
    if (!at) return;
    if (this.cameraMoving()) {
      this.handle = this.timers.setTimeout(() => this.settle(), HOVER_DELAY_MS);
      return;
    }
    this.onStill(at);
  }
}
