import { quat, vec3 } from 'gl-matrix';
import type { CameraPose } from './scene';

/** docs/rules.md#controls: fly-to takes 400 ms for position and 300 ms for orientation. */
export const FLY_POSITION_MS = 400;
export const FLY_ORIENTATION_MS = 300;
/** A fly-to (double click, a name in a list) stops this far short of the star. */
export const FLY_TO_DISTANCE = 100;

function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

/** The pose at `elapsed` ms of a flight from `from` to `to`, and whether it has arrived. */
export function poseAt(from: CameraPose, to: CameraPose, elapsed: number): { pose: CameraPose; done: boolean } {
  const tp = easeInOut(Math.min(1, elapsed / FLY_POSITION_MS));
  const tq = easeInOut(Math.min(1, elapsed / FLY_ORIENTATION_MS));
  const p = vec3.lerp(vec3.create(), from.position, to.position, tp);
  const q = quat.slerp(quat.create(), from.orientation, to.orientation, tq);
  return {
    pose: { position: [p[0], p[1], p[2]], orientation: [q[0], q[1], q[2], q[3]] },
    done: elapsed >= FLY_POSITION_MS && elapsed >= FLY_ORIENTATION_MS,
  };
}
