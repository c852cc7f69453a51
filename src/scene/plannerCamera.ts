import { FIELD_OF_VIEW_DEGREES, type Camera } from '../renderer/camera';
import type { PlannerCamera } from '../tiles/planner/importance';

/** A planner camera that its holder rewrites in place (the scene's, one for all its moves). */
export interface KeptPlannerCamera extends PlannerCamera {
  readonly viewProjection: Float32Array;
  readonly position: [number, number, number];
}

export function keptPlannerCamera(): KeptPlannerCamera {
  return { viewProjection: new Float32Array(16), position: [0, 0, 0], viewportHeight: 1, fovY: (FIELD_OF_VIEW_DEGREES * Math.PI) / 180 };
}

/**
 * The scene's camera as the streaming planner reads it, written into `into` and returned: the scene
 * keeps one and hands the same object to its stars on every move, so that a move allocates nothing
 * (a flight moves every frame). A star source that keeps it to plan later (throttled) reads the
 * latest move's camera then, the one it would plan for anyway; pass a fresh one for a copy that
 * later moves do not change.
 */
export function plannerCameraOf(camera: Camera, into: KeptPlannerCamera = keptPlannerCamera()): PlannerCamera {
  const p = camera.position;
  into.viewProjection.set(camera.viewProjection);
  into.position[0] = p[0];
  into.position[1] = p[1];
  into.position[2] = p[2];
  into.viewportHeight = camera.height;
  return into;
}
