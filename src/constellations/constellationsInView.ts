import { quat, vec3 } from 'gl-matrix';
import type { ConstellationLevel } from './constellationLevel';
import { FIELD_OF_VIEW_DEGREES, NEAR, type CameraPose } from '../renderer/camera';

/** What the camera sees, as the list of constellations in view needs it. */
export interface ViewOfConstellations {
  pose: CameraPose;
  /** Width over height of the canvas. */
  aspect: number;
  /** The scene's scale: a centre in positions.bin's units times this is a world position. */
  scale: number;
}

/** The constellations listed: one level's, biggest first. */
export interface ConstellationsInView {
  level: number;
  ids: readonly number[];
}

/** A level with fewer centres in view than this gives way to the next finer one (the camera is inside a constellation). */
export const FEWEST_IN_VIEW = 5;
/** The panel lists at most this many. */
export const MOST_LISTED = 12;

/** Whether a world point lies inside the camera's view (in front of it, within the field of view). */
export function inView(view: Omit<ViewOfConstellations, 'scale'>, point: readonly [number, number, number]): boolean {
  const { position, orientation } = view.pose;
  const toPoint = vec3.sub(vec3.create(), point, position);
  const inverse = quat.invert(quat.create(), orientation);
  const local = vec3.transformQuat(vec3.create(), toPoint, inverse);
  const depth = -local[2];
  if (depth < NEAR) return false;
  const halfHeight = depth * Math.tan((FIELD_OF_VIEW_DEGREES * Math.PI) / 360);
  return Math.abs(local[1]) <= halfHeight && Math.abs(local[0]) <= halfHeight * view.aspect;
}

/** The world position of community `id`'s centre at a level (positions.bin's units times the scale). */
export function constellationCentre(level: Pick<ConstellationLevel, 'centre'>, id: number, scale: number): [number, number, number] | undefined {
  if (level.centre.length < 3 * id + 3) return undefined;
  return [level.centre[3 * id] * scale, level.centre[3 * id + 1] * scale, level.centre[3 * id + 2] * scale];
}

function centresInView(level: ConstellationLevel, view: ViewOfConstellations): number[] {
  const ids: number[] = [];
  for (let c = 0; c < level.count; c++) {
    if (c === level.unlinked) continue;
    const centre = constellationCentre(level, c, view.scale);
    if (centre && inView(view, centre)) ids.push(c);
  }
  return ids;
}

/**
 * docs/rules.md#panels: the biggest constellations whose centre is in view, at the top level, or,
 * where fewer than `fewest` of the top level's are in view (the camera among them), at the
 * coarsest finer level that has that many (the finest at least). The unlinked stars are no
 * constellation to list: their centre is no place.
 */
export function constellationsInView(
  levels: readonly ConstellationLevel[],
  view: ViewOfConstellations,
  most = MOST_LISTED,
  fewest = FEWEST_IN_VIEW,
): ConstellationsInView {
  if (levels.length === 0) return { level: 0, ids: [] };
  let level = levels.length - 1;
  let ids = centresInView(levels[level], view);
  while (ids.length < fewest && level > 0) {
    level--;
    ids = centresInView(levels[level], view);
  }
  const size = levels[level].size;
  ids.sort((a, b) => size[b] - size[a] || a - b);
  return { level, ids: ids.slice(0, most) };
}
