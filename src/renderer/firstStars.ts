import { Camera, type CameraPose } from './camera';

/** Stars to draw before the renderer is up: world positions (scale applied) and sizes. */
export interface FirstStars {
  count: number;
  positions: Float32Array;
  sizes: Float32Array;
}

/** The canvas's size in device and CSS pixels. */
export interface FirstStarsViewport {
  width: number;
  height: number;
  cssWidth: number;
  cssHeight: number;
}

/** The camera the first stars are drawn from: the pose the address opens with, on the canvas's viewport. */
export function firstStarsCamera(pose: CameraPose, viewport: FirstStarsViewport): Camera {
  const camera = new Camera();
  camera.setViewport(viewport.width, viewport.height, viewport.cssWidth, viewport.cssHeight);
  camera.setPose(pose);
  return camera;
}
