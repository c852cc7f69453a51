import { DEFAULT_TARGET_FPS, FixedBudget, FrameBudget, type StarBudget } from '../tiles/planner/frameBudget';
import type { StarSource } from '../stars/starSource';
import { FrameIntervals } from './frameIntervals';

/** What the address asks of the star budget (docs/rules.md#url, `fps` and `budget`). */
export interface StarBudgetPolicy {
  /** Frames a second aimed at. */
  targetFps: number;
  /** `budget=`: this many stars whatever the frames cost. */
  fixedStars?: number;
  /**
   * The budget a galaxy opens with on this device (`openingBudget`, src/tiles/planner/budgets.ts),
   * once the device is known: a whole galaxy, which holds every star, comes down to it when shown.
   */
  openingStars?: number;
}

export const DEFAULT_STAR_BUDGET_POLICY: StarBudgetPolicy = { targetFps: DEFAULT_TARGET_FPS };

/**
 * The scene's star budget: the frame budget (src/tiles/planner/frameBudget.ts) of the star source
 * drawn now, told what each frame drawn while the camera moves cost, and the source told each new
 * budget. Each source starts at the device's opening budget (at most), or at `budget=`. A source
 * without a budget (a stand-in) is drawn as it is.
 */
export class SceneStarBudget {
  private controller: StarBudget | undefined;
  private source: StarSource | undefined;
  private readonly intervals = new FrameIntervals();
  private moving = false;
  /** The source drawn now has been brought to its opening budget (or to `budget=`): once a source, so that a grown budget is kept when only `fps=` changes. */
  private opened = false;
  private measuredFrames = 0;

  constructor(private policy: StarBudgetPolicy = DEFAULT_STAR_BUDGET_POLICY) {}

  /** Stars the source may draw now, undefined without a source that has a budget. */
  get stars(): number | undefined {
    return this.source?.starBudget?.stars;
  }

  /** Frame costs told to the budget so far (tests wait on a count of them rather than on time). */
  get framesMeasured(): number {
    return this.measuredFrames;
  }

  /** The most the budget may grow to (the galaxy's stars, the largest budget, what the holding budget holds). */
  get ceiling(): number | undefined {
    return this.source?.starBudget?.ceiling;
  }

  setPolicy(policy: StarBudgetPolicy): void {
    if (policy.targetFps === this.policy.targetFps && policy.fixedStars === this.policy.fixedStars && policy.openingStars === this.policy.openingStars) return;
    this.policy = { ...policy };
    this.start();
  }

  setSource(source: StarSource | undefined): void {
    if (source === this.source) return;
    this.source = source;
    this.opened = false;
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
    this.measuredFrames++;
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
      this.opened = true;
      return;
    }
    // A tiled galaxy opened at this very budget (its holding budget); a whole galaxy opened at all its stars.
    if (!this.opened && policy.openingStars !== undefined) {
      this.opened = true;
      if (range.stars > policy.openingStars) source.setStarBudget(policy.openingStars);
    }
    const opening = source.starBudget?.stars ?? range.stars;
    this.controller = new FrameBudget({ targetFps: policy.targetFps, initial: opening, floor: range.floor, ceiling: range.ceiling });
  }
}
