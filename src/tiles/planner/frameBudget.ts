/**
 * docs/rules.md#url, `fps`: the star budget that follows the measured frame. Pure: it is told what
 * each frame cost and how many stars it drew, and answers the budget; the scene measures (GPU time
 * where the adapter has timestamp queries, else the interval between frames while the camera moves).
 */

/** Frames a second aimed at when the address names none. */
export const DEFAULT_TARGET_FPS = 60;
/** Where `fps=` is clamped to. */
export const MIN_TARGET_FPS = 1;
export const MAX_TARGET_FPS = 240;

/**
 * Frames are judged in windows of this long (and at least MIN_FRAMES frames), one after the other:
 * long enough to outvote noise, short enough that two of them react within a second.
 */
export const FRAME_WINDOW_MS = 400;
/** Fewest frames judged at once (a slow device sees fewer than this in a window, and waits for them). */
export const MIN_FRAMES = 8;
/**
 * The dead band, as multiples of the target frame cost (hysteresis: it settles): the budget grows only
 * when three quarters of a window's frames cost less than GROW_BELOW, shrinks only when three quarters
 * cost more than SHRINK_ABOVE, so ±30% noise on single frames around a settled point never moves it.
 */
export const GROW_BELOW = 0.75;
export const SHRINK_ABOVE = 1.15;
/** Aim a change at this share of the target, so that a grown budget lands inside the dead band. */
const AIM = 0.85;
/** Most a budget grows in one step; it shrinks as far as the measure says, at once. */
const MAX_GROWTH = 1.5;
/**
 * The median frame must differ from the aim by this many of its standard errors (estimated from the
 * window's spread) before the budget moves: a slow device judges few frames at once, whose median
 * wanders with the noise.
 */
const SIGNIFICANCE = 3;
/** Frames whose faster quarter takes this many times the target are an overload, answered without waiting. */
const OVERLOAD = 2;
/** After a change, frames for this long are not judged: the stream needs time to fill or empty the slots. */
export const SETTLE_MS = 250;

export interface FrameBudgetOptions {
  /** Frames a second aimed at. */
  targetFps: number;
  /** The budget to start from (the device's default). */
  initial: number;
  /** Never below: the root tiles' stars. */
  floor: number;
  /** Never above: the galaxy's stars, or the most the device's memory holds. */
  ceiling: number;
}

interface FrameSample {
  at: number;
  cost: number;
}

/** The most stars a scene draws, told of every frame drawn while the camera moves. */
export interface StarBudget {
  readonly stars: number;
  frame(now: number, costMs: number, drawnStars: number): number | undefined;
  rest(): void;
}

/** `budget=` in the address: the budget the visitor asked for, whatever the frames cost. */
export class FixedBudget implements StarBudget {
  constructor(readonly stars: number) {}

  frame(): undefined {
    return undefined;
  }

  rest(): void {}
}

/** The star budget of a scene, adapted toward a frame rate from measured frames. */
export class FrameBudget implements StarBudget {
  private budgetStars: number;
  private samples: FrameSample[] = [];
  private settledAt = Number.NEGATIVE_INFINITY;
  /** What the last window asked for, waiting for the next window to agree. */
  private pending: 'grow' | 'shrink' | undefined;
  /** The stars drawn and the median frame cost at the last judgement. */
  private lastPoint: { stars: number; cost: number } | undefined;
  private readonly targetMs: number;

  constructor(private readonly options: FrameBudgetOptions) {
    this.targetMs = 1000 / clampFps(options.targetFps);
    this.budgetStars = this.bounded(options.initial);
  }

  /** The most stars to draw now. */
  get stars(): number {
    return this.budgetStars;
  }

  /** The frame cost aimed at, in milliseconds. */
  get targetFrameMs(): number {
    return this.targetMs;
  }

  /**
   * A frame drawn at `now` (ms) while the camera moved, which cost `costMs` and drew `drawnStars`.
   * Returns the new budget when it changed, else undefined.
   */
  frame(now: number, costMs: number, drawnStars: number): number | undefined {
    if (!(costMs > 0) || !Number.isFinite(costMs) || now < this.settledAt) return undefined;
    this.samples.push({ at: now, cost: costMs });
    const oldest = this.samples[0];
    if (this.samples.length < MIN_FRAMES || now - (oldest.at - oldest.cost) < FRAME_WINDOW_MS) return undefined;
    const costs = this.samples.map((sample) => sample.cost).sort((a, b) => a - b);
    this.samples = [];
    const verdict = this.judge(costs, drawnStars);
    // A change needs two windows in a row asking for it (one unlucky window is noise), but an
    // overload, where even the fast frames take twice the target, is answered at once.
    const overloaded = quantile(costs, 0.25) > OVERLOAD * this.targetMs;
    const asked = verdict !== undefined && (overloaded || verdict.direction === this.pending);
    this.pending = asked ? undefined : verdict?.direction;
    if (!verdict || !asked) return undefined;
    const drawn = Math.max(1, Math.min(drawnStars, this.budgetStars));
    const perStar = this.costPerStar(drawn, verdict.cost);
    this.lastPoint = { stars: drawn, cost: verdict.cost };
    const wanted = drawn + (AIM * this.targetMs - verdict.cost) / perStar;
    const next = this.bounded(verdict.direction === 'grow' ? Math.min(wanted, this.budgetStars * MAX_GROWTH) : Math.min(wanted, this.budgetStars));
    this.settledAt = now + SETTLE_MS;
    if (next === this.budgetStars) return undefined;
    this.budgetStars = next;
    return next;
  }

  /**
   * What a window of frame costs (sorted) asks for: to grow when even its slower frames have headroom,
   * to shrink when even its faster ones are over, in either case only where its median is significantly
   * off the aim; undefined to hold.
   */
  private judge(costs: readonly number[], drawnStars: number): { direction: 'grow' | 'shrink'; cost: number } | undefined {
    const quartile1 = quantile(costs, 0.25);
    const quartile3 = quantile(costs, 0.75);
    const cost = quantile(costs, 0.5);
    const direction = quartile3 < GROW_BELOW * this.targetMs ? 'grow' : quartile1 > SHRINK_ABOVE * this.targetMs ? 'shrink' : undefined;
    if (!direction) return undefined;
    // Headroom only because the budget is not filled yet (fewer stars in view, tiles still coming) is no reason to grow.
    if (direction === 'grow' && drawnStars < this.budgetStars * 0.9) return undefined;
    // Standard error of a median: 1.253 sigma / sqrt(n), sigma estimated as the interquartile range / 1.349.
    const standardError = (1.253 * ((quartile3 - quartile1) / 1.349)) / Math.sqrt(costs.length);
    if (Math.abs(cost - AIM * this.targetMs) < SIGNIFICANCE * standardError) return undefined;
    return { direction, cost };
  }

  /**
   * What one more star costs: the slope between this judgement and the last (a secant, so that a fixed
   * cost per frame does not make the budget settle short of its aim), else the cost per star drawn,
   * where the two points are too close or the slope is implausible (noise).
   */
  private costPerStar(drawn: number, cost: number): number {
    const proportional = cost / drawn;
    const last = this.lastPoint;
    if (!last || Math.abs(drawn - last.stars) < drawn * 0.05) return proportional;
    const slope = (cost - last.cost) / (drawn - last.stars);
    return slope >= proportional * 0.2 && slope <= proportional * 1.2 ? slope : proportional;
  }

  /** The camera came to rest: frames drawn now say nothing about flight, and the budget stays as it is. */
  rest(): void {
    this.samples = [];
    this.pending = undefined;
  }

  private bounded(stars: number): number {
    const { floor, ceiling } = this.options;
    return Math.round(Math.max(floor, Math.min(Math.max(floor, ceiling), stars)));
  }
}

export function clampFps(fps: number): number {
  return Number.isFinite(fps) ? Math.min(MAX_TARGET_FPS, Math.max(MIN_TARGET_FPS, fps)) : DEFAULT_TARGET_FPS;
}

/** The `q` quantile of sorted values, interpolated. */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (at - below);
}
