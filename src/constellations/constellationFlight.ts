import { FIELD_OF_VIEW_DEGREES } from '../renderer/camera';
import type { CommunitiesJson } from '../communities/format';
import type { ConstellationRef } from './constellations';
import { constellationCentre } from './constellationsInView';

/** The closest a flight to a constellation stops, as a flight to a star (docs/rules.md#controls). */
export const NEAREST_FLIGHT_DISTANCE = 100;

/** Where a flight to a constellation goes: its centre, from a distance at which it about fills the view. */
export interface ConstellationFlight {
  target: [number, number, number];
  distance: number;
}

/**
 * The flight to a constellation (docs/rules.md#panels): its centre (positions.bin's units times the
 * scale), stopping where a ball of its share of the galaxy's stars, as dense as the galaxy
 * (`halfSize`: half the scene's size, scale applied), spans the field of view.
 */
export function constellationFlight(file: CommunitiesJson, ref: ConstellationRef, scale: number, halfSize: number): ConstellationFlight | undefined {
  const level = file.levels[ref.level];
  const target = level ? constellationCentre(level, ref.id, scale) : undefined;
  if (!level || !target || file.stars === 0) return undefined;
  const share = (level.size[ref.id] ?? 0) / file.stars;
  const radius = Math.abs(halfSize) * Math.cbrt(share);
  const distance = Math.max(NEAREST_FLIGHT_DISTANCE, radius / Math.tan((FIELD_OF_VIEW_DEGREES * Math.PI) / 360));
  return { target, distance };
}
