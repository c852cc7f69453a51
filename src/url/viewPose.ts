import type { CameraPose } from '../renderer/camera';
import { boundsOfBox, scaledBox, wholeScenePose } from '../renderer/camera';
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
  const { min, max } = scaledBox(bounds, view.scale);
  return wholeScenePose(boundsOfBox(min, max), aspect);
}
