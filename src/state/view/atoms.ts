import { atom } from 'jotai';
import type { CameraPose, GalaxyView } from '../../scene/galaxyView';
import { defaultViewConfig, type ViewConfig } from '../../url/viewQuery';

/** The view state the address carries (docs/rules.md#url view configuration). */
export const viewConfigAtom = atom<ViewConfig>(defaultViewConfig());

/** The drawn galaxy, once the renderer is up (undefined before and after). */
export const galaxyViewAtom = atom<GalaxyView | undefined>(undefined);

export const showLinksAtom = atom(
  (get) => get(viewConfigAtom).showLinks,
  (get, set, show: boolean) => set(viewConfigAtom, { ...get(viewConfigAtom), showLinks: show }),
);

/** Star names drawn in the scene (URL key n). */
export const showNamesAtom = atom(
  (get) => get(viewConfigAtom).showNames !== false,
  (get, set, show: boolean) => set(viewConfigAtom, { ...get(viewConfigAtom), showNames: show }),
);

/** The N key: names shown or hidden. */
export const toggleNamesAtom = atom(null, (get, set) => {
  set(showNamesAtom, !get(showNamesAtom));
});

/** Slices of the view that the screen redraws on; they stay equal while only the camera moves. */
export const maxVisibleDistanceAtom = atom((get) => get(viewConfigAtom).maxVisibleDistance);
export const scaleAtom = atom((get) => get(viewConfigAtom).scale);
export const manifestVersionAtom = atom((get) => get(viewConfigAtom).manifestVersion);

/** docs/rules.md#url: toggling links flips the flag. */
export const toggleLinksAtom = atom(null, (get, set) => {
  set(showLinksAtom, !get(showLinksAtom));
});

/** Records a camera pose into the view state (the 200 ms camera save). */
export const saveCameraAtom = atom(null, (get, set, pose: CameraPose) => {
  const [x, y, z] = pose.position;
  const [qx, qy, qz, qw] = pose.orientation;
  const current = get(viewConfigAtom);
  const { pos, lookAt } = current;
  if (pos.x === x && pos.y === y && pos.z === z && lookAt.x === qx && lookAt.y === qy && lookAt.z === qz && lookAt.w === qw) return;
  set(viewConfigAtom, { ...current, pos: { x, y, z }, lookAt: { x: qx, y: qy, z: qz, w: qw } });
});

export function poseOf(view: ViewConfig): CameraPose {
  return {
    position: [view.pos.x, view.pos.y, view.pos.z],
    orientation: [view.lookAt.x, view.lookAt.y, view.lookAt.z, view.lookAt.w],
  };
}

/** Camera is currently moved by keys, touch or an orbit (hover waits until it stops). */
export const cameraMovingAtom = atom(false);
