import { DEFAULT_TARGET_FPS, FixedBudget, FrameBudget, type StarBudget } from '../tiles/planner/frameBudget';
import type { StarSource } from '../stars/starSource';
import { FrameIntervals } from './frameIntervals';

/** What the address asks of the star budget (docs/rules.md#url, `fps` and `budget`). */
export interface StarBudgetPolicy {
  /** Frames a second aimed at. */
  targetFps: number;
  /** `budget=`: this many stars whatever the frames cost. */
  fixedStars?: number;
}

export const DEFAULT_STAR_BUDGET_POLICY: StarBudgetPolicy = { targetFps: DEFAULT_TARGET_FPS };

/**
 * The scene's star budget: the frame budget (src/tiles/planner/frameBudget.ts) of the star source
 * drawn now, told what each frame drawn while the camera moves cost, and the source told each new
 * budget. A source without a budget (a stand-in) is drawn as it is.
 */
export class SceneStarBudget {
  private controller: StarBudget | undefined;
  private source: StarSource | undefined;
  private readonly intervals = new FrameIntervals();
  private moving = false;

  constructor(private policy: StarBudgetPolicy = DEFAULT_STAR_BUDGET_POLICY) {}

  /** Stars the source may draw now, undefined without a source that has a budget. */
  get stars(): number | undefined {
    return this.source?.starBudget?.stars;
  }

  /** The most the budget may grow to (the galaxy's stars, the largest budget, what the holding budget holds). */
  get ceiling(): number | undefined {
    return this.source?.starBudget?.ceiling;
  }

  setPolicy(policy: StarBudgetPolicy): void {
    if (policy.targetFps === this.policy.targetFps && policy.fixedStars === this.policy.fixedStars) return;
    this.policy = { ...policy };
    this.start();
  }

  setSource(source: StarSource | undefined): void {
    if (source === this.source) return;
    this.source = source;
    this.start();
  }

  /**
   * A frame drawn at `now` (its animation frame's time) that was asked for at `askedAt`, after the
   * camera moved or not, with `drawnStars` in it: its interval goes to the controller.
   */
  frame(now: number, askedAt: number, cameraMoved: boolean, drawnStars: number): void {
    const cost = this.intervals.frame(now, askedAt, cameraMoved);
    if (!cameraMoved) {
      if (this.moving) this.controller?.rest();
      this.moving = false;
      return;
    }
    this.moving = true;
    if (cost !== undefined) this.measured(now, cost, drawnStars);
  }

  /**
   * A frame drawn at `now` on a renderer that times its frames on the GPU: `gpuTimes`, the GPU time
   * of frames drawn a little earlier, go to the controller while the camera moves.
   */
  gpuFrame(now: number, gpuTimes: readonly number[], cameraMoved: boolean, drawnStars: number): void {
    if (!cameraMoved) {
      if (this.moving) this.controller?.rest();
      this.moving = false;
      return;
    }
    this.moving = true;
    for (const ms of gpuTimes) this.measured(now, ms, drawnStars);
  }

  /** A frame's cost, measured one way or the other. */
  private measured(now: number, costMs: number, drawnStars: number): void {
    const next = this.controller?.frame(now, costMs, drawnStars);
    if (next !== undefined) this.source?.setStarBudget?.(next);
  }

  /** The tab was hidden: the frames around it say nothing. */
  interrupt(): void {
    this.intervals.interrupt();
    this.controller?.rest();
  }

  private start(): void {
    const { source, policy } = this;
    const range = source?.starBudget;
    this.intervals.interrupt();
    this.moving = false;
    if (!source || !range || !source.setStarBudget) {
      this.controller = undefined;
      return;
    }
    if (policy.fixedStars !== undefined) {
      this.controller = new FixedBudget(policy.fixedStars);
      source.setStarBudget(policy.fixedStars);
      return;
    }
    this.controller = new FrameBudget({ targetFps: policy.targetFps, initial: range.stars, floor: range.floor, ceiling: range.ceiling });
  }
}
