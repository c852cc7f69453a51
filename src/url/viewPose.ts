import type { CameraPose } from '../renderer/camera';
import { boundsOfBox, wholeScenePose } from '../renderer/camera';
import { addressPlacesCamera, parseViewQuery, type AddressView } from './viewQuery';

/** The camera pose a view of the address holds. */
export function poseOf(view: AddressView): CameraPose {
  return {
    position: [view.pos.x, view.pos.y, view.pos.z],
    orientation: [view.lookAt.x, view.lookAt.y, view.lookAt.z, view.lookAt.w],
  };
}

/**
 * Where a galaxy opens from the address's view query: its camera when the address places one
 * (addressPlacesCamera), else the whole galaxy in view, `bounds` being its box before the scale s
 * (as the scene does: sceneSync.ts and GalaxyScene.show).
 */
export function openingPose(query: string, bounds: { min: readonly number[]; max: readonly number[] }, aspect: number): CameraPose {
  const view = parseViewQuery(query);
  if (addressPlacesCamera(query)) return poseOf(view);
  const scaled = (corner: readonly number[]) => corner.map((v) => v * view.scale);
  const [lo, hi] = [scaled(bounds.min), scaled(bounds.max)];
  const min: [number, number, number] = [Math.min(lo[0], hi[0]), Math.min(lo[1], hi[1]), Math.min(lo[2], hi[2])];
  const max: [number, number, number] = [Math.max(lo[0], hi[0]), Math.max(lo[1], hi[1]), Math.max(lo[2], hi[2])];
  return wholeScenePose(boundsOfBox(min, max), aspect);
}
