/**
 * Constellation colours: a palette readable on the dark sky, its most distinct colours first, and
 * the colouring of the community graph with it, so that neighbouring constellations differ and the
 * biggest get the most distinct colours. The CPU writes these colours; the shaders are unchanged.
 */

/** The community graph: sizes, and each community's neighbours (CSR) with the links between them. */
export interface CommunityGraph {
  /** Stars in each community. */
  sizes: ArrayLike<number>;
  /** Neighbours of community c are targets[offsets[c]] .. targets[offsets[c + 1] - 1]. */
  offsets: ArrayLike<number>;
  targets: ArrayLike<number>;
  /** Links between c and each neighbour, same order as targets. */
  weights: ArrayLike<number>;
}

interface Lab {
  l: number;
  a: number;
  b: number;
}

/** Lightness and chroma of the palette (OKLCH): light enough for a contrast of 7:1 or more on black, saturated enough to tell apart. */
const LIGHTNESS_LEVELS = [0.82, 0.7] as const;
const CHROMA = 0.14;
const HUE_STEP_DEGREES = 5;
/** Colours in the palette. Beyond these, colours repeat (on communities that do not touch, where possible). */
export const PALETTE_SIZE = 24;
/** Two colours closer than this (OKLab distance) count as alike when neighbours are compared. */
const ALIKE_BELOW = 0.08;

/** OKLab to linear sRGB (Björn Ottosson's matrices). */
function labToLinearRgb({ l, a, b }: Lab): [number, number, number] {
  const l_ = l + 0.3963377774 * a + 0.2158037573 * b;
  const m_ = l - 0.1055613458 * a - 0.0638541728 * b;
  const s_ = l - 0.0894841775 * a - 1.291485548 * b;
  const [L, M, S] = [l_ ** 3, m_ ** 3, s_ ** 3];
  return [
    4.0767416621 * L - 3.3077115913 * M + 0.2309699292 * S,
    -1.2684380046 * L + 2.6097574011 * M - 0.3413193965 * S,
    -0.0041960863 * L - 0.7034186147 * M + 1.707614701 * S,
  ];
}

function inGamut(rgb: readonly number[]): boolean {
  return rgb.every((channel) => channel >= -1e-4 && channel <= 1 + 1e-4);
}

function encodeSrgb(linear: number): number {
  const c = Math.min(1, Math.max(0, linear));
  return Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
}

function distance(p: Lab, q: Lab): number {
  return Math.hypot(p.l - q.l, p.a - q.a, p.b - q.b);
}

/** Candidate colours: hues all round at each lightness, those that sRGB can show. */
function candidates(): Lab[] {
  const found: Lab[] = [];
  for (const l of LIGHTNESS_LEVELS) {
    for (let hue = 0; hue < 360; hue += HUE_STEP_DEGREES) {
      const radians = (hue * Math.PI) / 180;
      const lab = { l, a: CHROMA * Math.cos(radians), b: CHROMA * Math.sin(radians) };
      if (inGamut(labToLinearRgb(lab))) found.push(lab);
    }
  }
  return found;
}

/** The palette in OKLab, each colour the one farthest from all before it (so any prefix is as distinct as it can be). */
function paletteLab(): Lab[] {
  const pool = candidates();
  const chosen: Lab[] = [pool[0]];
  const nearest = pool.map((colour) => distance(colour, pool[0]));
  while (chosen.length < PALETTE_SIZE && chosen.length < pool.length) {
    let best = 0;
    for (let i = 1; i < pool.length; i++) if (nearest[i] > nearest[best]) best = i;
    chosen.push(pool[best]);
    for (let i = 0; i < pool.length; i++) nearest[i] = Math.min(nearest[i], distance(pool[i], pool[best]));
  }
  return chosen;
}

const PALETTE_LAB = paletteLab();

/** The palette as 0xRRGGBBAA, most distinct first. */
export const CONSTELLATION_PALETTE: readonly number[] = PALETTE_LAB.map((lab) => {
  const [r, g, b] = labToLinearRgb(lab).map(encodeSrgb);
  return ((r << 24) | (g << 16) | (b << 8) | 0xff) >>> 0;
});

/** OKLab distance between two palette entries. */
export function paletteDistance(i: number, j: number): number {
  return distance(PALETTE_LAB[i], PALETTE_LAB[j]);
}

/**
 * A palette entry for each community. Communities are coloured biggest first; each takes the entry
 * whose likeness to its coloured neighbours, weighted by the links between them, is least, then the
 * entry used least so far, then the most distinct (earliest) one. So the biggest communities get the
 * first, most distinct entries, and no community shares a colour with a neighbour while fewer
 * neighbours than the palette's entries surround it.
 */
export function colourCommunities(graph: CommunityGraph): Uint8Array {
  const count = graph.sizes.length;
  const entries = CONSTELLATION_PALETTE.length;
  const order = Array.from({ length: count }, (_, c) => c).sort((a, b) => graph.sizes[b] - graph.sizes[a] || a - b);
  const colour = new Uint8Array(count);
  const coloured = new Uint8Array(count);
  const uses = new Uint32Array(entries);
  const clash = new Float64Array(entries);
  for (const c of order) {
    clash.fill(0);
    for (let k = graph.offsets[c]; k < graph.offsets[c + 1]; k++) {
      const neighbour = graph.targets[k];
      if (neighbour === c || !coloured[neighbour]) continue;
      for (let p = 0; p < entries; p++) {
        const likeness = Math.max(0, 1 - paletteDistance(p, colour[neighbour]) / ALIKE_BELOW);
        clash[p] += graph.weights[k] * likeness;
      }
    }
    let best = 0;
    for (let p = 1; p < entries; p++) {
      if (clash[p] < clash[best] || (clash[p] === clash[best] && uses[p] < uses[best])) best = p;
    }
    colour[c] = best;
    coloured[c] = 1;
    uses[best]++;
  }
  return colour;
}
