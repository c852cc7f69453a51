import { mat4, quat, vec3, vec4 } from 'gl-matrix';
import { robustBoundingBox } from '../geometry/robustBounds';

/** Camera position plus orientation quaternion (x, y, z, w), as the address and the renderer share it. */
export interface CameraPose {
  position: [number, number, number];
  orientation: [number, number, number, number];
}

/** docs/rules.md#renderer camera defaults. */
export const FIELD_OF_VIEW_DEGREES = 45;
export const NEAR = 1;
export const DEFAULT_FAR = 20000;

export interface SceneBounds {
  center: [number, number, number];
  /** Radius of a sphere around `center` that holds every star but outliers (see robustBounds.ts). */
  radius: number;
  /** Half the longest side of the bounding box. */
  halfSize: number;
}

export function boundsOf(positions: ArrayLike<number>): SceneBounds {
  const count = positions.length / 3;
  if (count === 0) return { center: [0, 0, 0], radius: 0, halfSize: 0 };
  const { minX, minY, minZ, maxX, maxY, maxZ } = robustBoundingBox(positions, count);
  const center: [number, number, number] = [(minX + maxX) / 2, (minY + maxY) / 2, (minZ + maxZ) / 2];
  return { center, radius: Math.hypot(maxX - minX, maxY - minY, maxZ - minZ) / 2, halfSize: Math.max(maxX - minX, maxY - minY, maxZ - minZ) / 2 };
}

/** A box's corners times `scale`, ordered again (a negative scale swaps them). */
export function scaledBox(box: { min: readonly number[]; max: readonly number[] }, scale: number): { min: [number, number, number]; max: [number, number, number] } {
  const [lo, hi] = [box.min.map((v) => v * scale), box.max.map((v) => v * scale)];
  return { min: [Math.min(lo[0], hi[0]), Math.min(lo[1], hi[1]), Math.min(lo[2], hi[2])], max: [Math.max(lo[0], hi[0]), Math.max(lo[1], hi[1]), Math.max(lo[2], hi[2])] };
}

/** Bounds of a box known without its points (a tiled galaxy's whole extent, most of it not loaded). */
export function boundsOfBox(min: readonly [number, number, number], max: readonly [number, number, number]): SceneBounds {
  const center: [number, number, number] = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
  const size = [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
  return { center, radius: Math.hypot(size[0], size[1], size[2]) / 2, halfSize: Math.max(size[0], size[1], size[2]) / 2 };
}

/**
 * A perspective camera looking down its local -Z (three.js convention, which the URL's
 * lx..lw quaternion follows). The far plane grows so that no star of the scene is clipped.
 */
export class Camera {
  readonly position = vec3.create();
  readonly orientation = quat.create();
  readonly view = mat4.create();
  readonly projection = mat4.create();
  readonly viewProjection = mat4.create();
  /** Drawing-buffer size in device pixels and the CSS size of the canvas. */
  width = 1;
  height = 1;
  cssWidth = 1;
  cssHeight = 1;
  far = DEFAULT_FAR;
  private bounds: SceneBounds = { center: [0, 0, 0], radius: 0, halfSize: 0 };
  /** Kept for update(), which every move runs. */
  private readonly inverseOrientation = quat.create();
  private readonly viewTranslation = vec3.create();

  setPose(pose: CameraPose): void {
    vec3.set(this.position, ...pose.position);
    quat.set(this.orientation, ...pose.orientation);
    quat.normalize(this.orientation, this.orientation);
    if (!quat.length(this.orientation)) quat.identity(this.orientation);
    this.update();
  }

  getPose(): CameraPose {
    const p = this.position, q = this.orientation;
    return { position: [p[0], p[1], p[2]], orientation: [q[0], q[1], q[2], q[3]] };
  }

  setScene(bounds: SceneBounds): void {
    this.bounds = bounds;
    this.update();
  }

  setViewport(width: number, height: number, cssWidth: number, cssHeight: number): void {
    this.width = Math.max(1, width);
    this.height = Math.max(1, height);
    this.cssWidth = Math.max(1, cssWidth);
    this.cssHeight = Math.max(1, cssHeight);
    this.update();
  }

  update(): void {
    const distanceToCenter = vec3.distance(this.position, this.bounds.center);
    this.far = Math.max(DEFAULT_FAR, (distanceToCenter + this.bounds.radius) * 1.01);
    // The view undoes the camera's rotation and translation: the inverse rotation (the unit
    // orientation's conjugate) after -position, without a general 4x4 inverse every move.
    const inverse = quat.conjugate(this.inverseOrientation, this.orientation);
    const translation = vec3.transformQuat(this.viewTranslation, this.position, inverse);
    vec3.negate(translation, translation);
    mat4.fromRotationTranslation(this.view, inverse, translation);
    mat4.perspective(this.projection, (FIELD_OF_VIEW_DEGREES * Math.PI) / 180, this.width / this.height, NEAR, this.far);
    mat4.multiply(this.viewProjection, this.projection, this.view);
  }

  /** Projection with a 0..1 depth range (WebGPU clip space). */
  projectionZeroToOne(out: mat4): mat4 {
    return mat4.perspectiveZO(out, (FIELD_OF_VIEW_DEGREES * Math.PI) / 180, this.width / this.height, NEAR, this.far);
  }

  /** CSS-pixel position of a world point inside the canvas, or undefined when behind the camera. */
  project(x: number, y: number, z: number): { x: number; y: number } | undefined {
    const clip = vec4.transformMat4(vec4.create(), [x, y, z, 1], this.viewProjection);
    if (clip[3] <= 0) return undefined;
    return {
      x: ((clip[0] / clip[3] + 1) / 2) * this.cssWidth,
      y: ((1 - clip[1] / clip[3]) / 2) * this.cssHeight,
    };
  }

  /** Ray from the camera through a CSS-pixel point inside the canvas. */
  rayThrough(cssX: number, cssY: number): { origin: [number, number, number]; direction: [number, number, number] } {
    const ndcX = (cssX / this.cssWidth) * 2 - 1;
    const ndcY = 1 - (cssY / this.cssHeight) * 2;
    const inverse = mat4.create();
    mat4.invert(inverse, this.viewProjection);
    const far = vec4.transformMat4(vec4.create(), [ndcX, ndcY, 1, 1], inverse);
    const target = [far[0] / far[3], far[1] / far[3], far[2] / far[3]];
    const p = this.position;
    return { origin: [p[0], p[1], p[2]], direction: [target[0] - p[0], target[1] - p[1], target[2] - p[2]] };
  }

  /** Unit vector the camera looks along. */
  forward(): vec3 {
    return vec3.transformQuat(vec3.create(), [0, 0, -1], this.orientation);
  }
}

/** Orientation that looks from `from` at `to` with +Y up (falls back to +Z up when looking straight up or down). */
export function lookAtOrientation(from: ArrayLike<number>, to: ArrayLike<number>): [number, number, number, number] {
  const eye = vec3.fromValues(from[0], from[1], from[2]);
  const target = vec3.fromValues(to[0], to[1], to[2]);
  const dir = vec3.sub(vec3.create(), target, eye);
  if (vec3.length(dir) === 0) return [0, 0, 0, 1];
  vec3.normalize(dir, dir);
  const up = Math.abs(dir[1]) > 0.999 ? vec3.fromValues(0, 0, 1) : vec3.fromValues(0, 1, 0);
  // targetTo gives a world matrix whose -Z axis points from eye to target, as a camera needs.
  const m = mat4.targetTo(mat4.create(), eye, target, up);
  const q = mat4.getRotation(quat.create(), m);
  quat.normalize(q, q);
  return [q[0], q[1], q[2], q[3]];
}

/** A pose outside the scene, looking at its centre, from where the whole galaxy fits the view. */
export function wholeScenePose(bounds: SceneBounds, aspect = 1): CameraPose {
  const half = (FIELD_OF_VIEW_DEGREES * Math.PI) / 360;
  const fit = Math.min(half, Math.atan(Math.tan(half) * aspect));
  const distance = Math.max(bounds.radius, 1) / Math.sin(fit) * 1.05;
  const [cx, cy, cz] = bounds.center;
  return { position: [Math.round(cx), Math.round(cy), Math.round(cz + distance)], orientation: [0, 0, 0, 1] };
}
