/**
 * What a frame costs where the GPU cannot say (no timestamp queries, as on SwiftShader): the time
 * between two frames drawn back to back while the camera moves. An interval counts only when the
 * second frame was asked for early in it (the scene asked for it while or right after drawing the
 * first), so that time the page spent idle between two moves is not taken for drawing; not across a
 * rest, not across the tab being hidden, and not when it is a stall (longer than STALL_MS).
 */

/** An interval longer than this is a stall (a long task, a tab coming back), not a frame. */
export const STALL_MS = 2000;
/** The next frame must have been asked for within this share of the interval for it to count. */
const ASKED_WITHIN = 0.5;

export class FrameIntervals {
  private lastFrameAt: number | undefined;

  /**
   * A frame drawn at `now` (the animation frame's time), asked for at `askedAt`, after the camera
   * moved (`moving`), or not. Returns what the frame cost in milliseconds, or undefined when the
   * interval says nothing about drawing.
   */
  frame(now: number, askedAt: number, moving: boolean): number | undefined {
    const last = this.lastFrameAt;
    this.lastFrameAt = moving ? now : undefined;
    if (!moving || last === undefined) return undefined;
    const interval = now - last;
    if (!(interval > 0) || interval > STALL_MS) return undefined;
    return askedAt - last <= interval * ASKED_WITHIN ? interval : undefined;
  }

  /** The tab was hidden, or the scene drew nothing for a while: the next interval starts afresh. */
  interrupt(): void {
    this.lastFrameAt = undefined;
  }
}
