import { QUANTISATION_LEVELS } from './layout';

/**
 * Tile boxes are cubes with whole-number corners and a power-of-two side, so a box of side up to
 * 65536 stores whole-number coordinates exactly (step 1). A bigger box uses a step of side / 65536
 * and decodes to the middle of the step's whole numbers: error at most (step - 1) / 2 per axis.
 */
export function quantisationStep(side: number): number {
  return Math.max(1, side / QUANTISATION_LEVELS);
}

export function quantise(value: number, min: number, step: number): number {
  const q = Math.floor((value - min) / step);
  return q < 0 ? 0 : q >= QUANTISATION_LEVELS ? QUANTISATION_LEVELS - 1 : q;
}

export function dequantise(q: number, min: number, step: number): number {
  return min + q * step + (step - 1) / 2;
}

/** Largest distance per axis between a whole-number coordinate and its decoded value. */
export function quantisationErrorBound(side: number): number {
  return (quantisationStep(side) - 1) / 2;
}
