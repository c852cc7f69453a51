import type { Pixels } from '../e2e/renderSupport';

/** Light per area either side of a stretch of a line across the canvas. */
export interface SeamStretch {
  /** Where the stretch starts along the line, in pixels. */
  from: number;
  /** Mean channel value (0..255) per pixel in the band before the line (left of a vertical one, above a horizontal one) and after it. */
  before: number;
  after: number;
  /** The larger over the smaller (1 = the same light per area on both sides). */
  ratio: number;
}

export interface SeamLight {
  /** The stretches where the galaxy crosses the line, in order along it. */
  stretches: SeamStretch[];
  /** The stretch whose sides differ most. */
  worst: SeamStretch | undefined;
  /** The median of the stretches' ratios (1 when there are none). */
  medianRatio: number;
}

function lightAt(p: Pixels, x: number, y: number): number {
  const i = (y * p.width + x) * 4;
  return (p.data[i] + p.data[i + 1] + p.data[i + 2]) / 3;
}

/**
 * Light per area in bands of `band` pixels either side of the line `vertical ? x : y` = at (`gap`
 * pixels left out around it), in stretches of `stretch` pixels along it: a tile edge shows where one
 * side of a stretch is much darker than the other all along the line. Only stretches inside the
 * galaxy (a mean of at least `minLight` on both sides) count, so that the rim of an arm running
 * along the line is not taken for an edge; the mean is over the band, stars and gaps between them.
 */
export function seamLight(p: Pixels, at: number, vertical: boolean, { band = 6, gap = 2, stretch = 24, minLight = 40 } = {}): SeamLight {
  const length = vertical ? p.height : p.width;
  const across = vertical ? p.width : p.height;
  const line = Math.round(at);
  const stretches: SeamStretch[] = [];
  if (line - gap - band < 0 || line + gap + band >= across) return { stretches, worst: undefined, medianRatio: 1 };
  for (let from = 0; from + stretch <= length; from += stretch) {
    let before = 0;
    let after = 0;
    for (let along = from; along < from + stretch; along++) {
      for (let d = gap; d < gap + band; d++) {
        before += vertical ? lightAt(p, line - d, along) : lightAt(p, along, line - d);
        after += vertical ? lightAt(p, line + d, along) : lightAt(p, along, line + d);
      }
    }
    before /= stretch * band;
    after /= stretch * band;
    if (Math.min(before, after) < minLight) continue;
    stretches.push({ from, before, after, ratio: Math.max(before, after) / Math.max(1, Math.min(before, after)) });
  }
  const worst = stretches.reduce<SeamStretch | undefined>((w, s) => (!w || s.ratio > w.ratio ? s : w), undefined);
  const ratios = stretches.map((s) => s.ratio).sort((a, b) => a - b);
  const medianRatio = ratios.length === 0 ? 1 : ratios[Math.floor(ratios.length / 2)];
  return { stretches, worst, medianRatio };
}
