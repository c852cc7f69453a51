import { FIELD_OF_VIEW_DEGREES, type Camera } from '../renderer/camera';
import type { PlannerCamera } from '../tiles/planner/importance';

/** The scene's camera as the streaming planner reads it: a copy, so that later moves do not change a plan's input. */
export function plannerCameraOf(camera: Camera): PlannerCamera {
  const p = camera.position;
  return {
    viewProjection: Float32Array.from(camera.viewProjection),
    position: [p[0], p[1], p[2]],
    viewportHeight: camera.height,
    fovY: (FIELD_OF_VIEW_DEGREES * Math.PI) / 180,
  };
}
