import type { CameraPose } from '../renderer/camera';
import type { FirstStars, FirstStarsViewport } from '../renderer/firstStars';

/** What the first stars are drawn on: the backend, and whether it runs on a CPU rasteriser (its star budget is far smaller). */
export interface FirstStarsDevice {
  backend: 'webgpu' | 'webgl2';
  softwareRasteriser: boolean;
}

/** The first stars and the camera the address opens with, for a canvas whose CSS width over height is `aspect`, on `device`. */
export type FirstStarsScene = (aspect: number, device: FirstStarsDevice) => { stars: FirstStars; pose: CameraPose };

/** Draws first stars on a backend's started canvas; false when that canvas could not be had. */
export type FirstStarsPainter = (scene: FirstStarsScene) => boolean;

/**
 * Puts `canvas` on the page full window, under the page's own elements (the viewer renders over it
 * until its renderer takes it), sized in device pixels; returns the scene's stars and camera on it,
 * for a backend's painter to draw.
 */
export function firstStarsOnWindow(canvas: HTMLCanvasElement, scene: FirstStarsScene, device: FirstStarsDevice): { stars: FirstStars; pose: CameraPose; viewport: FirstStarsViewport } {
  canvas.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;display:block';
  document.body.prepend(canvas);
  const ratio = window.devicePixelRatio || 1;
  const cssWidth = window.innerWidth, cssHeight = window.innerHeight;
  const viewport = { width: Math.max(1, Math.round(cssWidth * ratio)), height: Math.max(1, Math.round(cssHeight * ratio)), cssWidth, cssHeight };
  canvas.width = viewport.width;
  canvas.height = viewport.height;
  return { ...scene(cssWidth / cssHeight, device), viewport };
}
