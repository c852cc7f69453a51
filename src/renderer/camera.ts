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
    viewOfPose(this.view, this.orientation, this.position);
    mat4.perspective(this.projection, (FIELD_OF_VIEW_DEGREES * Math.PI) / 180, this.width / this.height, NEAR, this.far);
    perspectiveTimesView(this.viewProjection, this.projection, this.view);
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

/**
 * The view matrix of a camera at `position` turned by the unit quaternion `orientation`: the
 * inverse of that rigid move, its rotation transposed and the position turned back and negated.
 * Written out, where mat4.fromRotationTranslation then mat4.invert took a general 4x4 inverse:
 * run once a move, it stays in V8's interpreter, where each of the inverse's ~150 intermediate
 * numbers was a heap number (about 2 KB of garbage a frame); this makes about 40.
 */
export function viewOfPose(out: mat4, orientation: quat, position: vec3): mat4 {
  const x = orientation[0], y = orientation[1], z = orientation[2], w = orientation[3];
  const x2 = x + x, y2 = y + y, z2 = z + z;
  const xx = x * x2, xy = x * y2, xz = x * z2, yy = y * y2, yz = y * z2, zz = z * z2, wx = w * x2, wy = w * y2, wz = w * z2;
  // Column-major, as gl-matrix: out[column * 4 + row]; the rows of the rotation are its columns.
  const r00 = 1 - (yy + zz), r01 = xy - wz, r02 = xz + wy;
  const r10 = xy + wz, r11 = 1 - (xx + zz), r12 = yz - wx;
  const r20 = xz - wy, r21 = yz + wx, r22 = 1 - (xx + yy);
  const px = position[0], py = position[1], pz = position[2];
  out[0] = r00;
  out[1] = r01;
  out[2] = r02;
  out[3] = 0;
  out[4] = r10;
  out[5] = r11;
  out[6] = r12;
  out[7] = 0;
  out[8] = r20;
  out[9] = r21;
  out[10] = r22;
  out[11] = 0;
  out[12] = -(r00 * px + r10 * py + r20 * pz);
  out[13] = -(r01 * px + r11 * py + r21 * pz);
  out[14] = -(r02 * px + r12 * py + r22 * pz);
  out[15] = 1;
  return out;
}

/**
 * `projection` (a perspective one: only [0], [5], [10], [11] and [14] are not 0) times `view`, as
 * mat4.multiply gives it (the same products added in the same order; its terms with a zero factor
 * add nothing) in 28 operations instead of 112: each is a heap number in the interpreter, where
 * this stays, run once a move or a frame (see viewOfPose).
 */
export function perspectiveTimesView(out: mat4, projection: mat4, view: mat4): mat4 {
  const sx = projection[0], sy = projection[5], zz = projection[10], wz = projection[11], zw = projection[14];
  for (let column = 0; column < 16; column += 4) {
    const z = view[column + 2];
    out[column] = view[column] * sx;
    out[column + 1] = view[column + 1] * sy;
    out[column + 2] = z * zz + view[column + 3] * zw;
    out[column + 3] = z * wz;
  }
  return out;
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
