import type { CameraPose } from '../renderer/camera';
import type { ConstellationRef } from '../constellations/constellations';
import type { Backend } from '../renderer/types';

/** Declared by the renderer, below the scene; named here too as the words of the scene's API. */
export type { Backend, CameraPose };

/**
 * What the UI may ask of the drawn galaxy. Implemented over the Renderer by src/scene;
 * the UI (controls, hover, selection, search highlight) talks only to this.
 */
export interface Scene {
  readonly backend: Backend;
  getCamera(): CameraPose;
  setCamera(pose: CameraPose): void;
  /** Called after each move, with no pose: a listener that wants it reads getCamera(). */
  onCameraChange(listener: () => void): () => void;
  /**
   * When the camera rests for an asker who waits `waitMs` (performance.now() time), unless it moves
   * again (docs/names.md#when-the-camera-rests); optional so that stand-in views need not have it.
   */
  cameraRestsAt?(waitMs: number): number;
  /** Half the size of the scene's bounding box (docs/rules.md#renderer: initial speed is 0.02 x this). */
  sceneHalfSize(): number;
  /** True while a fly-to animation runs. */
  isCameraAnimating(): boolean;
  /** Nearest star to the ray under a client (CSS pixel) point, within the hit threshold. */
  pick(clientX: number, clientY: number): number | undefined;
  /** Recolours and enlarges one star (undefined restores the previous one). */
  setHovered(id: number | undefined): void;
  /** Colours a set of stars (packed RGBA 0xRRGGBBAA) until cleared. */
  setHighlighted(ids: ArrayLike<number>, color: number): void;
  clearHighlighted(): void;
  /** Highlights the stars of one constellation (undefined clears it); optional so that stand-in views need not have it. */
  highlightConstellation?(constellation: ConstellationRef | undefined): void;
  /** Flies to `distance` units short of the star (position 400 ms, orientation 300 ms). */
  flyTo(id: number, options?: { distance?: number }): Promise<void>;
  /** Flies to `distance` units short of a world point (a constellation's centre), as flyTo; optional for stand-in views. */
  flyToPoint?(target: readonly [number, number, number], distance: number): Promise<void>;
  /** Client (CSS pixel) coordinates of a star, or undefined when behind the camera. */
  projectToClient(id: number): { x: number; y: number } | undefined;
  requestRender(): void;
  /**
   * A pose outside the galaxy, looking at its centre, that shows it whole: what the renderer
   * suggests for a URL without camera keys (optional so that stand-in views need not have it).
   */
  wholeGalaxyPose?(): CameraPose;
  /** New places for the same stars while a layout runs in the browser (optional for stand-in views). */
  moveStars?(positions: Float32Array): void;
  /** Star names (src/labels); optional so that stand-in views need not have them. */
  setNamesVisible?(visible: boolean): void;
  /** The selected star is always named. */
  setSelected?(id: number | undefined): void;
  /** Called when the set of named stars in view changes. */
  onNamedStarsChange?(listener: (stars: ReadonlyArray<{ id: number; name: string }>) => void): () => void;
}
