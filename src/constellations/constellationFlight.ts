import { FIELD_OF_VIEW_DEGREES } from '../renderer/camera';
import type { ConstellationLevel } from './constellationLevel';
import type { ConstellationRef, Constellations } from './constellations';
import { constellationCentre } from './constellationsInView';

/** The closest a flight to a constellation stops, as a flight to a star (docs/rules.md#controls). */
export const NEAREST_FLIGHT_DISTANCE = 100;

/** Where a flight to a constellation goes: its centre, from a distance at which it about fills the view. */
export interface ConstellationFlight {
  target: [number, number, number];
  distance: number;
}

/**
 * How far the galaxy's linked stars lie from their middle (root mean square, positions.bin's units),
 * told from the finest level's centres weighted by their sizes: the finest communities are small,
 * so their centres spread as their stars do.
 */
export function galaxySpread(finest: Pick<ConstellationLevel, 'count' | 'size' | 'centre' | 'unlinked'>): number {
  let stars = 0;
  const mean = [0, 0, 0];
  for (let c = 0; c < finest.count; c++) {
    if (c === finest.unlinked || finest.centre.length < 3 * c + 3) continue;
    stars += finest.size[c];
    for (let k = 0; k < 3; k++) mean[k] += finest.size[c] * finest.centre[3 * c + k];
  }
  if (stars === 0) return 0;
  for (let k = 0; k < 3; k++) mean[k] /= stars;
  let squares = 0;
  for (let c = 0; c < finest.count; c++) {
    if (c === finest.unlinked || finest.centre.length < 3 * c + 3) continue;
    for (let k = 0; k < 3; k++) squares += finest.size[c] * (finest.centre[3 * c + k] - mean[k]) ** 2;
  }
  return Math.sqrt(squares / stars);
}

/**
 * The flight to a constellation (docs/rules.md#panels): towards its centre (positions.bin's units
 * times the scale), stopping where a ball of its share of the galaxy's stars, as spread as the
 * galaxy (galaxySpread), spans the field of view; never further from the centre than the camera is
 * (`from`), never nearer than NEAREST_FLIGHT_DISTANCE.
 */
export function constellationFlight(
  constellations: Pick<Constellations, 'stars' | 'levels'>,
  ref: ConstellationRef,
  scale: number,
  from: readonly [number, number, number],
): ConstellationFlight | undefined {
  const level = constellations.levels[ref.level];
  const target = level ? constellationCentre(level, ref.id, scale) : undefined;
  if (!level || !target || constellations.stars === 0) return undefined;
  const share = (level.size[ref.id] ?? 0) / constellations.stars;
  const radius = galaxySpread(constellations.levels[0]) * Math.abs(scale) * Math.cbrt(share);
  const fits = radius / Math.tan((FIELD_OF_VIEW_DEGREES * Math.PI) / 360);
  const now = Math.hypot(from[0] - target[0], from[1] - target[1], from[2] - target[2]);
  return { target, distance: Math.max(NEAREST_FLIGHT_DISTANCE, Math.min(fits, now)) };
}
