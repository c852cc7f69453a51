import { quat, vec3 } from 'gl-matrix';
import type { CameraPose } from '../scene/scene';
import type { Motion } from './keys';

/** docs/rules.md#controls flight constants. */
export const SPEED_FACTOR = 0.02;
export const ROLL_SPEED = 0.065;
export const SHIFT_MULTIPLIER = 4;
/** Speeds are per frame at 60 frames a second; slower frames move further so flight speed is steady. */
export const FRAME_MS = 1000 / 60;

export function movementSpeed(sceneHalfSize: number): number {
  return SPEED_FACTOR * Math.max(sceneHalfSize, 1);
}

/**
 * Moves and turns a pose by a motion for `frames` frames: translation along the camera's own axes at
 * `speed` units a frame, rotation about them at `rollSpeed` radians a frame.
 */
export function advancePose(pose: CameraPose, motion: Motion, speed: number, rollSpeed: number, frames: number): CameraPose {
  const orientation = quat.fromValues(...pose.orientation);
  if (quat.length(orientation) === 0) quat.identity(orientation);
  quat.normalize(orientation, orientation);
  const step = vec3.fromValues(...motion.move);
  if (vec3.length(step) > 0) vec3.normalize(step, step);
  vec3.scale(step, step, speed * frames);
  vec3.transformQuat(step, step, orientation);
  const position: [number, number, number] = [pose.position[0] + step[0], pose.position[1] + step[1], pose.position[2] + step[2]];

  const [pitch, yaw, roll] = motion.turn;
  const angle = rollSpeed * frames;
  const turn = quat.create();
  // Local axes: post-multiplying turns the camera about its own x, y and z.
  if (pitch) quat.multiply(turn, turn, quat.setAxisAngle(quat.create(), [1, 0, 0], pitch * angle));
  if (yaw) quat.multiply(turn, turn, quat.setAxisAngle(quat.create(), [0, 1, 0], yaw * angle));
  if (roll) quat.multiply(turn, turn, quat.setAxisAngle(quat.create(), [0, 0, 1], roll * angle));
  quat.multiply(orientation, orientation, turn);
  quat.normalize(orientation, orientation);
  return { position, orientation: [orientation[0], orientation[1], orientation[2], orientation[3]] };
}

/** Turns a pose by yaw then pitch (radians, about the camera's own axes); drag-to-look and steering use it. */
export function lookBy(pose: CameraPose, yaw: number, pitch: number): CameraPose {
  return advancePose(pose, { move: [0, 0, 0], turn: [pitch, yaw, 0] }, 0, 1, 1);
}

/** A point on a horizontal circle around `center`, looking at it (an orbit of docs/rules.md#controls). */
export function orbitPose(center: readonly [number, number, number], radius: number, angle: number): CameraPose {
  const position: [number, number, number] = [center[0] + radius * Math.sin(angle), center[1], center[2] + radius * Math.cos(angle)];
  // Looking down -z towards the centre means yawing the identity by `angle` about +y.
  const q = quat.setAxisAngle(quat.create(), [0, 1, 0], angle);
  return { position, orientation: [q[0], q[1], q[2], q[3]] };
}

/** Orbit angle after `elapsedMs`, one full turn per `msPerTurn`. */
export function orbitAngle(startAngle: number, elapsedMs: number, msPerTurn: number): number {
  return startAngle + (2 * Math.PI * elapsedMs) / msPerTurn;
}

/**
 * Camera orientation from a device's orientation (degrees), as three.js DeviceOrientationControls
 * computes it: Euler YXZ of (beta, alpha, -gamma), then -90 degrees about x (the camera looks out of
 * the back of the device), then the screen's rotation about z.
 */
export function deviceOrientationQuat(alpha: number, beta: number, gamma: number, screenAngle: number): [number, number, number, number] {
  const rad = Math.PI / 180;
  const q = quat.fromEuler(quat.create(), beta, alpha, -gamma, 'yxz');
  quat.multiply(q, q, quat.fromValues(-Math.SQRT1_2, 0, 0, Math.SQRT1_2));
  quat.multiply(q, q, quat.setAxisAngle(quat.create(), [0, 0, 1], -screenAngle * rad));
  quat.normalize(q, q);
  return [q[0], q[1], q[2], q[3]];
}
